/// One user at a time: a user's state swapped in, its records fed in time order (pairs opened,
/// closed and checked), pairs timed out in a live run, and the user ended.
extension CrossEventRun {
    /// Swaps the current user's pair and rule state with `state`: a driver that sees users
    /// interleaved (`StreamEngine`) keeps one state per user and swaps it in before feeding that
    /// user's record, so every check runs the same code as in `lint`. Swapping moves four array
    /// references; nothing is copied.
    mutating func swapUserState(with state: inout UserCrossState) {
        swap(&open, &state.open)
        swap(&afterSeen, &state.afterSeen)
        swap(&latestAfter, &state.latestAfter)
        swap(&latestNotAfter, &state.latestNotAfter)
        swap(&userArms, &state.arms)
        swap(&userMetrics, &state.metrics)
        swap(&onceFirst, &state.onceFirst)
        swap(&onceSelected, &state.onceSelected)
        swap(&journeyStep, &state.journeyStep)
        swap(&journeyStart, &state.journeyStart)
    }

    mutating func runUser(_ records: ArraySlice<EventRecord>) {
        guard let first = records.first else { return }
        beginUser()
        feed(records)
        endUser(latest: first.user < input.userLastTimestamp.count ? input.userLastTimestamp[Int(first.user)] : .min)
    }

    /// Starts a user: no pair open, no rule's earlier event seen. The arrays are reset in place,
    /// so a user costs no allocation.
    mutating func beginUser() {
        if open.count != checker.pairs.count { open = Array(repeating: [], count: checker.pairs.count) }
        for index in open.indices { open[index].removeAll(keepingCapacity: true) }
        Self.reset(&afterSeen, to: false, count: checker.rules.count)
        Self.reset(&latestAfter, to: nil, count: checker.rules.count)
        Self.reset(&latestNotAfter, to: nil, count: checker.rules.count)
        if !checker.plan.experiments.isEmpty {
            Self.reset(&userArms, to: UserArm(), count: checker.plan.experiments.count)
            Self.reset(&userMetrics, to: MetricUserState(), count: checker.plan.metrics.count)
        }
        Self.reset(&onceFirst, to: nil, count: checker.rules.count)
        Self.reset(&onceSelected, to: nil, count: checker.rules.count)
        Self.reset(&journeyStep, to: 0, count: checker.journeys.count)
        Self.reset(&journeyStart, to: nil, count: checker.journeys.count)
    }

    static func reset<Element>(_ array: inout [Element], to value: Element, count: Int) {
        guard array.count == count else {
            array = Array(repeating: value, count: count)
            return
        }
        for index in array.indices { array[index] = value }
    }

    /// Keeps, of `input.values`, only the values of the records the run still holds (open pairs,
    /// the latest earlier events of rules, pairs opened before an arm), and moves those records
    /// onto them: a user whose records come in chunks (`SpillMerge`) then needs memory for one
    /// chunk, not for all.
    /// The text table starts again from the plan's, with the held values' texts only.
    mutating func keepHeldValues() {
        var kept: [TrackedValue] = []
        var texts = checker.plan.texts
        moveHeldValues(into: &kept, texts: &texts)
        input.values = kept
        input.texts = texts
        forgetValueMemos()
    }

    /// Appends to `kept` the values of the records the current user's state holds (open pairs,
    /// the latest earlier events of rules, pairs opened before an arm), their texts interned in
    /// `texts`, and moves those records onto them. The caller then makes `kept` and `texts` the
    /// input's and forgets the value memos (`keepHeldValues`, or `StreamEngine` over every user's
    /// state).
    mutating func moveHeldValues(into kept: inout [TrackedValue], texts: inout ByteInterner<SeededByteHash>) {
        let planTexts = UInt64(checker.plan.texts.count)
        func move(_ record: inout EventRecord) {
            let count = checker.plan.storedSlots[Int(record.event)].count
            let start = kept.count
            for var value in input.values[record.values..<record.values + count] {
                if value.tag == .text, value.bits >= planTexts, value.bits < UInt64(input.texts.count) {
                    value.bits = UInt64(input.texts.withBytes(of: Int(value.bits)) { texts.intern($0) })
                }
                kept.append(value)
            }
            record.values = start
        }
        for pair in open.indices {
            for index in open[pair].indices { move(&open[pair][index].record) }
        }
        for rule in latestAfter.indices {
            if var record = latestAfter[rule] {
                move(&record)
                latestAfter[rule] = record
            }
            if var record = latestNotAfter[rule] {
                move(&record)
                latestNotAfter[rule] = record
            }
            if var record = onceFirst[rule] {
                move(&record)
                onceFirst[rule] = record
            }
            if var record = onceSelected[rule] {
                move(&record)
                onceSelected[rule] = record
            }
        }
        for journey in journeyStart.indices {
            if var record = journeyStart[journey] {
                move(&record)
                journeyStart[journey] = record
            }
        }
        for experiment in userArms.indices {
            if var record = userArms[experiment].early {
                move(&record)
                userArms[experiment].early = record
            }
        }
    }

