/// The plan's journeys, per user in time order: each event that matches one of a journey's steps
/// (its event and `where`), on a user its `whenUser` selects, must be the step the user has to
/// reach next, within the window from the first step. The first that is not breaks the journey
/// for that user: one finding, and the journey is not followed further. An event of a step's name
/// that matches no step (another branch of the flow: "later" where a step asks for "setup") does
/// not move the journey. A journey left unfinished when the user's events end is no finding (the
/// export may cut it off, or the tester stopped).
extension CrossEventRun {
    mutating func advance(journey index: Int, record: EventRecord, values: RecordValues) {
        let step = journeyStep[index]
        let journey = checker.journeys[index]
        guard step >= 0, step < journey.steps.count else { return }
        for condition in journey.whenUser where condition.holds(values) != true { return }
        // Names are spelled only for a finding: this runs for every event of a step.
        guard journey.steps[step].matches(record, values) else {
            guard journey.steps.contains(where: { $0.matches(record, values) }) else { return }
            journeyStep[index] = -1
            report(
                JourneyRules.unexpectedStep, severity: journey.declaration.severity,
                JourneyRules.unexpectedStepMessage(
                    journey: journey.declaration.name, step: step + 1,
                    expected: journey.declaration.steps[step].spelled,
                    event: eventName(record),
                    user: userText(record)),
                at: record,
                notes: journeyStart[index].map { [FindingNote(JourneyRules.firstStepNote, at: location($0))] } ?? [])
            return
        }
        if let start = journeyStart[index], let window = journey.window, let within = journey.declaration.within?.value,
            record.timestamp != .min, start.timestamp != .min, !Self.isWithin(start, window, of: record)
        {
            journeyStep[index] = -1
            report(
                JourneyRules.windowExceeded, severity: journey.declaration.severity,
                JourneyRules.windowExceededMessage(
                    journey: journey.declaration.name, step: step + 1,
                    expected: journey.declaration.steps[step].spelled,
                    gap: Self.gap(from: start, to: record),
                    user: userText(record), within: within),
                at: record, notes: [FindingNote(JourneyRules.firstStepNote, at: location(start))])
            return
        }
        if step == 0 { journeyStart[index] = record }
        journeyStep[index] = step + 1
    }
}
