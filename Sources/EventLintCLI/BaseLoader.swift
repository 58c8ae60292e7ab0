import EventLintKit

/// Reads the plan a change is compared with (`--base`): a directory, or the plan directory as it
/// is at the merge-base of a git ref (`origin/main`, `HEAD~1`) and `HEAD`, in the repository
/// the current plan lives in — what `git diff REF...HEAD` compares, so a branch behind `main`
/// is not blamed for what `main` added since, and the merge commit of a pull request gives the
/// same answer. Files read from git are named `COMMIT:path/in/repo`, where COMMIT is the ref
/// itself when the merge-base is the ref's commit (`origin/main:schema/params.json5`) and the
/// merge-base's short hash otherwise, so a note about something removed points where it was.
public enum BaseLoader {
    /// What to do when the base ref is not there: the usual cause is a shallow CI checkout.
    static let fetchHint =
        "is the base branch fetched? fetch it (git fetch origin main), and with actions/checkout set fetch-depth: 0 so its history is there"

    /// The base's plan sources. A value naming an existing directory is read as a directory;
    /// anything else is a git ref. A ref at which the plan directory does not exist (the change
    /// that adds the plan) gives no sources: an empty plan, against which everything is additive.
    public static func readSources(base: String, schemaDirectory: String) throws(LoadError) -> [PlanSource] {
        if SystemFiles.kind(base) == .directory {
            return try PlanFiles.read(directory: base)
        }
        return try readFromGit(ref: base, schemaDirectory: schemaDirectory)
    }

