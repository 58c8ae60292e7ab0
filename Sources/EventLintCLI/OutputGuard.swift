import EventLintKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one check that a run writes no file twice and over nothing it reads, made before anything
/// is read or written: two outputs naming one file (`--output json=a --output sarif=./a`, or the
/// rejects file and a report) would leave only the last one written, and an output naming an
/// input (an export, a plan file, a registered-definitions file) would destroy it, and an output
/// naming the file standard output goes to would overwrite or interleave the report there. Paths
/// name the same file when they are the same text, the same device and inode (links, `./a`, hard
/// links), or, for files not there yet, the same name in the same resolved directory.
enum OutputGuard {
    /// A file the command writes or reads, with how the command line named it.
    struct NamedFile {
        var label: String
        var path: String
    }

    /// Refuses the run when two of `writes` are one file, or one of them is one of `reads`, or
    /// the file standard output already goes to (`> report.txt` and `--output json=report.txt`,
    /// `/dev/stdout`, `/proc/self/fd/1`): the report on standard output and the file would
    /// overwrite or interleave each other.
    static func refuse(writes: [NamedFile], reads: [String], command: String) throws(UsageError) {
        let standardOutput = standardOutputFile()
        for (index, output) in writes.enumerated() {
            if let standardOutput, isFile(output.path, standardOutput) {
                throw UsageError(
                    "\(output.label) is the file standard output goes to; choose another file (--output FORMAT=- writes a report to standard output)",
                    command: command)
            }
            if let earlier = writes[..<index].first(where: { sameFile($0.path, output.path) }) {
                throw UsageError(
                    "\(earlier.label) and \(output.label) write the same file; choose another for one of them",
                    command: command)
            }
            if let input = reads.first(where: { sameFile($0, output.path) }) {
                throw UsageError(
                    "\(output.label) is an input (\(input == "-" ? "standard input" : SystemPath.display(input))); choose another file",
                    command: command)
            }
        }
    }

    /// The files of a report command's run: the plan's (and a base directory's), the exports of
    /// `lint`, the registered definitions of `budget`; what it writes: every `--output` file, the
    /// rejects file and the timings file.
    static func check(_ parsed: ParsedArguments, command: ReportCommand, outputs: ReportOutputs) throws(UsageError) {
        var reads = planFiles((try? PlanLocator.locate(parsed))?.directory ?? "schema")
        if let base = parsed.value("--base") { reads += planFiles(base) }
        switch command {
        case .lint: reads += try LintCommand.expand(parsed.positionals)
        case .budget: reads += directoryFiles(parsed.all("--registered") + parsed.positionals) { $0.hasSuffix(".json") }
        case .check: break
        }
        var writes = outputs.files.map { NamedFile(label: "--output \(SystemPath.display($0.path))", path: $0.path) }
        if command == .lint, let rejects = parsed.value("--rejects") {
            writes.insert(NamedFile(label: "--rejects \(SystemPath.display(rejects))", path: rejects), at: 0)
        }
        if command == .lint, let timings = parsed.value("--timings") {
            writes.append(NamedFile(label: "--timings \(SystemPath.display(timings))", path: timings))
        }
        try refuse(writes: writes, reads: reads, command: parsed.command)
    }

    /// The plan files of a plan directory (none when it is not one: it fails later, on its own).
    static func planFiles(_ directory: String) -> [String] {
        directoryFiles([directory], PlanFiles.isPlanFile)
    }

    /// Each path, a directory standing for its files whose names `wanted` holds for.
    static func directoryFiles(_ paths: [String], _ wanted: (String) -> Bool) -> [String] {
        paths.flatMap { path -> [String] in
            guard SystemFiles.kind(path) == .directory else { return [path] }
            return (SystemFiles.list(path) ?? []).filter(wanted)
                .map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
        }
    }

    /// Whether two paths name the same file: the same text; the same device and inode when both
    /// are there (`-` is standard input: what descriptor 0 is, `--rejects X - < X`); the same
    /// name in the same resolved directory when neither is.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        var a = stat()
        var b = stat()
        let firstThere = (first == "-" ? fstat(0, &a) : SystemPath.withCString(first) { stat($0, &a) }) == 0
        let secondThere = (second == "-" ? fstat(0, &b) : SystemPath.withCString(second) { stat($0, &b) }) == 0
        if firstThere && secondThere { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
        guard !firstThere, !secondThere, first != "-", second != "-" else { return false }
        guard let firstName = resolvedName(first), let secondName = resolvedName(second) else { return false }
        return firstName == secondName
    }

    /// The device and inode of what descriptor 1 is, when writing a file there too would clash
    /// with it: a regular file, a pipe or a socket. A terminal or `/dev/null` (character
    /// devices) takes two reports one after the other without harm.
    static func standardOutputFile() -> stat? {
        var status = stat()
        guard fstat(1, &status) == 0, status.st_mode & S_IFMT != S_IFCHR else { return nil }
        return status
    }

    /// Whether `path` is there and is the file `file` describes.
    static func isFile(_ path: String, _ file: stat) -> Bool {
        var status = stat()
        guard path != "-", SystemPath.withCString(path, { stat($0, &status) }) == 0 else { return false }
        return status.st_dev == file.st_dev && status.st_ino == file.st_ino
    }

    /// A path not there yet as its directory's resolved path and its last name.
    private static func resolvedName(_ path: String) -> String? {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while parts.count > 1, parts.last == "" { parts.removeLast() }
        guard let name = parts.popLast(), !name.isEmpty, name != ".", name != ".." else { return nil }
        let directory = parts.isEmpty ? "." : (parts == [""] ? "/" : parts.joined(separator: "/"))
        guard let resolved = SystemFiles.realPath(directory) else { return nil }
        return (resolved.hasSuffix("/") ? resolved : resolved + "/") + name
    }
}