    /// Runs a user's records (all of them, or the next chunk), in time order.
    mutating func feed(_ records: ArraySlice<EventRecord>) {
        for record in records {
            let values = values(record)
            let event = Int(record.event)
            if !userArms.isEmpty { trackArms(record, values) }
            if !userMetrics.isEmpty { trackMetrics(record, values) }
            if !checker.exactlyOnceRules.isEmpty { selectForExactlyOnce(record, values: values) }
            for index in checker.journeysByEvent[event] { advance(journey: index, record: record, values: values) }
            for index in checker.pairsByEvent[event] {
                let pair = checker.pairs[index]
                var pairOpen = open[index]
                open[index] = []
                step(pair: pair, index: index, record: record, values: values, open: &pairOpen)
                open[index] = pairOpen
            }
            for index in checker.rulesByEvent[event] {
                let rule = checker.rules[index]
                let before = findings.count
                apply(
                    rule, index: index, to: record, values: values, afterSeen: afterSeen[index],
                    latestAfter: latestAfter[index],
                    latestNotAfter: latestNotAfter[index])
                ruleViolations[index] += findings.count - before
            }
            // Only after the rules ran: an event is never earlier than itself.
            for index in checker.earlierRulesByEvent[event] {
                let rule = checker.rules[index]
                if let after = rule.after, rule.afterWindow != nil || !afterSeen[index], after.matches(record, values) {
                    afterSeen[index] = true
                    if record.timestamp != .min { latestAfter[index] = record }
                }
                if let notAfter = rule.notAfter, record.timestamp != .min, notAfter.matches(record, values) {
                    latestNotAfter[index] = record
                }
            }
        }
    }

    /// Ends a user: pairs still open are unclosed, near the end when they opened within the window
    /// before the user's `latest` timestamp (`Int64.min`: none).
    mutating func endUser(latest last: Int64) {
        if !userArms.isEmpty { countArms() }
        if !userMetrics.isEmpty { countMetrics() }
        let lastTimestamp: Int64? = last == .min ? nil : last
        endOnceRules()
        for (index, pair) in checker.pairs.enumerated() where pair.declaration.closeRequired {
            for entry in open[index].sorted(by: {
                ($0.record.file, $0.record.line) < ($1.record.file, $1.record.line)
            }) {
                let record = entry.record
                let name = pair.declaration.name
                if entry.timedOut {
                    // Reported live when it timed out (`reportTimedOut`): counted, not reported again.
                    statistics[index].unclosed += 1
                    countArm(index, record) { $0.unclosed += 1 }
                } else if let lastTimestamp, record.timestamp != .min,
                    record.timestamp >= lastTimestamp.subtractingSaturating(input.unclosedWindowMicros)
                {
                    statistics[index].unclosedNearEnd += 1
                    countArm(index, record) { $0.unclosed += 1 }
                    report(
                        PairRules.unclosedNearEnd,
                        PairRules.unclosedNearEndMessage(
                            pair: name, event: eventName(record), user: userText(record),
                            windowMinutes: Double(input.unclosedWindowMicros) / 60_000_000),
                        at: record)
                } else {
                    statistics[index].unclosed += 1
                    countArm(index, record) { $0.unclosed += 1 }
                    report(
                        PairRules.unclosed,
                        PairRules.unclosedMessage(pair: name, event: eventName(record), user: userText(record)),
                        at: record)
                }
            }
        }
    }

    /// Reports each open pair of the current user (where the close is required) that opened
    /// before `eventCutoff` in event time, or arrived before `arrivalCutoff` in the driver's
    /// clock, once: it stays open, so a late close still closes it, and `endUser` counts it
    /// without a second finding. Returns, of the pairs still waiting, the earliest opening time
    /// and arrival (`Int64.max`: none), so the driver knows when to look again.
    mutating func reportTimedOut(
        eventCutoff: Int64, arrivalCutoff: Int64, timeout: TimeWindow
    ) -> (earliestOpening: Int64, earliestArrival: Int64) {
        var earliest = (opening: Int64.max, arrival: Int64.max)
        for (index, pair) in checker.pairs.enumerated() where pair.declaration.closeRequired {
            for position in open[index].indices where !open[index][position].timedOut {
                let entry = open[index][position]
                let byEvent = entry.record.timestamp != .min && entry.record.timestamp < eventCutoff
                let byArrival = entry.arrival != .min && entry.arrival < arrivalCutoff
                guard byEvent || byArrival else {
                    if entry.record.timestamp != .min {
                        earliest.opening = min(earliest.opening, entry.record.timestamp)
                    }
                    if entry.arrival != .min { earliest.arrival = min(earliest.arrival, entry.arrival) }
                    continue
                }
                open[index][position].timedOut = true
                report(
                    PairRules.unclosed,
                    PairRules.stillOpenMessage(
                        pair: pair.declaration.name, event: eventName(entry.record), timeout: timeout,
                        user: userText(entry.record)),
                    at: entry.record)
            }
        }
        return (earliest.opening, earliest.arrival)
    }

