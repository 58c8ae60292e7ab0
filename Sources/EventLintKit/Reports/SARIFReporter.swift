/// The `sarif` format: SARIF 2.1.0 with one run, for GitHub code scanning and other SARIF
/// viewers. Rule metadata travels in `tool.driver.rules` so a viewer can show each rule's
/// documentation next to its results; locations are relative to `%SRCROOT%` (the checkout) so
/// code scanning can place them in the repository.
public struct SARIFReporter {
    /// The id of the official OASIS schema (errata01), which SARIF viewers recognise.
    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// Threads the results are built and written on, one slice each (`Slices`).
    public var jobs = 1

    public init(jobs: Int = 1) { self.jobs = jobs }

    public func render(_ document: ReportDocument) -> String {
        log(for: document).rendered(pretty: true, jobs: jobs) + "\n"
    }

    /// The whole SARIF log as a JSON value.
    public func log(for document: ReportDocument) -> JSONOutput {
        let rules = Self.descriptors(for: document)
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil {
            ruleIndex[rule.id] = index
        }
        let driver = JSONOutput.object(omittingNil: [
            ("name", .string(document.tool.name)),
            ("version", .string(document.tool.version)),
            ("informationUri", document.tool.informationURI.map { .string($0) }),
            ("rules", .array(rules.map(\.json))),
        ])
        let results = ReportDocument.sliced(document.findings, jobs: jobs) { [ruleIndex] finding in
            Self.result(for: finding, ruleIndex: ruleIndex[finding.ruleID])
        }
        let run = JSONOutput.object(omittingNil: [
            ("tool", .object([("driver", driver)])),
            ("automationDetails", .object([("id", .string("\(document.tool.name)/\(document.command.rawValue)/"))])),
            ("results", .array(results)),
            // The command's summary, as in the `json` format, in the run's property bag.
            ("properties", document.summary.map { .object([("summary", $0.json)]) }),
        ])
        return .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }

    /// One reporting descriptor per rule: the document's rules first (deduplicated by id), then
    /// a bare descriptor for any rule id a finding uses that the document did not describe, so
    /// every result can point at its rule by index.
    static func descriptors(for document: ReportDocument) -> [RuleDescriptor] {
        var seen = Set<String>()
        var descriptors: [RuleDescriptor] = []
        for rule in document.rules where seen.insert(rule.id).inserted {
            descriptors.append(RuleDescriptor(id: rule.id, rule: rule))
        }
        for finding in document.findings where seen.insert(finding.ruleID).inserted {
            descriptors.append(RuleDescriptor(id: finding.ruleID, rule: nil))
        }
        return descriptors
    }

    /// A rule as SARIF describes it; `rule` is nil when only the id is known.
    struct RuleDescriptor {
        let id: String
        let rule: Rule?

        var json: JSONOutput {
            guard let rule else { return .object([("id", .string(id))]) }
            var help = rule.documentation
            if let code = rule.ga4ValidationCode {
                help += "\n\nGA4 Measurement Protocol validation code: `\(code)`"
            }
            return .object(omittingNil: [
                ("id", .string(rule.id)),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string(rule.documentation))])),
                ("help", .object([("text", .string(help)), ("markdown", .string(help))])),
                ("defaultConfiguration", .object([("level", .string(SARIFReporter.level(rule.defaultSeverity)))])),
                (
                    "properties",
                    .object(omittingNil: [
                        ("tags", .array([.string(rule.stage.rawValue)])),
                        ("ga4ValidationCode", rule.ga4ValidationCode.map { .string($0) }),
                    ])
                ),
            ])
        }
    }

    static func result(for finding: Finding, ruleIndex: Int?) -> JSONOutput {
        let related = finding.notes.enumerated().map { index, note in
            JSONOutput.object(omittingNil: [
                ("id", .int(Int64(index))),
                ("physicalLocation", note.location.map(physicalLocation)),
                ("message", .object([("text", .string(note.message))])),
            ])
        }
        let properties: [(String, JSONOutput?)] =
            [
                ("event", finding.event.map { .string($0) }),
                ("param", finding.param.map { .string($0) }),
                ("byteOffset", finding.location.byteOffset.map { .int($0) }),
            ] + finding.triageFields
        let hasProperties = properties.contains { $0.1 != nil }
        return .object(omittingNil: [
            ("ruleId", .string(finding.ruleID)),
            ("ruleIndex", ruleIndex.map { .int(Int64($0)) }),
            ("level", .string(level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(finding.location))])])),
            ("relatedLocations", related.isEmpty ? nil : .array(related)),
            ("properties", hasProperties ? .object(omittingNil: properties) : nil),
        ])
    }

    /// SARIF's levels; `info` is a `note`.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// The artifact and region of a location. Relative paths are resolved against `%SRCROOT%`;
    /// absolute ones become `file://` URIs. The region is left out when the line is unknown and
    /// `startColumn` when the column is.
    static func physicalLocation(_ location: SourceLocation) -> JSONOutput {
        let artifact: JSONOutput
        if location.file.hasPrefix("/") {
            artifact = .object([("uri", .string("file://" + uriEncoded(location.file)))])
        } else {
            artifact = .object([
                ("uri", .string(uriEncoded(location.file))),
                ("uriBaseId", .string("%SRCROOT%")),
            ])
        }
        guard location.line >= 1 else { return .object([("artifactLocation", artifact)]) }
        let region = JSONOutput.object(omittingNil: [
            ("startLine", .int(Int64(location.line))),
            ("startColumn", location.column >= 1 ? .int(Int64(location.column)) : nil),
        ])
        return .object([("artifactLocation", artifact), ("region", region)])
    }

    /// Percent-encodes a path for a URI reference: unreserved characters and `/` stay, every other
    /// byte (spaces, `%`, `#`, `?`, non-ASCII as UTF-8, a file name's bytes that are not UTF-8)
    /// becomes `%XX`. A backslash too (`%5C`): eventlint runs where it is a character of a file
    /// name (`back\slash.json5`), not a separator.
    static func uriEncoded(_ path: String) -> String {
        var result = ""
        for byte in SystemPath.bytes(path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + JSONError.hex(byte)
            }
        }
        return result
    }
}