    /// `git -C DIR rev-parse --show-prefix` gives the plan directory's path inside its
    /// repository; `git merge-base` the commit to read; `git ls-tree -z` (run at
    /// `--show-toplevel`, NUL-separated so no file name is quoted or lost) lists the directory
    /// there, and `git cat-file blob` reads each plan file by its object id.
    static func readFromGit(ref: String, schemaDirectory: String) throws(LoadError) -> [PlanSource] {
        guard !ref.isEmpty, !ref.hasPrefix("-") else {
            throw LoadError(message: "--base \"\(ref)\" is neither a directory nor a git ref")
        }
        guard SystemFiles.kind(schemaDirectory) == .directory else {
            throw LoadError(
                message: "plan directory \"\(schemaDirectory)\" does not exist",
                hint: "point at the plan with --schema DIR (the directory of its *.json5 files)")
        }
        let repositoryWhat = "find the git repository of \"\(schemaDirectory)\""
        // Paths git prints are the system's bytes, not necessarily UTF-8: they go back to git as
        // those bytes (`SystemPath`), never as a repaired or escaped spelling of them.
        var prefix = pathLine(try git(["-C", schemaDirectory, "rev-parse", "--show-prefix"], what: repositoryWhat))
        if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
        // ls-tree filters by the working directory's prefix, so list and read from the top level.
        let topLevel = pathLine(
            try git(["-C", schemaDirectory, "rev-parse", "--show-toplevel"], what: repositoryWhat))
        let commit: String
        do throws(LoadError) {
            commit = line(
                try git(
                    ["-C", topLevel, "rev-parse", "--verify", "--end-of-options", "\(ref)^{commit}"],
                    what: "find \"\(ref)\""))
        } catch {
            throw LoadError(
                message: "the base ref \"\(ref)\" is not a commit of this repository",
                // origin/HEAD (the remote's default branch, what the pre-commit hook compares
                // with) is set by a clone but not by `git remote add`.
                hint: ref.hasSuffix("/HEAD")
                    ? "\(ref) names the remote's default branch; set it with: git remote set-head \(ref.dropLast(5)) --auto"
                    : fetchHint)
        }
        let mergeBase: String
        do throws(LoadError) {
            mergeBase = line(
                try git(
                    ["-C", topLevel, "merge-base", commit, "HEAD"],
                    what: "find the merge-base of \"\(ref)\" and HEAD"))
        } catch {
            throw LoadError(
                message: "\(ref) and HEAD have no common commit (\(error.message))",
                hint: "a shallow clone lacks the history: " + fetchHint)
        }
        let label = mergeBase == commit ? ref : String(mergeBase.prefix(12))
        var arguments = ["-C", topLevel, "ls-tree", "-z", mergeBase]
        if !prefix.isEmpty { arguments += ["--", prefix] }
        let listing = try git(
            arguments, what: "list \"\(prefix.isEmpty ? "." : SystemPath.display(prefix))\" at \"\(ref)\"")
        var sources: [PlanSource] = []
        for entry in Self.treeEntries(listing) where entry.type == "blob" {
            // The name as the system's bytes: shown `\xFF`, and `%FF` in a SARIF URI.
            let name = SystemPath.string(entry.path)
            guard PlanFiles.isPlanFile(name) else { continue }
            let file = "\(label):\(name)"
            // A plan file that is a link is read where it leads, as in the working tree, and
            // refused the same way when that is outside the plan directory.
            let object =
                entry.mode == linkMode
                ? try linkedObject(
                    of: entry, at: mergeBase, planDirectory: prefix, topLevel: topLevel, file: file)
                : entry.object
            let bytes = try git(
                ["-C", topLevel, "cat-file", "blob", object], what: "read \"\(SystemPath.display(file))\"",
                outputLimit: PlanFiles.maxFileBytes)
            sources.append(PlanSource(path: file, bytes: bytes))
        }
        return sources.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The mode git gives a symbolic link; its blob is the link's target.
    static let linkMode = "120000"

    /// Follows a plan file that is a link (and a link it leads to, up to 8) at the merge-base, to
    /// the object of the file it names: relative to the link's directory, and inside the plan
    /// directory, as `PlanFiles` requires of the working tree.
    static func linkedObject(
        of entry: TreeEntry, at commit: String, planDirectory: String, topLevel: String, file: String
    ) throws(LoadError) -> String {
        var current = entry
        for _ in 0..<8 {
            guard current.mode == linkMode else { return current.object }
            let target = try git(
                ["-C", topLevel, "cat-file", "blob", current.object],
                what: "read the link \"\(SystemPath.display(file))\"",
                outputLimit: 4096)
            let directory = Array(
                current.path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropLast())
            guard let resolved = resolve(target, from: directory.map(Array.init)),
                resolved.starts(with: SystemPath.bytes(planDirectory))
            else {
                throw LoadError(
                    message:
                        "plan file \"\(SystemPath.display(file))\" is a link to \"\(SystemPath.display(SystemPath.string(target)))\", outside the plan directory",
                    hint: "copy the file into the plan directory instead of linking it")
            }
            let listing = try git(
                ["-C", topLevel, "ls-tree", "-z", commit, "--", SystemPath.string(resolved)],
                what: "follow the link \"\(SystemPath.display(file))\"")
            guard let next = treeEntries(listing).first(where: { $0.path == resolved }), next.type == "blob" else {
                throw LoadError(
                    message:
                        "plan file \"\(SystemPath.display(file))\" is a link to \"\(SystemPath.display(SystemPath.string(target)))\", which is not a file there"
                )
            }
            current = next
        }
        throw LoadError(message: "plan file \"\(SystemPath.display(file))\" is a chain of more than 8 links")
    }

    /// A link's target joined to the directory it is in (path components from the top level),
    /// `.` and `..` resolved; nil for an absolute target or one that climbs out of the repository.
    static func resolve(_ target: [UInt8], from directory: [[UInt8]]) -> [UInt8]? {
        guard target.first != UInt8(ascii: "/") else { return nil }
        var parts = directory
        for part in target.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(Array(part))
        }
        return Array(parts.joined(separator: [UInt8(ascii: "/")]))
    }

    /// One entry of `git ls-tree -z`: `MODE SP TYPE SP OBJECT TAB PATH NUL`, the path as raw bytes.
    struct TreeEntry {
        var mode: String
        var type: String
        var object: String
        var path: [UInt8]
    }

