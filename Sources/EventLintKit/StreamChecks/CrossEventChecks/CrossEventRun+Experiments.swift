/// The arm checks of the plan's experiments, one user at a time: the arm first seen, a second
/// arm (`ExperimentRules.armFlip`), a population the user is outside of
/// (`ExperimentRules.outsidePopulation`), pairs opened before the arm was set
/// (`ExperimentRules.eventBeforeArm`), and at the user's end the user counted in the first arm.
extension CrossEventRun {
    /// Reads the record's arm of each experiment.
    mutating func trackArms(_ record: EventRecord, _ values: RecordValues) {
        for (index, experiment) in checker.plan.experiments.enumerated() where experiment.slot >= 0 {
            let value = values[experiment.slot]
            if value.isUsable {
                // The same arm again, nearly every record: read in place, without copying the
                // user's arm state (its name, location and held finding) out and back.
                if userArms[index].name != nil, userArms[index].value == value, userArms[index].epoch == valueEpoch {
                    continue
                }
                seeArm(index, experiment, value, record, values)
            } else if value.tag == .absent, checker.opensPair[Int(record.event)], userArms[index].name == nil,
                userArms[index].early == nil
            {
                // Only the record: most users who open a pair before their arm never get one, and
                // their finding would be made for nothing.
                userArms[index].early = record
            }
        }
    }

    /// A usable arm on a record: the user's first, the same again, or a second one.
    private mutating func seeArm(
        _ index: Int, _ experiment: CompiledExperiment, _ value: TrackedValue, _ record: EventRecord,
        _ values: RecordValues
    ) {
        var arm = userArms[index]
        if arm.name != nil, arm.value == value, arm.epoch == valueEpoch { return }
        let name = value.armName(texts: input.texts)
        defer { userArms[index] = arm }
        guard let first = arm.name else {
            arm = UserArm(name: name, value: value, epoch: valueEpoch, first: location(record))
            if let early = userArms[index].early {
                report(
                    ExperimentRules.eventBeforeArm,
                    ExperimentRules.eventBeforeArmMessage(
                        experiment: experiment.declaration.name, event: eventName(early), user: userText(early)),
                    at: early, notes: [FindingNote(ExperimentRules.armSetNote(arm: name), at: location(record))])
            }
            if experiment.population.contains(where: { $0.holds(values) == false }) {
                report(
                    ExperimentRules.outsidePopulation,
                    ExperimentRules.outsidePopulationMessage(
                        experiment: experiment.declaration.name, user: userText(record), arm: name,
                        expected: experiment.population.map { "\($0.name) \($0.expected)" }.joined(separator: ", ")),
                    at: record)
            }
            return
        }
        if first == name {
            (arm.value, arm.epoch) = (value, valueEpoch)
            return
        }
        guard !arm.flipped else { return }
        arm.flipped = true
        report(
            ExperimentRules.armFlip,
            ExperimentRules.armFlipMessage(
                experiment: experiment.declaration.name, user: userText(record), first: first, second: name),
            at: record, notes: [FindingNote(ExperimentRules.armFirstSeenNote(arm: first), at: arm.first)])
    }

    /// Counts the ended user in the first arm seen, per experiment.
    mutating func countArms() {
        for (index, experiment) in checker.plan.experiments.enumerated() {
            guard let name = userArms[index].name else { continue }
            let arm = experiment.arms.firstIndex(of: name) ?? experiment.arms.count
            experimentUsers[index][arm] = experimentUsers[index][arm].addingSaturating(1)
        }
    }
}

/// One user's arm of one experiment so far.
struct UserArm {
    /// The first arm seen, as logged; nil: none yet.
    var name: String?
    /// The value last seen for it, by text id, valid while `epoch` is the run's `valueEpoch`.
    var value = TrackedValue.absent
    var epoch = 0
    /// Where the first arm was seen.
    var first: SourceLocation?
    var flipped = false
    /// The record of a pair opened before any arm, reported once the user gets one.
    var early: EventRecord?
}
