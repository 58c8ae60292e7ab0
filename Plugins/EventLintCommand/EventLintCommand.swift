import Foundation
import PackagePlugin

/// The command plugin: `swift package eventlint check` (or any eventlint command and options)
/// runs the package's eventlint in the package's directory, where it finds the plan as it does
/// from a terminal. It reads only; a command that writes files (`codegen --output`, `init`)
/// needs `--allow-writing-to-package-directory`.
@main
struct EventLintCommand: CommandPlugin {
    struct Failed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "eventlint exited with status \(status)" }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "eventlint").url
        process.arguments = arguments.isEmpty ? ["check"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw Failed(status: process.terminationStatus) }
    }
}