    /// One event through one pair's machine.
    mutating func step(
        pair: CrossEventChecker.CompiledPair, index: Int, record: EventRecord,
        values: RecordValues, open: inout [OpenPair]
    ) {
        let key = pair.declaration.keyedBySession ? record.session : 0
        let name = pair.declaration.name
        if pair.closes.firstMatch(record, values) != nil {
            guard let position = open.firstIndex(where: { $0.key == key }) else {
                statistics[index].orphanCloses += 1
                report(
                    PairRules.orphanClose,
                    PairRules.orphanCloseMessage(
                        pair: name, event: eventName(record), opener: pair.declaration.opens.first?.event,
                        user: userText(record)),
                    at: record)
                return
            }
            let opening = open.remove(at: position).record
            close(pair: pair, index: index, opening: opening, closing: record, values: values)
            return
        }
        if pair.opens.firstMatch(record, values) != nil {
            statistics[index].opened += 1
            countArm(index, record) { $0.opened += 1 }
            let position = open.firstIndex(where: { $0.key == key })
            if let position, pair.declaration.closeRequired {
                let previous = open[position].record
                statistics[index].unclosed += 1
                countArm(index, previous) { $0.unclosed += 1 }
                report(
                    PairRules.reopened,
                    PairRules.reopenedMessage(pair: name, event: eventName(previous), user: userText(previous)),
                    at: previous, notes: [FindingNote(PairRules.reopeningNote, at: location(record))])
            }
            let entry = OpenPair(key: key, record: record, arrival: arrival)
            if let position { open[position] = entry } else { open.append(entry) }
            return
        }
        if let inside = pair.inside.firstMatch(record, values),
            !open.contains(where: { $0.key == key })
        {
            // Name the matchers: `"x_step_shown" (step privacy) comes while no "x_step_shown" (step intro) is open`.
            let matched =
                pair.declaration.inside.indices.contains(inside)
                ? pair.declaration.inside[inside].spelled
                : "\"\(eventName(record))\""
            report(
                PairRules.insideOutside,
                PairRules.insideOutsideMessage(
                    pair: name, matched: matched, openers: pair.declaration.opens.map(\.spelled),
                    user: userText(record)),
                at: record)
        }
    }

    mutating func close(
        pair: CrossEventChecker.CompiledPair, index: Int, opening: EventRecord, closing: EventRecord,
        values: RecordValues
    ) {
        let name = pair.declaration.name
        let openValues = self.values(opening)
        // Made only for a finding: most closes have none.
        var note: FindingNote { FindingNote(PairRules.openingNote, at: location(opening)) }
        for same in pair.same {
            let before = openValues[same.slot]
            let after = values[same.slot]
            guard !before.isInvalid, !after.isInvalid, before != after else { continue }
            report(
                PairRules.paramMismatch,
                PairRules.paramMismatchMessage(pair: name, param: same.name, opened: text(before), closed: text(after)),
                at: closing, param: same.name, notes: [note])
        }
        var outcome = eventName(closing)
        if let slot = pair.outcomeSlot {
            let value = values[slot].isUsable ? values[slot] : .absent
            if let name = outcomeNames[value] {
                outcome = name
            } else {
                outcome =
                    value.isUsable
                    ? text(value).replacingQuotes : "(no valid \(pair.declaration.outcomeParam ?? "outcome"))"
                // Unusable values name the pair's outcome param: the memo is per pair then.
                if value.isUsable { outcomeNames[value] = outcome }
            }
        }
        statistics[index].closedByOutcome[outcome, default: 0] += 1
        let timed = opening.timestamp != .min && closing.timestamp != .min
        // Timestamps are inside `GA4Facts.plausibleTimestampMicros` (others are cleared per
        // event), so this cannot overflow; saturating all the same, so no input can wrap it.
        let deltaMs = Double(closing.timestamp.subtractingSaturating(opening.timestamp)) / 1000
        countArm(index, opening) {
            $0.closedByOutcome[outcome, default: 0] += 1
            if timed { $0.durationsMs.append(deltaMs) }
        }
        if timed { statistics[index].durationsMs.append(deltaMs) }
        guard let slot = pair.durationSlot, let duration = values[slot].measuredNumber,
            let check = pair.declaration.duration
        else { return }
        if duration < 0 {
            report(
                PairRules.negativeDuration,
                PairRules.negativeDurationMessage(pair: name, param: check.param, duration: duration),
                at: closing, param: check.param, notes: [note])
            return
        }
        guard timed else { return }
        let tolerance = max(check.toleranceMilliseconds, check.tolerancePercent / 100 * abs(deltaMs))
        if abs(duration - deltaMs) > tolerance {
            report(
                PairRules.durationMismatch,
                PairRules.durationMismatchMessage(
                    pair: name, param: check.param, duration: duration, apart: deltaMs, tolerance: tolerance),
                at: closing, param: check.param, notes: [note])
        }
    }
}
