/// The `json` format: one pretty-printed document whose keys always come in the same order, so
/// scripts can parse it and diffs between runs stay small. Every finding is kept, whatever
/// `maxExamples` says.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public struct JSONReporter {
    /// Threads the findings are built and written on, one slice each (`Slices`).
    public var jobs = 1

    public init(jobs: Int = 1) { self.jobs = jobs }

    public func render(_ document: ReportDocument) -> String {
        document.json(jobs: jobs).rendered(pretty: true, jobs: jobs) + "\n"
    }
}

extension ReportDocument {
    /// The report as a JSON value; `summary` is `null` when the command gave none, so the shape
    /// does not depend on the command.
    public var json: JSONOutput { json(jobs: 1) }

    /// The same, the findings built on `jobs` threads.
    public func json(jobs: Int) -> JSONOutput {
        .object([
            ("tool", .string(tool.name)),
            ("version", .string(tool.version)),
            ("command", .string(command.rawValue)),
            ("findings", .array(Self.sliced(findings, jobs: jobs, \.json))),
            ("groups", .array(Self.sliced(findingGroups, jobs: jobs, \.json))),
            ("counts", counts.json),
            ("summary", summary?.json ?? .null),
        ])
    }
}

extension ReportDocument {
    /// `transform` of every element, built on `jobs` threads in slices when there are many.
    static func sliced<Element: Sendable>(
        _ elements: [Element], jobs: Int, _ transform: @Sendable (Element) -> JSONOutput
    ) -> [JSONOutput] {
        guard jobs > 1 else { return elements.map(transform) }
        return Slices.map(count: elements.count, jobs: jobs) { range in elements[range].map(transform) }.flatMap { $0 }
    }
}

extension Finding {
    /// `{"rule","severity","message","file","line","column","byteOffset"?,"event"?,"param"?,"notes"}`.
    public var json: JSONOutput {
        .object(
            omittingNil: [
                ("rule", .string(ruleID)),
                ("severity", .string(severity.rawValue)),
                ("message", .string(message)),
                ("file", .string(SystemPath.display(location.file))),
                ("line", .int(Int64(location.line))),
                ("column", .int(Int64(location.column))),
                ("byteOffset", location.byteOffset.map { .int($0) }),
                ("event", event.map { .string($0) }),
                ("param", param.map { .string($0) }),
            ] + triageFields + [
                ("notes", .array(notes.map(\.json)))
            ])
    }

    /// The structured fields of a finding of an export line, each left out when the line does
    /// not have it: `value`, `userId`, `eventTimestamp` (microseconds), `appVersion`, `platform`,
    /// and `related` (the other lines of a pair or rule finding). JSON and SARIF's `properties`.
    var triageFields: [(String, JSONOutput?)] {
        [
            ("value", value.map { .string($0) }),
            ("userId", context.user.map { .string($0) }),
            ("eventTimestamp", context.timestamp.map { .int($0) }),
            ("appVersion", context.appVersion.map { .string($0) }),
            ("platform", context.platform.map { .string($0) }),
            (
                "related",
                context.related.isEmpty
                    ? nil
                    : .array(
                        context.related.map { location in
                            .object([
                                ("file", .string(SystemPath.display(location.file))),
                                ("line", .int(Int64(location.line))),
                                ("column", .int(Int64(location.column))),
                            ])
                        })
            ),
        ]
    }
}

