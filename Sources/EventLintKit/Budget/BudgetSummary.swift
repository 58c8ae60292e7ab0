/// The budget's tables after its findings: per scope quota, registered, new, after, headroom
/// with a bar; the registrations the plan needs; archive candidates; collection limits; and,
/// with `--base`, what the change adds.
public struct BudgetSummary: ReportSummary {
    public let report: BudgetReport

    public init(_ report: BudgetReport) { self.report = report }

    static let barWidth = 20

    /// `[#########...........]`, with `+N` after it when the scope is over quota.
    static func bar(_ usage: ScopeUsage) -> String {
        let filled: Int
        if usage.quota <= 0 {
            filled = usage.totalAfter > 0 ? barWidth : 0
        } else {
            filled = min(barWidth, usage.totalAfter * barWidth / usage.quota)
        }
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]"
        if usage.headroom < 0 { text += " +\(-usage.headroom) over" }
        return text
    }

    var quotaLine: String {
        var text = "quotas: \(report.quotas.tier.rawValue) tier"
        let overridden = report.scopes.filter { $0.quotaSource != .tier }
        if !overridden.isEmpty {
            text += "; " + overridden.map {
                "\($0.scope.rawValue) \($0.quota) from \(BudgetCounter.describe($0.quotaSource, tier: report.quotas.tier))"
            }.joined(separator: ", ")
        }
        if let minimum = report.minHeadroom { text += "; minimum headroom \(minimum)" }
        return text
    }

    static func table(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                if column == row.count - 1 && !rightAligned.contains(column) { return cell }
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ")
        }.map { line in "  " + String(line.reversed().drop { $0 == " " }.reversed()) }
    }

    public var textLines: [String] {
        var lines = [quotaLine, ""]
        var rows = [["scope", "quota", "registered", "new", "after", "headroom", ""]]
        for usage in report.scopes {
            rows.append([usage.scope.slotNamePlural, "\(usage.quota)", "\(usage.registered)", "\(usage.new)",
                         "\(usage.totalAfter)", "\(usage.headroom)", Self.bar(usage)])
        }
        lines += Self.table(rows, rightAligned: [1, 2, 3, 4, 5])

        lines += ["", "registrations the plan needs (\(report.needed.count), \(report.needed.filter { !$0.registered }.count) not registered yet):"]
        if report.needed.isEmpty {
            lines.append("  none")
        } else {
            var needed = [["name", "scope", "status", "declared at", "used by"]]
            for entry in report.needed {
                needed.append([entry.name, entry.scope.rawValue, entry.registered ? "registered" : "new",
                               TextReporter.describe(entry.location), Self.usedBy(entry)])
            }
            lines += Self.table(needed, rightAligned: [])
        }

        lines += ["", "archive candidates (\(report.archiveCandidates.count) registered, used by no plan event or user property; archiving frees the slot but cannot be undone):"]
        if report.archiveCandidates.isEmpty { lines.append("  none") }
        for scope in BudgetScope.allCases {
            let names = report.archiveCandidates.filter { $0.scope == scope }.map(\.parameterName)
            guard !names.isEmpty else { continue }
            lines.append("  \(scope.slotNamePlural) (\(names.count)): \(names.joined(separator: ", "))")
        }

        lines += ["", "collection limits:"]
        var limits: [[String]] = []
        for limit in report.limits {
            limits.append([limit.name, "\(limit.used) of \(limit.limit)", "headroom \(limit.headroom)", limit.detail ?? ""])
        }
        lines += Self.table(limits, rightAligned: [1])

        if let change = report.change {
            lines += ["", "change against \(change.base):"]
            lines += change.scopes.map { "  " + Self.sentence($0) }
        }
        return lines
    }

    static func usedBy(_ entry: NeededRegistration) -> String {
        entry.isUserProperty ? "(user property)" : entry.events.joined(separator: ", ")
    }

    /// "adds 3 event-scoped dimensions (entry, reason, selected_bucket): headroom 4 → 1".
    static func sentence(_ change: ScopeChange) -> String {
        let already = change.added.filter { !change.addedUnregistered.contains($0) }
        var parts: [String] = []
        if change.addedUnregistered.isEmpty {
            parts.append("adds no \(change.scope.slotNamePlural)")
        } else {
            parts.append("adds \(change.addedUnregistered.count) \(change.addedUnregistered.count == 1 ? change.scope.slotName : change.scope.slotNamePlural) (\(change.addedUnregistered.joined(separator: ", ")))")
        }
        var text = parts[0] + ": headroom \(change.headroomBefore) → \(change.headroomAfter)"
        if !already.isEmpty {
            text += "; \(already.count) more the plan now uses \(already.count == 1 ? "is" : "are") registered already (\(already.joined(separator: ", ")))"
        }
        if !change.removed.isEmpty {
            text += "; no longer uses \(change.removed.joined(separator: ", "))"
        }
        return text
    }

    public var markdown: String {
        var text = "\(quotaLine)\n\n| scope | quota | registered | new | after | headroom | |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n"
        for usage in report.scopes {
            text += "| \(usage.scope.slotNamePlural) | \(usage.quota) | \(usage.registered) | \(usage.new) | \(usage.totalAfter) | \(usage.headroom) | `\(Self.bar(usage))` |\n"
        }
        if let change = report.change {
            text += "\n**Change against `\(MarkdownReporter.inline(change.base))`**\n\n"
            for scope in change.scopes { text += "- \(MarkdownReporter.inline(Self.sentence(scope)))\n" }
        }
        text += "\n**Registrations the plan needs** (\(report.needed.count), \(report.needed.filter { !$0.registered }.count) not registered yet)\n\n"
        text += "| name | scope | status | declared at | used by |\n| --- | --- | --- | --- | --- |\n"
        for entry in report.needed {
            text += "| `\(entry.name)` | \(entry.scope.rawValue) | \(entry.registered ? "registered" : "**new**") | \(MarkdownReporter.inline(TextReporter.describe(entry.location))) | \(MarkdownReporter.inline(Self.usedBy(entry))) |\n"
        }
        text += "\n**Archive candidates** (\(report.archiveCandidates.count); archiving frees the slot but cannot be undone)\n\n"
        if report.archiveCandidates.isEmpty { text += "none\n" }
        for scope in BudgetScope.allCases {
            let names = report.archiveCandidates.filter { $0.scope == scope }.map { "`\($0.parameterName)`" }
            guard !names.isEmpty else { continue }
            text += "- \(scope.slotNamePlural) (\(names.count)): \(names.joined(separator: ", "))\n"
        }
        text += "\n**Collection limits**\n\n| limit | used | of | headroom |\n| --- | ---: | ---: | ---: |\n"
        for limit in report.limits {
            text += "| \(limit.name)\(limit.detail.map { " (\(MarkdownReporter.inline($0)))" } ?? "") | \(limit.used) | \(limit.limit) | \(limit.headroom) |\n"
        }
        return text
    }

    public var json: JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("tier", .string(report.quotas.tier.rawValue)),
            ("minHeadroom", report.minHeadroom.map { .int($0) } ?? .null),
            ("scopes", .array(report.scopes.map { usage in
                .object([
                    ("scope", .string(usage.scope.rawValue)), ("quota", .int(usage.quota)),
                    ("quotaSource", .string(usage.quotaSource.rawValue)), ("registered", .int(usage.registered)),
                    ("new", .int(usage.new)), ("newNames", .array(usage.newNames.map { .string($0) })),
                    ("totalAfter", .int(usage.totalAfter)), ("headroom", .int(usage.headroom)),
                ])
            })),
            ("needed", .array(report.needed.map { entry in
                .object([
                    ("name", .string(entry.name)), ("scope", .string(entry.scope.rawValue)),
                    ("registered", .bool(entry.registered)), ("userProperty", .bool(entry.isUserProperty)),
                    ("events", .array(entry.events.map { .string($0) })),
                    ("location", Self.location(entry.location)),
                ])
            })),
            ("archiveCandidates", .array(report.archiveCandidates.map { definition in
                .object(omittingNil: [
                    ("parameterName", .string(definition.parameterName)), ("scope", .string(definition.scope.rawValue)),
                    ("name", definition.resourceName.map { .string($0) }),
                    ("location", Self.location(definition.location)),
                ])
            })),
            ("collectionLimits", .array(report.limits.map { limit in
                .object(omittingNil: [
                    ("name", .string(limit.name)), ("used", .int(limit.used)), ("limit", .int(limit.limit)),
                    ("headroom", .int(limit.headroom)), ("detail", limit.detail.map { .string($0) }),
                ])
            })),
        ]
        if let change = report.change {
            members.append(("change", .object([
                ("base", .string(change.base)),
                ("scopes", .array(change.scopes.map { scope in
                    .object([
                        ("scope", .string(scope.scope.rawValue)),
                        ("added", .array(scope.added.map { .string($0) })),
                        ("addedUnregistered", .array(scope.addedUnregistered.map { .string($0) })),
                        ("removed", .array(scope.removed.map { .string($0) })),
                        ("headroomBefore", .int(scope.headroomBefore)), ("headroomAfter", .int(scope.headroomAfter)),
                    ])
                })),
            ])))
        }
        return .object(members)
    }

    static func location(_ location: SourceLocation) -> JSONOutput {
        .object([("file", .string(location.file)), ("line", .int(location.line)), ("column", .int(location.column))])
    }
}
