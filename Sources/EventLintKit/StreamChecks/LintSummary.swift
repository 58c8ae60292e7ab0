/// The report of what the stream held: line accounting, events, pairs, rules and Inspector-style
/// statistics. Reporters print it after the findings.
public struct LintSummary: ReportSummary {
    public let result: LintResult

    public init(result: LintResult) { self.result = result }

    var counters: StreamCounters { result.counters }
    var plan: Plan { result.plan.plan }

    /// A required param missing on part of an event's occurrences.
    struct MissingStatistic {
        var event: String
        var param: String
        var missing: Int
        var total: Int
    }

    /// A param whose wire type varies.
    struct TypeStatistic {
        var event: String
        var param: String
        var shares: [(String, Int)]
        var total: Int
    }

    var missingStatistics: [MissingStatistic] {
        var list: [MissingStatistic] = []
        for (eventIndex, event) in plan.events.enumerated() where counters.perEvent[eventIndex] > 0 {
            for (paramIndex, param) in plan.params.enumerated() {
                let missing = counters.missing[eventIndex * plan.params.count + paramIndex]
                if missing > 0 {
                    list.append(MissingStatistic(event: event.name, param: param.name, missing: missing,
                                                 total: counters.perEvent[eventIndex]))
                }
            }
        }
        return list
    }

    static let wireNames = ["string", "int", "double", "bool", "other"]

    var typeStatistics: [TypeStatistic] {
        var list: [TypeStatistic] = []
        for (eventIndex, event) in plan.events.enumerated() {
            for (paramIndex, param) in plan.params.enumerated() {
                let base = (eventIndex * plan.params.count + paramIndex) * StreamCounters.wireKindCount
                let shares = (0..<StreamCounters.wireKindCount).compactMap { kind -> (String, Int)? in
                    let count = counters.wireKinds[base + kind]
                    return count > 0 ? (Self.wireNames[kind], count) : nil
                }
                if shares.count > 1 {
                    list.append(TypeStatistic(event: event.name, param: param.name,
                                              shares: shares.sorted { $0.1 > $1.1 }, total: shares.reduce(0) { $0 + $1.1 }))
                }
            }
        }
        return list
    }

    static func percent(_ part: Int, _ total: Int) -> String {
        guard total > 0 else { return "0 %" }
        let tenths = Int((Double(part) * 1000 / Double(total)).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) %" : "\(tenths / 10).\(tenths % 10) %"
    }

    static func seconds(_ milliseconds: Double?) -> String {
        guard let milliseconds else { return "–" }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        return "\(String(format2: milliseconds / 1000).dropFirst(2)) s"
    }

    var accounting: String {
        if counters.linesRead == 0 { return "lines read: 0 (the input is empty)" }
        let notAnalytics = counters.notAnalyticsLines > 0 ? " + not analytics \(counters.notAnalyticsLines)" : ""
        return "lines read: \(counters.linesRead) = valid \(counters.validLines) + invalid \(counters.invalidLines) + blank \(counters.blankLines)" + notAnalytics
    }

    var eventLine: String {
        var text = "events checked: \(counters.eventsChecked) (plan \(counters.perEvent.reduce(0, +)), GA4 automatic \(counters.automaticEvents), unknown \(counters.unknownEvents))"
        if counters.notEvents > 0 { text += "; not events: \(counters.notEvents)" }
        let formats = InputFormat.allCases.compactMap { format in counters.formats[format].map { "\(format.rawValue) \($0)" } }
        if !formats.isEmpty { text += "; formats: " + formats.joined(separator: ", ") }
        return text
    }

    func pairLine(_ pair: PairStatistics) -> String {
        let outcomes = pair.closedByOutcome.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let closed = pair.closedByOutcome.values.reduce(0, +)
        var text = "\(pair.name): opened \(pair.opened), closed \(closed)"
        if !outcomes.isEmpty { text += " (\(outcomes))" }
        text += ", unclosed \(pair.unclosed + pair.unclosedNearEnd)"
        if pair.unclosedNearEnd > 0 { text += " (\(pair.unclosedNearEnd) near the end of the stream)" }
        text += ", orphan closes \(pair.orphanCloses)"
        if !pair.durationsMs.isEmpty {
            text += ", duration median \(Self.seconds(pair.percentile(0.5))), p90 \(Self.seconds(pair.percentile(0.9)))"
        }
        return text
    }

