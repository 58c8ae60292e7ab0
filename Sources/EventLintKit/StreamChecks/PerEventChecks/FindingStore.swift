/// The findings of one line pass, bounded: the plan's suppressions and severity overrides are
/// applied as findings arrive, the first `limit` are kept (and every further one on the same
/// line, so the cut never falls inside a line), and the rest are only counted. Lines arrive in
/// order within a pass, so what is kept is a prefix of the pass in report order; the merge
/// (`FindingStore.trimToLimit`) then cuts the union at the same place whatever `--jobs` was.
struct FindingStore: Sendable {
    /// How many findings to keep; `Int.max` keeps all.
    let limit: Int
    let plan: Plan
    private(set) var kept: [Finding] = []
    private(set) var unlisted = FindingCounts()
    /// Rule ids not recorded at all while set (a capture's events: their user properties were
    /// checked on the line that set them).
    var dropping: Set<String> = []
    /// Every finding grouped by what the problem is, kept or not: exact counts, bounded size.
    private(set) var groups = FindingGroups()
    /// Once `limit` findings are kept in report order: the line of the last of them. A finding
    /// added later on a later line can never be listed (the cut only moves up), so `absorb`
    /// counts it at once instead of keeping it until the next cut.
    private var cut: SourceLocation?

    init(limit: Int, plan: Plan) {
        self.limit = limit
        self.plan = plan
    }

    var count: Int { kept.count }
    var isEmpty: Bool { kept.isEmpty }
    var last: Finding? { kept.last }

    mutating func append(_ finding: Finding) {
        guard dropping.isEmpty || !dropping.contains(finding.ruleID), let adjusted = plan.adjust(finding) else {
            return
        }
        groups.add(adjusted)
        if kept.count < limit || kept.last.map({ Self.sameLine($0.location, adjusted.location) }) == true {
            kept.append(adjusted)
        } else {
            unlisted.add(adjusted)
        }
    }

    /// Hands out the kept findings and forgets them (their groups and counts stay): a live run
    /// prints each finding as it is found instead of keeping it for a report.
    mutating func takeKept() -> [Finding] {
        var taken: [Finding] = []
        swap(&taken, &kept)
        return taken
    }

    mutating func append(contentsOf findings: some Sequence<Finding>) {
        for finding in findings { append(finding) }
    }

    /// Gives the kept findings from index `start` on the event's context (their value and
    /// related lines stay).
    mutating func setContext(_ context: FindingContext, from start: Int) {
        for index in kept.indices.dropFirst(start) where kept[index].context.isEmpty { kept[index].context = context }
    }

    static func sameLine(_ a: SourceLocation, _ b: SourceLocation) -> Bool { a.line == b.line && a.file == b.file }

    /// Takes another pass's findings (already adjusted), moving them down by `lineOffset` lines
    /// (a range's local line numbers become the file's), and its unlisted counts.
    mutating func absorb(_ other: FindingStore, lineOffset: Int) {
        // Into an empty store at the same lines (a run's first range): the other's findings and
        // groups as they are, rather than each added again.
        if lineOffset == 0, kept.isEmpty, unlisted.isEmpty, groups.isEmpty {
            kept = other.kept
            unlisted = other.unlisted
            groups = other.groups
            return
        }
        for var finding in other.kept {
            finding.location.line += lineOffset
            kept.append(finding)
        }
        unlisted.add(other.unlisted)
        groups.absorb(other.groups, lineOffset: lineOffset)
    }

    /// Adds findings made after the line pass (pairs, rules) without cutting.
    mutating func absorb(_ findings: [Finding]) {
        for finding in findings {
            if let adjusted = plan.adjust(finding) {
                groups.add(adjusted)
                if let cut, Self.isPast(adjusted.location, cut) {
                    unlisted.add(adjusted)
                } else {
                    kept.append(adjusted)
                }
            }
        }
    }

    /// Whether `location` is on a line after `cut`'s, in report order.
    static func isPast(_ location: SourceLocation, _ cut: SourceLocation) -> Bool {
        location.file != cut.file ? location.file > cut.file : location.line > cut.line
    }

    /// Sorts the kept findings into report order and keeps those up to the line of the
    /// `limit`-th; the rest are counted. Cutting the union of passes this way gives the same
    /// findings whatever the passes were.
    mutating func trimToLimit() {
        Finding.sortInReportOrder(&kept)
        if kept.count >= limit { cut = kept[limit - 1].location }
        guard kept.count > limit else { return }
        let cut = kept[limit - 1].location
        var end = limit
        while end < kept.count, Self.sameLine(kept[end].location, cut) { end += 1 }
        for finding in kept[end...] { unlisted.add(finding) }
        kept.removeSubrange(end...)
    }
}
