/// The report of what the stream held: line accounting, events, pairs, rules and Inspector-style
/// statistics, as summary data that every reporter lays out after the findings.
public struct LintSummary {
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
                    list.append(
                        MissingStatistic(
                            event: event.name, param: param.name, missing: missing,
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
                var kinds = (0..<StreamCounters.wireKindCount).map { counters.wireKinds[base + $0] }
                // An int on a double param is a double GA4 stores as double_value: no variation.
                if param.type == .double {
                    kinds[2] = kinds[2].addingSaturating(kinds[1])
                    kinds[1] = 0
                }
                let shares = kinds.indices.compactMap { kind -> (String, Int)? in
                    kinds[kind] > 0 ? (Self.wireNames[kind], kinds[kind]) : nil
                }
                if shares.count > 1 {
                    list.append(
                        TypeStatistic(
                            event: event.name, param: param.name,
                            shares: shares.sorted { $0.1 > $1.1 }, total: shares.reduce(0) { $0.addingSaturating($1.1) }
                        ))
                }
            }
        }
        return list
    }

    /// The summary of `result`.
    public static func summary(of result: LintResult) -> ReportSummary {
        LintSummary(result: result).summary
    }

    var summary: ReportSummary { summary(listingNeverSeen: true) }

    /// The summary; `listingNeverSeen`: with the section of the plan's events never seen (`watch`
    /// adds its own, worded for a session).
    func summary(listingNeverSeen: Bool) -> ReportSummary {
        var sections = [
            SummarySection(
                [.sentence(accounting), .sentence(eventLine)]
                    + (result.unlisted.isEmpty ? [] : [.sentence(unlistedLine)]))
        ]
        sections.append(pairSection)
        if let armSection { sections.append(armSection) }
        if let experimentSection { sections.append(experimentSection) }
        if let metricSection { sections.append(metricSection) }
        sections.append(ruleSection)
        sections.append(
            SummarySection([
                .table(
                    Self.namedCounts(
                        key: "findingsByRule", name: "rule", count: "findings",
                        result.countsByRule.sorted { $0.key < $1.key },
                        audience: .machines))
            ]))
        sections.append(statisticsSection)
        let seen = plan.events.enumerated().filter { counters.perEvent[$0.offset] > 0 }
        sections.append(
            SummarySection(
                title: "events",
                [
                    .table(
                        Self.namedCounts(
                            key: "events", name: "event", count: "count",
                            seen.map { ($0.element.name, counters.perEvent[$0.offset]) },
                            audience: seen.isEmpty ? .machines : .everyone))
                ]))
        let unknown = counters.unknownNames.sorted { $0.key < $1.key }
        sections.append(
            SummarySection(
                title: "events not in the plan",
                [
                    .table(
                        Self.namedCounts(
                            key: "unknownEventNames", name: "event", count: "count", unknown.map { ($0.key, $0.value) },
                            audience: unknown.isEmpty ? .machines : .everyone))
                ]))
        if listingNeverSeen {
            sections.append(Self.neverSeenSection(eventsNeverSeen, scope: "in the input", title: "coverage"))
        }
        return ReportSummary(sections)
    }

    /// Said when findings were counted but not kept (`--max-findings`): how many, and how to get
    /// them all; for machines, always the number not listed.
    var unlistedLine: SummaryText {
        let unlisted = result.unlisted.total
        var text = SummaryText()
        text.add("findings: ")
        text.add(.integer(result.findings.count + unlisted))
        text.add(" in all, the first ")
        text.add(.integer(result.findings.count))
        text.add(" listed; --max-findings 0 lists every one, --rejects FILE keeps every rejected line")
        return text
    }

    /// `lines read: 281 = valid 276 + invalid 4 + blank 1`, with the byte and oversize counts
    /// for machines.
    var accounting: SummaryText {
        var text: SummaryText = "lines read: "
        text.add(.integer(counters.linesRead), key: "linesRead")
        let parts: [(String, String, Int)] = [
            ("valid", "validLines", counters.validLines), ("invalid", "invalidLines", counters.invalidLines),
            ("blank", "blankLines", counters.blankLines),
        ]
        if counters.linesRead == 0 {
            text.add(" (the input is empty)")
            for (_, key, count) in parts { text.add(data: .integer(count), key: key) }
        } else {
            for (index, (label, key, count)) in parts.enumerated() {
                text.add(index == 0 ? " = \(label) " : " + \(label) ")
                text.add(.integer(count), key: key)
            }
            // Lines of a debug console capture that are not analytics entries, Markdown fences.
            if counters.notAnalyticsLines > 0 {
                text.add(" + not analytics ")
                text.add(.integer(counters.notAnalyticsLines), key: "notAnalyticsLines")
            } else {
                text.add(data: .integer(0), key: "notAnalyticsLines")
            }
        }
        text.add(data: .integer(counters.oversizeLines), key: "oversizeLines")
        text.add(data: .integer(result.unlisted.total), key: "unlistedFindings")
        text.add(data: .integer(Int(clamping: counters.bytes)), key: "bytes")
        return text
    }

    /// `events checked: 275 (plan 89, GA4 automatic 185, unknown 1); not events: 1; formats: bq 275`.
    var eventLine: SummaryText {
        var text: SummaryText = "events checked: "
        text.add(.integer(counters.eventsChecked), key: "eventsChecked")
        text.add(" (plan ")
        text.add(.integer(counters.perEvent.reduce(0) { $0.addingSaturating($1) }))
        text.add(", GA4 automatic ")
        text.add(.integer(counters.automaticEvents), key: "automaticEvents")
        text.add(", unknown ")
        text.add(.integer(counters.unknownEvents), key: "unknownEvents")
        text.add(")")
        if counters.notEvents > 0 {
            text.add("; not events: ")
            text.add(.integer(counters.notEvents), key: "notEvents")
        } else {
            text.add(data: .integer(counters.notEvents), key: "notEvents")
        }
        let formats = InputFormat.allCases.compactMap { format in
            counters.formats[format].map { SummaryTally(format.rawValue, $0) }
        }
        if !formats.isEmpty {
            text.add("; formats: ")
            text.add(.tally(formats))
        }
        return text
    }

    /// One row per pair: opens, closes by outcome (most first), unclosed, orphans, durations.
    var pairSection: SummarySection {
        let columns = [
            SummaryColumn("pair", key: "name", role: .label),
            SummaryColumn("opened", key: "opened"),
            SummaryColumn("closed", key: "closed"),
            SummaryColumn("outcomes", key: "closedByOutcome", role: .aside),
            SummaryColumn("unclosed", key: "unclosed"),
            SummaryColumn("near end", key: "unclosedNearEnd"),
            SummaryColumn("orphan closes", key: "orphanCloses"),
            SummaryColumn("median", key: "durationMedianMs"),
            SummaryColumn("p90", key: "durationP90Ms"),
        ]
        let rows: [[SummaryValue]] = result.pairs.map { pair in
            let outcomes = pair.closedByOutcome.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let durations = pair.percentiles([0.5, 0.9])
            return [
                .text(pair.name), .integer(pair.opened),
                .integer(pair.closedByOutcome.values.reduce(0) { $0.addingSaturating($1) }),
                .tally(outcomes.map { SummaryTally($0.key, $0.value) }),
                .integer(pair.unclosed.addingSaturating(pair.unclosedNearEnd)), .integer(pair.unclosedNearEnd),
                .integer(pair.orphanCloses), .milliseconds(durations[0]), .milliseconds(durations[1]),
            ]
        }
        // Machines get every pair; people only those of which an event was seen (the others
        // would be rows of zeros), and one line naming the rest.
        let seenRows = zip(result.pairs, rows).filter { Self.seen($0.0) }.map(\.1)
        var blocks: [SummaryBlock] = [
            .table(SummaryTable(key: "pairs", columns: columns, rows: rows, layout: .lines, audience: .machines)),
            .table(
                SummaryTable(
                    columns: columns, rows: seenRows, layout: .lines,
                    audience: seenRows.isEmpty ? .machines : .people)),
        ]
        let unseen = result.pairs.filter { !Self.seen($0) }.map(\.name)
        if !unseen.isEmpty { blocks.append(.sentence(Self.notSeen(unseen, "pair", "pairs"))) }
        return SummarySection(title: "pairs", blocks)
    }

    /// `2 pairs with no event in the input: a, b` (people only).
    static func notSeen(_ names: [String], _ singular: String, _ plural: String) -> SummaryText {
        var text = SummaryText(
            stringLiteral: "\(names.count) \(names.count == 1 ? singular : plural) with no event in the input: ")
        text.add(.names(names))
        return text
    }

    static func seen(_ pair: PairStatistics) -> Bool {
        pair.opened > 0 || pair.orphanCloses > 0 || !pair.closedByOutcome.isEmpty
    }

    /// Whether any event a plan rule applies to was seen.
    func seen(rule: RuleDeclaration) -> Bool {
        rule.events.contains { name in
            result.plan.plan.events.firstIndex { $0.name == name }.map { counters.perEvent[$0] > 0 } ?? false
        }
    }

    /// Each pair's counts per experiment arm value and per combination of arms (the 2×2 grid
    /// of two experiments): does each arm see exactly the flow it should.
    var armSection: SummarySection? {
        let names = result.plan.experimentNames
        guard !names.isEmpty else { return nil }
        let columns = [
            SummaryColumn("pair", key: "pair", role: .label),
            SummaryColumn("arms", key: "arms", role: .bare),
            SummaryColumn("opened", key: "opened"),
            SummaryColumn("closed", key: "closed"),
            SummaryColumn("outcomes", key: "closedByOutcome", role: .aside),
            SummaryColumn("unclosed", key: "unclosed"),
            SummaryColumn("median", key: "durationMedianMs"),
        ]
        var rows: [[SummaryValue]] = []
        for pair in result.pairs where Self.seen(pair) {
            func row(_ label: String, _ arm: PairArmStatistics) -> [SummaryValue] {
                let outcomes = arm.closedByOutcome.sorted {
                    $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
                }
                return [
                    .text(pair.name), .text(label), .integer(arm.opened),
                    .integer(arm.closedByOutcome.values.reduce(0) { $0.addingSaturating($1) }),
                    .tally(outcomes.map { SummaryTally($0.key, $0.value) }), .integer(arm.unclosed),
                    .milliseconds(arm.median),
                ]
            }
            // Per value of each experiment, then per combination.
            for (position, name) in names.enumerated() {
                var byValue: [String: PairArmStatistics] = [:]
                for (key, arm) in pair.byArms where position < key.count {
                    byValue[key[position], default: PairArmStatistics()].add(arm)
                }
                for value in byValue.keys.sorted() { rows.append(row("\(name)=\(value)", byValue[value]!)) }
            }
            if names.count > 1 {
                for key in pair.byArms.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                    rows.append(row(zip(names, key).map { "\($0)=\($1)" }.joined(separator: " × "), pair.byArms[key]!))
                }
            }
        }
        return SummarySection(
            title: "pairs per experiment arm",
            [
                .table(
                    SummaryTable(
                        key: "pairArms", columns: columns, rows: rows, layout: .lines,
                        audience: rows.isEmpty ? .machines : .everyone))
            ])
    }

    /// `rule_name: 3 violations`, one row per plan rule.
    var ruleSection: SummarySection {
        let rows: [[SummaryValue]] = plan.rules.enumerated().map { index, rule in
            [.text(rule.name), .count(result.ruleViolations[index], singular: "violation", plural: "violations")]
        }
        let isSeen = plan.rules.indices.map { seen(rule: plan.rules[$0]) || result.ruleViolations[$0] > 0 }
        let seenRows = rows.indices.filter { isSeen[$0] }.map { rows[$0] }
        let columns = [SummaryColumn("rule", role: .label), SummaryColumn("violations", role: .bare)]
        var blocks: [SummaryBlock] = [
            .table(
                SummaryTable(
                    key: "rules", columns: columns, rows: rows, layout: .lines, keyedByFirstColumn: true,
                    audience: .machines)),
            .table(
                SummaryTable(
                    columns: columns, rows: seenRows, layout: .lines, audience: seenRows.isEmpty ? .machines : .people)),
        ]
        let unseen = plan.rules.indices.filter { !isSeen[$0] }.map { plan.rules[$0].name }
        if !unseen.isEmpty { blocks.append(.sentence(Self.notSeen(unseen, "rule", "rules"))) }
        return SummarySection(title: "rules", blocks)
    }

    /// Required params missing on part of their event's occurrences, and params whose wire type
    /// varies.
    var statisticsSection: SummarySection {
        let missing = missingStatistics.map { item -> SummaryText in
            var text = Self.eventParam("required param sometimes missing: ", event: item.event, param: item.param)
            text.add(" in ")
            text.add(.percent(part: item.missing, total: item.total))
            text.add(" (")
            text.add(.integer(item.missing), key: "missing")
            text.add(" of ")
            text.add(.integer(item.total), key: "total")
            text.add(")")
            return text
        }
        let types = typeStatistics.map { item -> SummaryText in
            var text = Self.eventParam("type inconsistent: ", event: item.event, param: item.param)
            text.add(": ")
            text.add(.shares(item.shares.map { SummaryTally($0.0, $0.1) }), key: "kinds")
            return text
        }
        return SummarySection(
            title: "stream statistics",
            [
                .list(SummaryList(key: "missingRequired", audience: missing.isEmpty ? .machines : .everyone, missing)),
                .list(SummaryList(key: "typeVariation", audience: types.isEmpty ? .machines : .everyone, types)),
            ])
    }

    /// `"event".param` after `lead`, both keyed for JSON.
    static func eventParam(_ lead: String, event: String, param: String) -> SummaryText {
        var text = SummaryText(stringLiteral: lead + "\"")
        text.add(.text(event), key: "event")
        text.add("\".")
        text.add(.text(param), key: "param")
        return text
    }

    /// A two-column table of names and counts, written to JSON as one object.
    static func namedCounts(
        key: String, name: String, count: String, _ entries: [(String, Int)], audience: SummaryAudience
    ) -> SummaryTable {
        SummaryTable(
            key: key, columns: [SummaryColumn(name, role: .label), SummaryColumn(count, role: .bare)],
            rows: entries.map { [.text($0.0), .integer($0.1)] }, layout: .lines, keyedByFirstColumn: true,
            audience: audience)
    }
}
