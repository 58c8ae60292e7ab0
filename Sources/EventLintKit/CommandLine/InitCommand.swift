import Foundation

/// `eventlint init [DIR]`: writes a small commented starter plan to `DIR/plan.json5` (default
/// `schema`) that `check` passes. It never overwrites: a directory that already holds a plan
/// file is refused.
enum InitCommand {
    static let spec = OptionSpec(valued: [], flags: [], positionals: 0...1)
    static let fileName = "plan.json5"

    static func run(_ arguments: [String]) throws(UsageError) -> CommandResult {
        if let help = EventLintCLI.helpRequested(arguments, command: "init") { return help }
        let parsed = try ArgumentParser.parse(arguments, spec: spec, command: "init")
        let directory = parsed.positionals.first ?? "schema"
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                return CommandResult(stderr: "error: \"\(directory)\" exists and is not a directory\n", status: 2)
            }
            let names = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
            if let existing = names.filter({ $0.hasSuffix(".json") || $0.hasSuffix(".json5") }).sorted().first {
                return CommandResult(
                    stderr: "error: \"\(directory)\" already holds a plan (\(existing)); init does not overwrite\n",
                    status: 2)
            }
        } else {
            do {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                return CommandResult(stderr: "error: cannot create \"\(directory)\"\n", status: 2)
            }
        }
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        return CommandResult(
            stdout: "wrote \(path); run `eventlint check --schema \(directory)` next\n", status: 0,
            files: [OutputFile(path: path, contents: StarterPlan.text)])
    }
}
