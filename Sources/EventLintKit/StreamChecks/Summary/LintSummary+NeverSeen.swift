/// Coverage for a QA session: the plan's events no line carried, so a tester sees what they
/// have not exercised yet. A summary section, not findings: an event not yet seen is not a fault
/// of the stream. Counted per plan event over the whole input, so it is the same for every
/// `--jobs` and when records spill.
extension LintSummary {
    /// The plan's events no line of the input carried, in plan order.
    var eventsNeverSeen: [String] {
        plan.events.indices.filter { counters.perEvent[$0] == 0 }.map { plan.events[$0].name }
    }

    /// The section that lists `names`, never seen `scope` (`in the input`, `in this session`):
    /// a sentence for people, and for machines the count and the list.
    static func neverSeenSection(_ names: [String], scope: String, title: SummaryText) -> SummarySection {
        var text = SummaryText()
        if names.isEmpty {
            text.add("every event of the plan was seen \(scope)")
        } else {
            text.add(.integer(names.count))
            text.add(names.count == 1 ? " event of the plan" : " events of the plan")
            text.add(" never seen \(scope): ")
            text.add(.names(names))
        }
        text.add(data: .integer(names.count), key: "eventsNeverSeenCount")
        return SummarySection(
            title: title,
            [
                .sentence(text),
                .list(
                    SummaryList(
                        key: "eventsNeverSeen", audience: .machines,
                        names.map { name in
                            var item = SummaryText()
                            item.add(.text(name), key: "event")
                            return item
                        })),
            ])
    }
}
