import EventLintKit

/// Which plan a command uses, and how it was chosen: `--schema DIR` as given, or, without it,
/// the first directory from the working directory up to the repository root (the first that
/// holds `.git`) that has a `.eventlint.json5` naming the plan, or a `schema/` holding plan files.
/// So `eventlint check` works from an app's package or target directory as from the root.
struct PlanLocation: Equatable {
    enum Origin: Equatable {
        /// `--schema DIR`.
        case option
        /// A `schema/` with plan files, in the working directory or a directory above it.
        case found
        /// A `.eventlint.json5` (at this path) named it.
        case settings(String)
        /// Nothing found: the default `schema`, which then fails to load with `searched` as help.
        case notFound(searched: String)
    }

    /// The plan directory, relative to the working directory when it was found (`../schema`).
    var directory: String
    var origin: Origin

    /// How a message names the plan and where it came from.
    var description: String {
        let shown = SystemPath.display(directory)
        switch origin {
        case .option: return "\(shown) (--schema)"
        case .found: return "\(shown) (the first schema/ with plan files from the working directory up)"
        case .settings(let file): return "\(shown) (named by \(SystemPath.display(file)))"
        case .notFound(let searched): return "\(shown) (none found: \(searched))"
        }
    }
}

enum PlanLocator {
    /// The most directories walked up: deeper than any repository, a bound on a loop over a
    /// file system that could be mounted in on itself.
    static let maxLevels = 64

    /// The plan of a command: `--schema` when given, else the search.
    static func locate(_ parsed: ParsedArguments) throws(CommandError) -> PlanLocation {
        if let directory = parsed.value("--schema") { return PlanLocation(directory: directory, origin: .option) }
        return try search()
    }

    /// The search from the working directory (`""`) upward.
    static func search(from start: String = "") throws(CommandError) -> PlanLocation {
        var prefix = start
        var previous: String?
        for _ in 0..<maxLevels {
            let here = prefix.isEmpty ? "." : prefix
            let settings = prefix + ProjectSettings.fileName
            if SystemFiles.kind(settings) != .missing {
                return PlanLocation(directory: try named(by: settings, prefix: prefix), origin: .settings(settings))
            }
            let schema = prefix + "schema"
            if SystemFiles.kind(schema) == .directory, let names = SystemFiles.list(schema),
                names.contains(where: PlanFiles.isPlanFile)
            {
                return PlanLocation(directory: schema, origin: .found)
            }
            // The repository root ends the search; so does the file system's root, where `..`
            // is the directory itself.
            if SystemFiles.kind(prefix + ".git") != .missing { break }
            let real = SystemFiles.realPath(here)
            if real == nil || real == previous || real == "/" { break }
            previous = real
            prefix += "../"
        }
        let top = prefix.isEmpty ? "the working directory" : "\(prefix.dropLast())"
        return PlanLocation(
            directory: "schema",
            origin: .notFound(
                searched:
                    "no \(ProjectSettings.fileName) or schema/ with plan files from the working directory up to \(top)"
            ))
    }

    /// The plan directory a settings file names, relative to the working directory.
    static func named(by path: String, prefix: String) throws(CommandError) -> String {
        let bytes: [UInt8]
        switch SystemFiles.contents(of: path, limit: PlanFiles.maxFileBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            throw .cannotLoad(
                LoadError(message: "cannot read \"\(SystemPath.display(path))\": \(failure.reason)"),
                what: "the settings", file: path)
        }
        let settings: ProjectSettings
        do throws(LoadError) {
            settings = try ProjectSettings.read(path: path, bytes: bytes)
        } catch {
            throw .cannotLoad(error, what: "the settings", file: path)
        }
        if settings.schema.hasPrefix("/") { return settings.schema }
        return prefix + settings.schema
    }
}
