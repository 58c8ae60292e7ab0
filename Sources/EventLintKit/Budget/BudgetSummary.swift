/// The budget's tables after its findings, as summary data: per scope quota, registered, new,
/// after, headroom with a bar; the registrations the plan needs; archive candidates; collection
/// limits; and, with `--base`, what the change adds.
public enum BudgetSummary {
    public static func summary(of report: BudgetReport) -> ReportSummary {
        var sections = [
            SummarySection([.sentence(quotaSentence(report))]),
            SummarySection([.table(scopeTable(report))]),
            neededSection(report),
            archiveSection(report),
            limitSection(report),
        ]
        if let change = report.change {
            var title: SummaryText = "change against "
            title.add(.text(change.base), key: "base")
            let scopes = SummaryList(key: "scopes", change.scopes.map(sentence))
            sections.append(SummarySection(key: "change", title: title, [.list(scopes)]))
        }
        return ReportSummary(sections)
    }

    /// `quotas: standard tier; event-scoped dimensions 60 from --quota; minimum headroom 2`.
    static func quotaSentence(_ report: BudgetReport) -> SummaryText {
        var text: SummaryText = "quotas: "
        text.add(.text(report.quotas.tier.rawValue), key: "tier")
        text.add(" tier")
        let overridden = report.scopes.filter { $0.quotaSource != .tier }
        for (index, usage) in overridden.enumerated() {
            text.add(index == 0 ? "; " : ", ")
            text.add("\(usage.scope.slotNamePlural) ")
            text.add(.integer(usage.quota))
            text.add(" from " + BudgetCounter.describe(usage.quotaSource, tier: report.quotas.tier))
        }
        if let minimum = report.minHeadroom {
            text.add("; minimum headroom ")
            text.add(.integer(minimum), key: "minHeadroom")
        } else {
            text.add(data: .none, key: "minHeadroom")
        }
        return text
    }

    static func scopeTable(_ report: BudgetReport) -> SummaryTable {
        let columns = [
            SummaryColumn("scope", key: "scope", audience: .machines),
            SummaryColumn("scope", audience: .people),
            SummaryColumn("quota", key: "quota"),
            SummaryColumn("quota source", key: "quotaSource", audience: .machines),
            SummaryColumn("registered", key: "registered"),
            SummaryColumn("new", key: "new"),
            SummaryColumn("new names", key: "newNames", audience: .machines),
            SummaryColumn("after", key: "totalAfter"),
            SummaryColumn("headroom", key: "headroom"),
            SummaryColumn("", audience: .people),
        ]
        let rows: [[SummaryValue]] = report.scopes.map { usage in
            [
                .text(usage.scope.rawValue), .text(usage.scope.slotNamePlural), .integer(usage.quota),
                .text(usage.quotaSource.rawValue), .integer(usage.registered), .integer(usage.new),
                .names(usage.newNames), .integer(usage.totalAfter), .integer(usage.headroom),
                .bar(used: usage.totalAfter, capacity: usage.quota),
            ]
        }
        return SummaryTable(key: "scopes", columns: columns, rows: rows)
    }

    static func neededSection(_ report: BudgetReport) -> SummarySection {
        var title: SummaryText = "registrations the plan needs ("
        title.add(.integer(report.needed.count))
        title.add(", ")
        title.add(.integer(report.needed.filter { !$0.registered }.count))
        title.add(" not registered yet)")
        let columns = [
            SummaryColumn("name", key: "name"),
            SummaryColumn("scope", key: "scope"),
            SummaryColumn("status", audience: .people),
            SummaryColumn("registered", key: "registered", audience: .machines),
            SummaryColumn("user property", key: "userProperty", audience: .machines),
            SummaryColumn("events", key: "events", audience: .machines),
            SummaryColumn("declared at", key: "location"),
            SummaryColumn("used by", audience: .people),
        ]
        let rows: [[SummaryValue]] = report.needed.map { entry in
            [
                .text(entry.name), .text(entry.scope.rawValue), .text(entry.registered ? "registered" : "new"),
                .flag(entry.registered), .flag(entry.isUserProperty), .names(entry.events), .location(entry.location),
                entry.isUserProperty ? .text("(user property)") : .names(entry.events),
            ]
        }
        return SummarySection(title: title, [.table(SummaryTable(key: "needed", columns: columns, rows: rows))])
    }

