/// The `json` format: one pretty-printed document whose keys always come in the same order, so
/// scripts can parse it and diffs between runs stay small. Every finding is kept, whatever
/// `maxExamples` says.
public struct JSONReporter {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        document.json.rendered(pretty: true) + "\n"
    }
}

extension ReportDocument {
    /// The report as a JSON value; `summary` is `null` when the command gave none, so the shape
    /// does not depend on the command.
    public var json: JSONOutput {
        .object([
            ("tool", .string(tool.name)),
            ("version", .string(tool.version)),
            ("command", .string(command.rawValue)),
            ("findings", .array(findings.map(\.json))),
            ("counts", counts.json),
            ("summary", summary?.json ?? .null),
        ])
    }
}

extension Finding {
    /// `{"rule","severity","message","file","line","column","byteOffset"?,"event"?,"param"?,"notes"}`.
    public var json: JSONOutput {
        .object(omittingNil: [
            ("rule", .string(ruleID)),
            ("severity", .string(severity.rawValue)),
            ("message", .string(message)),
            ("file", .string(location.file)),
            ("line", .int(Int64(location.line))),
            ("column", .int(Int64(location.column))),
            ("byteOffset", location.byteOffset.map { .int($0) }),
            ("event", event.map { .string($0) }),
            ("param", param.map { .string($0) }),
            ("notes", .array(notes.map(\.json))),
        ])
    }
}

extension FindingNote {
    /// `{"message","file"?,"line"?,"column"?,"byteOffset"?}`.
    public var json: JSONOutput {
        .object(omittingNil: [
            ("message", .string(message)),
            ("file", location.map { .string($0.file) }),
            ("line", location.map { .int(Int64($0.line)) }),
            ("column", location.map { .int(Int64($0.column)) }),
            ("byteOffset", location?.byteOffset.map { .int($0) }),
        ])
    }
}
