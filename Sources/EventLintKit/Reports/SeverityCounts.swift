/// How many findings a report holds at each severity. Every format prints these numbers, so they
/// are counted once here instead of in each reporter.
public struct SeverityCounts: Sendable, Hashable {
    public var errors = 0
    public var warnings = 0
    public var infos = 0

    public init(_ findings: [Finding]) {
        for finding in findings {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
    }

    public var total: Int { errors + warnings + infos }

    /// The count for one severity.
    public subscript(severity: Severity) -> Int {
        switch severity {
        case .error: errors
        case .warning: warnings
        case .info: infos
        }
    }

    /// The closing line of text and GitHub output: `2 errors, 1 warning, 3 info`, leaving out
    /// severities with no findings, or `no findings`.
    public var tally: String {
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        if infos > 0 { parts.append("\(infos) info") }
        return parts.isEmpty ? "no findings" : parts.joined(separator: ", ")
    }

    /// `{"error":n,"warning":n,"info":n}`, always with all three keys.
    public var json: JSONOutput {
        .object([("error", .int(Int64(errors))), ("warning", .int(Int64(warnings))), ("info", .int(Int64(infos)))])
    }
}
