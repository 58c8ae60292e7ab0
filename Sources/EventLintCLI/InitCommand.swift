import EventLintKit

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
            if let existing = names.filter({ $0.hasSuffix(".json") || $0.hasSuffix(".json5") }).sorted().first {
                throw .cannotWrite(
                    path: directory, reason: "it already holds a plan (\(existing)); init does not overwrite")
            }
        } else if !SystemFiles.makeDirectory(directory) {
            throw .cannotWrite(path: directory, reason: "the directory cannot be created")
        }
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        return CommandResult(
            stdout: "wrote \(path); run `eventlint check --schema \(directory)` next\n", status: 0,
            files: [OutputFile(path: path, contents: StarterPlan.text)])
    }
}
