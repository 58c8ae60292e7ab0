import EventLintKit

/// Reads plan files from disk: the front end's half of getting a plan (the core builds a
/// `PlanSession` from the bytes).
enum PlanFiles {
    /// The most a plan file, or a registered-definitions file, may hold: far more than any
    /// tracking plan (the shipped one is a few KiB a file), and a bound on what is read.
    static let maxFileBytes = 16 << 20

    /// A size as messages give it: bytes, KiB or MiB (to a tenth). Any size a file system
    /// reports, up to `Int.max`: the tenths are worked out from the remainder, so nothing
    /// overflows.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 20 {
            let tenths = (bytes % (1 << 20) * 10 + (1 << 19)) >> 20
            let whole = bytes >> 20 + tenths / 10
            return "\(whole).\(tenths % 10) MiB"
        }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Whether a file of a plan directory is a plan file: its name ends in `.json` or `.json5`.
    static func isPlanFile(_ name: String) -> Bool { name.hasSuffix(".json") || name.hasSuffix(".json5") }

    /// The `.json`/`.json5` files of a directory, in name order.
    static func read(directory: String) throws(LoadError) -> [PlanSource] {
        let shown = SystemPath.display(directory)
        switch SystemFiles.kind(directory) {
        case .missing:
            throw LoadError(
                message: "plan directory \"\(shown)\" does not exist",
                hint: "point at the plan with --schema DIR (the directory of its *.json5 files)")
        case .directory: break
        case .regularFile, .other:
            throw LoadError(
                message: "plan path \"\(shown)\" is not a directory",
                hint: "--schema takes the directory that holds the plan's *.json5 files")
        }
        guard let names = SystemFiles.list(directory) else {
            throw LoadError(message: "cannot list plan directory \"\(shown)\"")
        }
        let planFiles = names.filter(isPlanFile).sorted()
        guard !planFiles.isEmpty else {
            throw LoadError(message: "no plan files (*.json, *.json5) in \"\(shown)\"")
        }
        var sources: [PlanSource] = []
        let realDirectory = SystemFiles.realPath(directory)
        for name in planFiles {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            // A plan file that is a link out of the plan directory would let a change outside
            // `schema/` (or outside the repository) alter the plan without touching it.
            if let realDirectory, let target = SystemFiles.realPath(path), !target.hasPrefix(realDirectory + "/") {
                throw LoadError(
                    message:
                        "plan file \"\(SystemPath.display(path))\" is a link to \"\(SystemPath.display(target))\", outside the plan directory",
                    hint: "copy the file into the plan directory instead of linking it")
            }
            switch SystemFiles.contents(of: path, limit: maxFileBytes) {
            case .success(let bytes): sources.append(PlanSource(path: path, bytes: bytes))
            case .failure(let failure):
                throw LoadError(
                    message: "cannot read plan file \"\(SystemPath.display(path))\": \(failure.reason)",
                    hint: failure == .notARegularFile || failure.isTooLarge
                        ? "a plan file is a regular file of at most \(describe(bytes: maxFileBytes))" : nil)
            }
        }
        return sources
    }
}

extension PlanSession {
    /// The session every command starts from: the plan in `schema`, and with `base` the plan
    /// before the change (a directory or a git ref).
    static func open(schema: String, base: String? = nil) throws(CommandError) -> PlanSession {
        try open(PlanLocation(directory: schema, origin: .option), base: base)
    }

    /// The session of a located plan. A plan that was searched for is named in the error when
    /// it cannot be loaded, and a search that found none says where it looked.
    static func open(_ location: PlanLocation, base: String? = nil) throws(CommandError) -> PlanSession {
        let schema = location.directory
        let sources: [PlanSource]
        do throws(LoadError) {
            sources = try PlanFiles.read(directory: schema)
        } catch {
            var error = error
            var what = PlanSession.Part.plan.rawValue
            switch location.origin {
            case .option: break
            case .found, .settings: what += " " + location.description
            case .notFound(let searched):
                error = LoadError(
                    message: "no plan found: \(searched)",
                    hint:
                        "give the plan directory with --schema DIR, or name it in \(ProjectSettings.fileName) at the repository root ({ schema: 'path/to/plan' })"
                )
            }
            throw .cannotLoad(error, what: what, file: schema)
        }
        var baseSources: [PlanSource]?
        if let base {
            do throws(LoadError) {
                baseSources = try BaseLoader.readSources(base: base, schemaDirectory: schema)
            } catch {
                throw .cannotLoad(error, what: PlanSession.Part.basePlan.rawValue, file: schema)
            }
        }
        do throws(PlanSession.Failure) {
            return try PlanSession(sources: sources, baseSources: baseSources)
        } catch {
            if case .cannotLoad(let loadError, .plan) = error, location.origin != .option {
                throw .cannotLoad(loadError, what: "the plan " + location.description, file: schema)
            }
            throw CommandError.from(error, schema: schema)
        }
    }

    /// The plan for a command that runs on it; a plan with errors stops the command.
    func validPlan(schema: String) throws(CommandError) -> Plan {
        do throws(PlanSession.Failure) {
            return try validPlan()
        } catch {
            throw CommandError.from(error, schema: schema)
        }
    }
}

/// Source lines of plan and registered files for the text report's excerpts.
struct SourceLines {
    let indexes: [String: ([UInt8], LineIndex)]

    init(_ sources: [PlanSource]) {
        var indexes: [String: ([UInt8], LineIndex)] = [:]
        for source in sources { indexes[source.path] = (source.bytes, LineIndex(source.bytes)) }
        self.indexes = indexes
    }

    func line(_ number: Int, of file: String) -> String? {
        guard let (bytes, index) = indexes[file] else { return nil }
        return bytes.withUnsafeBytes { index.lineText(number, in: $0) }
    }
}