    /// People read the candidates grouped by scope on one line each; machines get one object
    /// per definition.
    static func archiveSection(_ report: BudgetReport) -> SummarySection {
        var title: SummaryText = "archive candidates ("
        title.add(.integer(report.archiveCandidates.count))
        title.add(" registered, used by no plan event or user property; archiving frees the slot but cannot be undone)")
        let grouped = BudgetScope.allCases.compactMap { scope -> SummaryText? in
            let names = report.archiveCandidates.filter { $0.scope == scope }.map(\.parameterName)
            guard !names.isEmpty else { return nil }
            var text = SummaryText()
            text.add("\(scope.slotNamePlural) (")
            text.add(.integer(names.count))
            text.add("): ")
            text.add(.names(names))
            return text
        }
        let columns = [
            SummaryColumn("parameter name", key: "parameterName"),
            SummaryColumn("scope", key: "scope"),
            SummaryColumn("name", key: "name"),
            SummaryColumn("location", key: "location"),
        ]
        let rows: [[SummaryValue]] = report.archiveCandidates.map { definition in
            [
                .text(definition.parameterName), .text(definition.scope.rawValue),
                definition.resourceName.map { .text($0) } ?? .none, .location(definition.location),
            ]
        }
        return SummarySection(
            title: title,
            [
                .list(SummaryList(audience: .people, grouped)),
                .table(SummaryTable(key: "archiveCandidates", columns: columns, rows: rows, audience: .machines)),
            ])
    }

    static func limitSection(_ report: BudgetReport) -> SummarySection {
        let columns = [
            SummaryColumn("limit", key: "name"),
            SummaryColumn("used", key: "used"),
            SummaryColumn("of", key: "limit"),
            SummaryColumn("headroom", key: "headroom"),
            SummaryColumn("detail", key: "detail"),
        ]
        let rows: [[SummaryValue]] = report.limits.map { limit in
            [
                .text(limit.name), .integer(limit.used), .integer(limit.limit), .integer(limit.headroom),
                limit.detail.map { .text($0) } ?? .none,
            ]
        }
        return SummarySection(
            title: "collection limits", [.table(SummaryTable(key: "collectionLimits", columns: columns, rows: rows))])
    }

    /// "adds 3 event-scoped dimensions (entry, reason, selected_bucket): headroom 4 → 1; …".
    static func sentence(_ change: ScopeChange) -> SummaryText {
        let already = change.added.filter { !change.addedUnregistered.contains($0) }
        var text = SummaryText()
        text.add(data: .text(change.scope.rawValue), key: "scope")
        text.add(data: .names(change.added), key: "added")
        if change.addedUnregistered.isEmpty {
            text.add("adds no \(change.scope.slotNamePlural)")
            text.add(data: .names([]), key: "addedUnregistered")
        } else {
            let count = change.addedUnregistered.count
            text.add("adds ")
            text.add(.integer(count))
            text.add(" \(count == 1 ? change.scope.slotName : change.scope.slotNamePlural) (")
            text.add(.names(change.addedUnregistered), key: "addedUnregistered")
            text.add(")")
        }
        text.add(": headroom ")
        text.add(.integer(change.headroomBefore), key: "headroomBefore")
        text.add(" → ")
        text.add(.integer(change.headroomAfter), key: "headroomAfter")
        if !already.isEmpty {
            text.add("; ")
            text.add(.integer(already.count))
            text.add(" more the plan now uses \(already.count == 1 ? "is" : "are") registered already (")
            text.add(.names(already))
            text.add(")")
        }
        if change.removed.isEmpty {
            text.add(data: .names([]), key: "removed")
        } else {
            text.add("; no longer uses ")
            text.add(.names(change.removed), key: "removed")
        }
        return text
    }
}