    static func treeEntries(_ listing: [UInt8]) -> [TreeEntry] {
        listing.split(separator: 0).compactMap { record in
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
            let fields = record[record.startIndex..<tab].split(separator: UInt8(ascii: " "))
            // Mode, type and object id are ASCII; a record where they are not is not git's.
            guard fields.count == 3, let mode = String(validating: fields[0], as: UTF8.self),
                let type = String(validating: fields[1], as: UTF8.self),
                let object = String(validating: fields[2], as: UTF8.self)
            else { return nil }
            return TreeEntry(mode: mode, type: type, object: object, path: Array(record[(tab + 1)...]))
        }
    }

    /// git's one-line answer without its line break.
    static func line(_ bytes: [UInt8]) -> String {
        trimmed(text(bytes), where: \.isNewline)
    }

    /// A path git prints on one line (`--show-prefix`, `--show-toplevel`), without its line
    /// break, as the system's bytes.
    static func pathLine(_ bytes: [UInt8]) -> String {
        SystemPath.string(bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...])
    }

    /// git's output as text, without repairing invalid UTF-8 (a path git prints that is not
    /// UTF-8 is shown escaped instead).
    static func text(_ bytes: [UInt8]) -> String {
        String(validating: bytes, as: UTF8.self) ?? bytes.withUnsafeBytes { LineIndex.escapedRendering($0) }
    }

    /// What git runs with, through env(1) (so the library itself never reads the environment):
    /// no prompt for credentials, messages in English, paths taken literally, and none of the
    /// caller's settings that would answer another question: a `GIT_DIR`, `GIT_WORK_TREE` or
    /// `GIT_COMMON_DIR` (a hook's, often relative) would point git away from the repository of the
    /// plan directory (`-C`), and the global pathspec settings make `ls-tree` refuse its path
    /// (`pathspec magic not supported`) or read it as a pattern.
    static let gitEnvironment =
        [
            // What `git rev-parse --local-env-vars` lists: settings of one repository.
            "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
            "GIT_OBJECT_DIRECTORY", "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE",
            "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_PREFIX",
            "GIT_INTERNAL_SUPER_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR",
            // Global pathspec settings, which `ls-tree` refuses or which would read a path as a pattern.
            "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS",
        ].flatMap { ["-u", $0] }
        // A path is a path: `:plan/` would otherwise be pathspec magic (`plan/` from the top).
        + ["GIT_LITERAL_PATHSPECS=1", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C"]

    /// Runs git and returns its standard output; a failure carries git's own message. An output
    /// longer than `outputLimit` bytes is an error: git is stopped there.
    static func git(_ arguments: [String], what: String, outputLimit: Int = .max) throws(LoadError) -> [UInt8] {
        let child: ChildProcess
        do throws(ChildProcessError) {
            child = try ChildProcess.run("/usr/bin/env", gitEnvironment + ["git"] + arguments, outputLimit: outputLimit)
        } catch {
            throw LoadError(message: "cannot run git to \(what): \(error.message)")
        }
        if child.outputOverflowed {
            throw LoadError(
                message:
                    "cannot \(what): it is over \(PlanFiles.describe(bytes: outputLimit)), more than a plan file may hold"
            )
        }
        guard child.termination == .exit(0) else {
            if child.termination == .exit(127) {
                throw LoadError(message: "cannot \(what): git is not installed")
            }
            let message = trimmed(text(child.errors), where: \.isWhitespace)
            throw LoadError(message: "cannot \(what): \(message.isEmpty ? "git failed" : message)")
        }
        return child.output
    }

    /// The text without the leading and trailing characters `drop` holds for.
    static func trimmed(_ text: some StringProtocol, where drop: (Character) -> Bool) -> String {
        guard let first = text.firstIndex(where: { !drop($0) }), let last = text.lastIndex(where: { !drop($0) }) else {
            return ""
        }
        return String(text[first...last])
    }
}