extension FindingGroup {
    /// `{"rule","severity","event"?,"param"?,"count","first","last","examples","values"?,
    /// "otherValues"?,"overflow"?}`: locations as `{"file","line","column"}`.
    public var json: JSONOutput {
        func place(_ location: SourceLocation) -> JSONOutput {
            .object([
                ("file", .string(SystemPath.display(location.file))), ("line", .int(Int64(location.line))),
                ("column", .int(Int64(location.column))),
            ])
        }
        return .object(omittingNil: [
            ("rule", .string(ruleID)),
            ("severity", .string(severity.rawValue)),
            ("event", event.map { .string($0) }),
            ("param", param.map { .string($0) }),
            ("count", .int(Int64(count))),
            ("first", place(first.location)),
            ("last", place(last)),
            ("examples", .array(examples.map(place))),
            (
                "values",
                values.isEmpty
                    ? nil
                    : .array(
                        values.map {
                            .object([("value", .string($0.value)), ("count", .int(Int64($0.count)))])
                        })
            ),
            ("otherValues", otherValues > 0 ? .int(Int64(otherValues)) : nil),
            ("overflow", isOverflow ? .bool(true) : nil),
        ])
    }
}

extension FindingNote {
    /// `{"message","file"?,"line"?,"column"?,"byteOffset"?}`.
    public var json: JSONOutput {
        .object(omittingNil: [
            ("message", .string(message)),
            ("file", location.map { .string(SystemPath.display($0.file)) }),
            ("line", location.map { .int(Int64($0.line)) }),
            ("column", location.map { .int(Int64($0.column)) }),
            ("byteOffset", location?.byteOffset.map { .int($0) }),
        ])
    }
}

extension ReportSummary {
    /// The summary as one JSON object: the keyed values of sections without a key at the top,
    /// each keyed section as an object member. Only parts for machines are written.
    public var json: JSONOutput {
        var members: [(String, JSONOutput)] = []
        for section in sections {
            var sectionMembers: [(String, JSONOutput)] = []
            if let title = section.title { sectionMembers += title.keyedValues.map { ($0, $1.json) } }
            for block in section.blocks {
                switch block {
                case .sentence(let text):
                    sectionMembers += text.keyedValues.map { ($0, $1.json) }
                case .list(let list):
                    guard let key = list.key, list.audience.forMachines else { continue }
                    sectionMembers.append(
                        (key, .array(list.items.map { .object($0.keyedValues.map { ($0, $1.json) }) })))
                case .table(let table):
                    guard let key = table.key, table.audience.forMachines else { continue }
                    sectionMembers.append((key, table.json))
                }
            }
            if let key = section.key {
                members.append((key, .object(sectionMembers)))
            } else {
                members += sectionMembers
            }
        }
        return .object(members)
    }
}

extension SummaryTable {
    /// An array of row objects, or with `keyedByFirstColumn` one object of first cell → second.
    var json: JSONOutput {
        if keyedByFirstColumn, columns.count >= 2 {
            return .object(rows.map { (SummarySpelling.spell($0[0]), $0[1].json) })
        }
        let keyed = machineColumns
        // A cell with no value is left out of its row object (a sentence's is written `null`).
        return .array(
            rows.map { row in
                .object(
                    keyed.compactMap { column in
                        let value = row[column].json
                        return value == .null ? nil : (columns[column].key ?? "", value)
                    })
            })
    }
}

extension SummaryValue {
    /// Numbers stay numbers (durations in milliseconds, percentages as fractions), names become
    /// arrays, tallies objects, and `none` is `null`.
    var json: JSONOutput {
        switch self {
        case .text(let text): .string(text)
        case .integer(let number), .count(let number, _, _): .int(number)
        case .milliseconds(let milliseconds): milliseconds.map { .double($0) } ?? .null
        case .percent(let part, let total): .double(total > 0 ? Double(part) / Double(total) : 0)
        case .fraction(let fraction): .double((fraction * 1_000_000).rounded() / 1_000_000)
        case .bar(let used, let capacity): .object([("used", .int(used)), ("capacity", .int(capacity))])
        case .location(let location):
            .object([
                ("file", .string(SystemPath.display(location.file))), ("line", .int(location.line)),
                ("column", .int(location.column)),
            ])
        case .flag(let flag): .bool(flag)
        case .names(let names): .array(names.map { .string($0) })
        case .tally(let entries), .shares(let entries): .object(entries.map { ($0.name, .int($0.count)) })
        case .none: .null
        }
    }
}
