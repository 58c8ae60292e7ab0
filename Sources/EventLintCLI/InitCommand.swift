import EventLintKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `eventlint init [DIR]`: writes a small commented starter plan to `DIR/plan.json5` (default
/// `schema`) that `check` passes. It never overwrites: a directory that already holds a plan
/// file is refused.
enum InitCommand {
    static let fileName = "plan.json5"

    static func run(_ parsed: ParsedArguments) throws(CommandError) -> CommandResult {
        let directory = parsed.positionals.first ?? "schema"
        let kind = SystemFiles.kind(directory)
        if kind != .missing {
            guard kind == .directory else {
                throw .cannotWrite(path: directory, reason: "it exists and is not a directory")
            }
            let names = SystemFiles.list(directory) ?? []
            if let existing = names.filter(PlanFiles.isPlanFile).sorted().first {
                throw .cannotWrite(
                    path: directory, reason: "it already holds a plan (\(existing)); init does not overwrite")
            }
        } else if !SystemFiles.makeDirectory(directory) {
            throw .cannotWrite(path: directory, reason: "the directory cannot be created")
        }
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        // Written here, not by the executable after the run, so that success is said only once
        // the file is whole. A file that fails half-way is removed (and a directory made for it),
        // so a second `init` is not refused for a plan that is not there.
        let writer = OutputWriter(path: path, new: true)
        writer.write(StarterPlan.text)
        if let code = writer.finish() {
            if code != EEXIST {
                _ = SystemPath.withCString(path) { unlink($0) }
                if kind == .missing { _ = SystemPath.withCString(directory) { rmdir($0) } }
            }
            throw .cannotWrite(path: path, reason: OutputWriter.describe(code))
        }
        return CommandResult(
            stdout:
                "wrote \(SystemPath.shown(path)); run `eventlint check --schema \(SystemPath.shown(directory))` next\n",
            status: 0)
    }
}