    public var textLines: [String] {
        var lines = ["", accounting, eventLine]
        if !result.pairs.isEmpty {
            lines.append("pairs:")
            lines += result.pairs.map { "  " + pairLine($0) }
        }
        if !plan.rules.isEmpty {
            lines.append("rules:")
            for (index, rule) in plan.rules.enumerated() {
                let count = result.ruleViolations[index]
                lines.append("  \(rule.name): \(count) \(count == 1 ? "violation" : "violations")")
            }
        }
        let missing = missingStatistics
        let types = typeStatistics
        if !missing.isEmpty || !types.isEmpty {
            lines.append("stream statistics:")
            for item in missing {
                lines.append("  required param sometimes missing: \"\(item.event)\".\(item.param) in \(Self.percent(item.missing, item.total)) (\(item.missing) of \(item.total))")
            }
            for item in types {
                let shares = item.shares.map { "\($0.0) \(Self.percent($0.1, item.total))" }.joined(separator: " / ")
                lines.append("  type inconsistent: \"\(item.event)\".\(item.param): \(shares)")
            }
        }
        let seen = plan.events.enumerated().filter { counters.perEvent[$0.offset] > 0 }
        if !seen.isEmpty || !counters.unknownNames.isEmpty {
            lines.append("events:")
            for (index, event) in seen { lines.append("  \(event.name) \(counters.perEvent[index])") }
            for (name, count) in counters.unknownNames.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(name) \(count) (not in the plan)")
            }
        }
        return lines
    }

    public var markdown: String {
        var text = "### Stream\n\n\(accounting)  \n\(eventLine)\n"
        if !result.pairs.isEmpty {
            text += "\n| pair | opened | closed | outcomes | unclosed | near end | orphan closes | median | p90 |\n|---|---:|---:|---|---:|---:|---:|---:|---:|\n"
            for pair in result.pairs {
                let outcomes = pair.closedByOutcome.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                    .joined(separator: ", ")
                text += "| \(pair.name) | \(pair.opened) | \(pair.closedByOutcome.values.reduce(0, +)) | \(outcomes) | \(pair.unclosed + pair.unclosedNearEnd) | \(pair.unclosedNearEnd) | \(pair.orphanCloses) | \(Self.seconds(pair.percentile(0.5))) | \(Self.seconds(pair.percentile(0.9))) |\n"
            }
        }
        if !plan.rules.isEmpty {
            text += "\n| rule | violations |\n|---|---:|\n"
            for (index, rule) in plan.rules.enumerated() { text += "| \(rule.name) | \(result.ruleViolations[index]) |\n" }
        }
        let missing = missingStatistics
        let types = typeStatistics
        if !missing.isEmpty || !types.isEmpty {
            text += "\n**Stream statistics**\n\n"
            for item in missing {
                text += "- required param sometimes missing: `\(item.event)`.`\(item.param)` in \(Self.percent(item.missing, item.total))\n"
            }
            for item in types {
                text += "- type inconsistent: `\(item.event)`.`\(item.param)`: "
                    + item.shares.map { "\($0.0) \(Self.percent($0.1, item.total))" }.joined(separator: " / ") + "\n"
            }
        }
        return text
    }

    public var json: JSONOutput {
        let pairs: [JSONOutput] = result.pairs.map { pair in
            .object(omittingNil: [
                ("name", .string(pair.name)), ("opened", .int(pair.opened)),
                ("closed", .int(pair.closedByOutcome.values.reduce(0, +))),
                ("closedByOutcome", .object(pair.closedByOutcome.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                ("unclosed", .int(pair.unclosed + pair.unclosedNearEnd)), ("unclosedNearEnd", .int(pair.unclosedNearEnd)),
                ("orphanCloses", .int(pair.orphanCloses)),
                ("durationMedianMs", pair.percentile(0.5).map { .double($0) }),
                ("durationP90Ms", pair.percentile(0.9).map { .double($0) }),
            ])
        }
        let rules: [(String, JSONOutput)] = plan.rules.enumerated().map { ($0.element.name, .int(result.ruleViolations[$0.offset])) }
        let events: [(String, JSONOutput)] = plan.events.enumerated().filter { counters.perEvent[$0.offset] > 0 }
            .map { ($0.element.name, .int(counters.perEvent[$0.offset])) }
        return .object([
            ("linesRead", .int(counters.linesRead)), ("validLines", .int(counters.validLines)),
            ("invalidLines", .int(counters.invalidLines)), ("blankLines", .int(counters.blankLines)),
            ("notAnalyticsLines", .int(counters.notAnalyticsLines)),
            ("oversizeLines", .int(counters.oversizeLines)), ("bytes", .int(Int64(counters.bytes))),
            ("eventsChecked", .int(counters.eventsChecked)), ("notEvents", .int(counters.notEvents)),
            ("automaticEvents", .int(counters.automaticEvents)), ("unknownEvents", .int(counters.unknownEvents)),
            ("events", .object(events)),
            ("unknownEventNames", .object(counters.unknownNames.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("pairs", .array(pairs)),
            ("rules", .object(rules)),
            ("findingsByRule", .object(result.countsByRule.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("missingRequired", .array(missingStatistics.map {
                .object([("event", .string($0.event)), ("param", .string($0.param)), ("missing", .int($0.missing)),
                         ("total", .int($0.total))])
            })),
            ("typeVariation", .array(typeStatistics.map { item in
                .object([("event", .string(item.event)), ("param", .string(item.param)),
                         ("kinds", .object(item.shares.map { ($0.0, .int($0.1)) }))])
            })),
        ])
    }
}
