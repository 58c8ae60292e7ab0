import EventLintTestSupport
import Foundation
import Testing

/// ARCHITECTURE.md stays true to the code: it names every folder of the core and every target of
/// `Sources/`; every path it gives (in backticks, in a code block or as a link) exists and stays
/// inside the repository; every Swift file, test suite, test and fuzz target it names exists; and
/// the files of its fast-code table are exactly the files whose comments point to it, every file
/// that turns dynamic exclusivity checks off among them.
@Suite struct ArchitectureDocTests {
    static let pointer = "ARCHITECTURE.md, \"The fast code\""

    static func document() throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    }

    /// The text outside fenced code blocks, and the lines inside them.
    static func split(_ text: String) -> (prose: String, code: [String]) {
        var prose: [String] = []
        var code: [String] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock {
                code.append(String(line))
            } else {
                prose.append(String(line))
            }
        }
        return (prose.joined(separator: "\n"), code)
    }

    /// The contents of every `…` span of `prose`.
    static func spans(_ prose: String) -> [String] {
        matches(of: "`([^`\n]+)`", in: prose)
    }

    /// The targets of every `[text](target)` link of `prose`, without an anchor.
    static func links(_ prose: String) -> [String] {
        matches(of: #"\]\(([^)\s]+)\)"#, in: prose).map { String($0.split(separator: "#").first ?? "") }
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Whether a word reads as a path in the repository: relative, with a `/`, and a file of a
    /// kind the docs name or a path into one of the repository's own folders.
    static func looksLikeRepositoryPath(_ word: String) -> Bool {
        guard word.contains("/"), !word.hasPrefix("/"), !word.hasPrefix("$"), !word.contains("://") else {
            return false
        }
        let kinds = [".swift", ".md", ".sh", ".py"]
        let folders = ["Sources/", "Tests/", "bench/", "fuzz/", "docs/", "samples/", "schema/", ".ci/", "../"]
        return kinds.contains { word.hasSuffix($0) } || folders.contains { word.hasPrefix($0) }
    }

    /// Whether a path exists under the repository root; for a glob, its folder.
    static func exists(_ path: String) -> Bool {
        var path = path
        if let star = path.firstIndex(of: "*") {
            path = String(path[..<star])
            if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        }
        return FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent(path).path)
    }

    /// Every file and folder under `folder` of the repository, relative to the root, leaving
    /// out hidden ones (build products, fuzzing work).
    static func entries(under folder: String) -> [(path: String, isFolder: Bool)] {
        let base = Repository.root.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [(path: String, isFolder: Bool)] = []
        while let relative = walk.nextObject() as? String {
            if relative.split(separator: "/").last?.hasPrefix(".") == true {
                walk.skipDescendants()
                continue
            }
            var isFolder: ObjCBool = false
            let path = base.appendingPathComponent(relative).path
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            found.append((folder + "/" + relative, isFolder.boolValue))
        }
        return found
    }

    /// The Swift files under `folder`, relative to the root.
    static func swiftFiles(under folder: String) -> [String] {
        entries(under: folder).filter { !$0.isFolder && $0.path.hasSuffix(".swift") }.map(\.path)
    }

    /// The folders under `folder`, relative to it.
    static func folders(under folder: String) -> [String] {
        entries(under: folder).filter(\.isFolder).map { String($0.path.dropFirst(folder.count + 1)) }.sorted()
    }

    @Test func itNamesEveryFolderOfTheCoreAndEveryTarget() throws {
        let prose = Self.split(try Self.document()).prose
        let named = Set(Self.spans(prose))
        let linked = Self.links(prose)
        let core = Self.folders(under: "Sources/EventLintKit")
        #expect(core.contains("StreamChecks/Running"), "the folders of the core are found")
        for folder in core {
            let path = "Sources/EventLintKit/" + folder
            let mentioned = named.contains(folder) || linked.contains { $0.hasPrefix(path + "/") }
            #expect(mentioned, "ARCHITECTURE.md does not name the folder \(folder) of Sources/EventLintKit")
        }
        for target in Self.folders(under: "Sources") where !target.contains("/") {
            let mentioned = named.contains { $0 == "Sources/" + target || $0.hasPrefix("Sources/" + target + "/") }
            #expect(mentioned, "ARCHITECTURE.md does not name Sources/\(target)")
        }
    }

    @Test func itNamesEveryTestTargetAndSupportFolder() throws {
        let named = Set(Self.spans(Self.split(try Self.document()).prose))
        let folders = Self.folders(under: "Tests").filter { !$0.contains("/") }
        #expect(folders.contains("EventLintToolTests"), "the test folders are found")
        for folder in folders {
            let mentioned = named.contains { $0 == "Tests/" + folder || $0.hasPrefix("Tests/" + folder + "/") }
            #expect(mentioned, "ARCHITECTURE.md does not name Tests/\(folder)")
        }
    }

    @Test func everyPathItGivesExistsInTheRepository() throws {
        let (prose, code) = Self.split(try Self.document())
        // A span that wraps is not read as one: keep each on its line.
        let wrapped = prose.split(separator: "\n").filter { $0.filter { $0 == "`" }.count % 2 == 1 }
        #expect(wrapped.isEmpty, "lines with a span that wraps: \(wrapped)")
        let words = (Self.spans(prose) + code).flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        let paths = words.filter(Self.looksLikeRepositoryPath)
        #expect(paths.count > 10, "the paths are found")
        let links = Self.links(prose).filter { !$0.contains("://") }
        #expect(links.count > 10, "the links are found")
        for path in paths + links {
            let inside = !path.hasPrefix("../") && !path.contains("/../")
            #expect(inside, "ARCHITECTURE.md names \(path), outside the repository")
            let exists = Self.exists(path)
            #expect(exists, "ARCHITECTURE.md names \(path), which does not exist")
        }
    }

    @Test func everyFileSuiteTestAndFuzzTargetItNamesExists() throws {
        let names = Self.spans(Self.split(try Self.document()).prose)
        let swiftFiles = Set(
            ["Sources", "Tests", "fuzz", "bench"].flatMap(Self.swiftFiles(under:))
                .map { String($0.split(separator: "/").last ?? "") })
        let fileNames = names.filter { $0.range(of: #"^[A-Za-z0-9_+]+\.swift$"#, options: .regularExpression) != nil }
        #expect(fileNames.count > 20, "the file names are found")
        for name in fileNames {
            let known = swiftFiles.contains(name)
            #expect(known, "ARCHITECTURE.md names \(name), which is no file of the repository")
        }
        let texts = try ["Tests/EventLintKitTests", "Tests/EventLintToolTests"].flatMap(Self.swiftFiles(under:)).map {
            try String(contentsOf: Repository.root.appendingPathComponent($0), encoding: .utf8)
        }
        let tests = names.filter {
            $0.range(of: #"^[A-Z][A-Za-z0-9]*Tests(\.[a-z][A-Za-z0-9]*)?$"#, options: .regularExpression) != nil
        }
        #expect(tests.count > 20, "the test names are found")
        for name in tests {
            let parts = name.split(separator: ".").map(String.init)
            let suite = texts.first { $0.range(of: "struct \(parts[0])\\b", options: .regularExpression) != nil }
            let declared = suite != nil
            #expect(declared, "ARCHITECTURE.md names the suite \(parts[0]), which no test file declares")
            if let suite, parts.count == 2 {
                let found = suite.contains("func \(parts[1])(")
                #expect(found, "ARCHITECTURE.md names the test \(name), which is not there")
            }
        }
        for target in names.filter({ $0.range(of: #"^Fuzz[A-Z][A-Za-z]+$"#, options: .regularExpression) != nil }) {
            #expect(Self.exists("fuzz/Sources/" + target), "ARCHITECTURE.md names the fuzz target \(target)")
        }
    }

    /// The table of "The fast code" names the files of each fast path; those are the files whose
    /// comments send a reader there, and a file that skips dynamic exclusivity checks is one.
    @Test func theFastCodeTableListsTheFilesThatPointToIt() throws {
        let text = try Self.document()
        let section = try #require(text.components(separatedBy: "\n## The fast code\n").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        var listed = Set<String>()
        for row in section.split(separator: "\n") where row.hasPrefix("| ") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 2 else { continue }
            listed.formUnion(Self.spans(String(cells[2])).filter { $0.hasSuffix(".swift") })
        }
        #expect(listed.count > 20, "the table's files are found")
        var pointing = Set<String>()
        var unchecked = Set<String>()
        for path in Self.swiftFiles(under: "Sources") {
            let source = try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
            let name = String(path.split(separator: "/").last ?? "")
            if source.contains(Self.pointer) { pointing.insert(name) }
            if source.contains("@exclusivity(unchecked)") { unchecked.insert(name) }
        }
        #expect(
            listed.subtracting(pointing).sorted() == [],
            "files of the fast-code table whose comments do not point to ARCHITECTURE.md")
        #expect(
            pointing.subtracting(listed).sorted() == [],
            "files that point to ARCHITECTURE.md's fast code but are not in its table")
        #expect(
            unchecked.subtracting(listed).sorted() == [],
            "files with @exclusivity(unchecked) that are not in the fast-code table")
    }
}
