import Foundation
import PackagePlugin

/// The build-tool plugin: an app target that lists it generates `Tracking.swift` from the
/// tracking plan on every build in which a plan file changed (`eventlint codegen swift`), and
/// compiles it with the target's own sources.
///
/// The plan is the one `eventlint` finds without `--schema`, searched from the target's
/// directory: the first `.eventlint.json5` naming it or `schema/` holding plan files, up to the
/// repository root. The plugin finds it itself because SwiftPM needs the plan files as the
/// command's inputs before anything runs.
@main
struct EventLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // Source modules are what a build-tool plugin applies to; any other kind starts at the
        // package's directory.
        let start: URL
        switch target {
        case let swift as SwiftSourceModuleTarget: start = swift.directoryURL
        case let clang as ClangSourceModuleTarget: start = clang.directoryURL
        default: start = context.package.directoryURL
        }
        return try [
            Self.command(
                tool: try context.tool(named: "eventlint").url, from: start,
                workDirectory: context.pluginWorkDirectoryURL)
        ]
    }

    static func command(tool: URL, from start: URL, workDirectory: URL) throws -> Command {
        let plan = try PlanSearch.find(from: start)
        let output = workDirectory.appendingPathComponent("Tracking.swift")
        return .buildCommand(
            displayName: "eventlint codegen swift (plan: \(plan.directory.path))",
            executable: tool,
            arguments: ["codegen", "swift", "--schema", plan.directory.path, "--output", output.path],
            inputFiles: plan.inputs, outputFiles: [output])
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same plugin in an Xcode project's target (Build Phases → Run Build Tool Plug-ins):
    /// the plan is searched from the project's directory.
    extension EventLintPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try [
                Self.command(
                    tool: try context.tool(named: "eventlint").url, from: context.xcodeProject.directoryURL,
                    workDirectory: context.pluginWorkDirectoryURL)
            ]
        }
    }
#endif

/// eventlint's plan search (`PlanLocator` in the command-line front end), for the plugin, which
/// cannot link the package's code: the same order, the same stop at the repository root.
enum PlanSearch {
    struct Found {
        var directory: URL
        /// The plan files, and the settings file that named them: what a change rebuilds on.
        var inputs: [URL]
    }

    struct NotFound: Error, CustomStringConvertible {
        var start: URL
        var description: String {
            "eventlint: no .eventlint.json5 or schema/ with plan files from \(start.path) up to the repository root"
        }
    }

    static func find(from start: URL) throws -> Found {
        let files = FileManager.default
        var directory = start.standardizedFileURL
        for _ in 0..<64 {
            let settings = directory.appendingPathComponent(".eventlint.json5")
            if files.fileExists(atPath: settings.path), let named = schema(namedBy: settings) {
                let plan = named.hasPrefix("/") ? URL(fileURLWithPath: named) : directory.appendingPathComponent(named)
                return Found(directory: plan, inputs: planFiles(in: plan) + [settings])
            }
            let schema = directory.appendingPathComponent("schema")
            let inputs = planFiles(in: schema)
            if !inputs.isEmpty { return Found(directory: schema, inputs: inputs) }
            let parent = directory.deletingLastPathComponent()
            if files.fileExists(atPath: directory.appendingPathComponent(".git").path) || parent.path == directory.path
            {
                break
            }
            directory = parent
        }
        throw NotFound(start: start)
    }

    static func planFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// The `schema` of a settings file (`{ schema: 'path' }`): eventlint itself reads it in
    /// full and reports any problem; here only the path is needed.
    static func schema(namedBy settings: URL) -> String? {
        guard let text = try? String(contentsOf: settings, encoding: .utf8) else { return nil }
        let pattern = #"["']?schema["']?\s*:\s*(?:'([^']+)'|"([^"]+)")"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        for group in [1, 2] {
            if let range = Range(match.range(at: group), in: text) { return String(text[range]) }
        }
        return nil
    }
}
