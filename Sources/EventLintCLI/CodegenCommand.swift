import EventLintKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `eventlint codegen swift [--schema DIR] [--output FILE] [--check FILE]`: the plan as typed
/// Swift tracking calls (CodeGeneration/), printed, written to FILE, or compared with FILE.
enum CodegenCommand {
    static let languages = ["swift"]

    static func run(_ parsed: ParsedArguments, format: ReportFormat = .text) throws(CommandError) -> CommandResult {
        guard let language = parsed.positionals.first, languages.contains(language) else {
            throw .usage(
                UsageError(
                    "codegen writes: \(languages.joined(separator: ", ")), not \"\(parsed.positionals[0])\"",
                    command: "codegen"))
        }
        let output = parsed.value("--output")
        let check = parsed.value("--check")
        if output != nil, check != nil {
            throw .usage(UsageError("give --output or --check, not both", command: "codegen"))
        }
        var adapter: SwiftAdapter?
        if let name = parsed.value("--adapter") {
            guard let parsedAdapter = SwiftAdapter(parsing: name) else {
                let names = SwiftAdapter.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage(UsageError("--adapter takes \(names), not \"\(name)\"", command: "codegen"))
            }
            adapter = parsedAdapter
        }
        let location = try PlanLocator.locate(parsed)
        let directory = location.directory
        if let output {
            do throws(UsageError) {
                try OutputGuard.refuse(
                    writes: [.init(label: "--output \(SystemPath.display(output))", path: output)],
                    reads: OutputGuard.planFiles(directory), command: "codegen")
            } catch {
                throw .usage(error)
            }
        }
        // The fingerprint in the header and the code come from the same plan.
        let session = try PlanSession.open(location)
        let plan = try session.validPlan(schema: directory)
        let target = output ?? check ?? "FILE"
        let regenerate =
            "eventlint codegen swift --schema \(normalized(directory))"
            + (adapter.map { " --adapter \($0.rawValue)" } ?? "") + " --output \(normalized(target))"
        let generated = SwiftCodeGenerator(
            plan: plan, fingerprint: PlanFingerprint(sources: session.sources), adapter: adapter
        ).generate()
        if let check {
            // A file longer than what is generated differs from it, however long: at most one
            // byte more is read.
            let expected = Array(generated.utf8)
            switch SystemFiles.contents(of: check, limit: expected.count) {
            case .success(let bytes) where bytes == expected: return CommandResult(status: 0)
            case .success, .failure(.tooLarge): break
            case .failure(.cannotOpen(ENOENT)): throw .input(.notFound(path: check))
            case .failure(let failure):
                throw .cannotLoad(
                    LoadError(message: "cannot read \"\(SystemPath.display(check))\": \(failure.reason)"),
                    what: "the generated file", file: check)
            }
            let message =
                "\(SystemPath.shown(check)) is not what the plan generates; regenerate it: \(VisibleText.of(SystemPath.display(regenerate)))"
            if format == .xcode {
                return CommandResult(
                    stderr: XcodeReporter(workingDirectory: SystemFiles.realPath(".")).line(
                        SourceLocation(file: check, line: 1), "error", message), status: 1)
            }
            return CommandResult(stderr: "error: \(message)\n", status: 1)
        }
        if let output { return CommandResult(status: 0, files: [OutputFile(path: output, contents: generated)]) }
        return CommandResult(stdout: generated, status: 0)
    }

    /// A path as the header names it: without `./` in front or `/` at the end, so the same
    /// directory spelt two ways gives the same file.
    static func normalized(_ path: String) -> String {
        var text = path
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
