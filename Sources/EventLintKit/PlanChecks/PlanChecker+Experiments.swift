/// `experiments`: each reads a declared user property, its arms are values of it with shares
/// that make a whole, its population can hold, and no property holds two experiments.
extension PlanCheckRun {
    mutating func checkExperiments() {
        var firstByProperty: [String: ExperimentDeclaration] = [:]
        for experiment in plan.experiments {
            let property = experiment.userProperty
            if let first = firstByProperty[property.value] {
                report(
                    PlanRules.experimentPropertyShared,
                    PlanRules.experimentPropertySharedMessage(
                        property: property.value, experiment: experiment.name, first: first.name),
                    at: property.location, param: property.value,
                    notes: [FindingNote(PlanRules.experimentDeclarationNote, at: first.location)])
            } else {
                firstByProperty[property.value] = experiment
            }
            checkExperimentProperty(experiment)
            checkShares(of: experiment)
            for condition in experiment.population { checkUserCondition(condition) }
        }
        for property in plan.userProperties where property.experiment && firstByProperty[property.name] == nil {
            report(
                PlanRules.experimentUndeclared, PlanRules.experimentUndeclaredMessage(property: property.name),
                at: property.location, param: property.name)
        }
    }

    /// The property is declared (or GA4's, such as `firebase_exp_3`), marked, and allows each arm.
    mutating func checkExperimentProperty(_ experiment: ExperimentDeclaration) {
        let name = experiment.userProperty.value
        guard let property = userPropertiesByName[name] else {
            report(
                PlanRules.unknownUserPropertyRef, PlanRules.unknownUserPropertyRefMessage(property: name),
                at: experiment.userProperty.location, param: name)
            return
        }
        guard !property.isImplicit else { return }
        if !property.experiment {
            report(
                PlanRules.experimentPropertyNotMarked,
                PlanRules.experimentPropertyNotMarkedMessage(property: name, experiment: experiment.name),
                at: property.location, param: name,
                notes: [FindingNote(PlanRules.experimentDeclarationNote, at: experiment.location)])
        }
        guard let values = property.values?.map(\.value.plainText) else { return }
        for arm in experiment.arms where !values.contains(arm.value) {
            report(
                PlanRules.experimentArmUndeclared,
                PlanRules.experimentArmUndeclaredMessage(
                    experiment: experiment.name, arm: arm.value, property: name, allowed: values),
                at: arm.location, param: name,
                notes: [FindingNote(PlanRules.userPropertyDeclarationNote, at: property.location)])
        }
    }

    /// At least two arms, each share in (0, 1], the shares summing to 1.
    mutating func checkShares(of experiment: ExperimentDeclaration) {
        if experiment.arms.count < 2 {
            report(
                PlanRules.experimentTooFewArms,
                PlanRules.experimentTooFewArmsMessage(experiment: experiment.name, count: experiment.arms.count),
                at: experiment.armsLocation)
        }
        var inRange = true
        for arm in experiment.arms where !(arm.share > 0 && arm.share <= 1) {
            inRange = false
            report(
                PlanRules.experimentShareInvalid,
                PlanRules.experimentShareOutOfRangeMessage(
                    experiment: experiment.name, arm: arm.value, share: arm.share),
                at: arm.shareLocation)
        }
        // A sum is only worth reporting when each share is one; the shares are finite and at
        // most a few, so the sum cannot overflow.
        let sum = experiment.arms.reduce(0) { $0 + $1.share }
        if inRange, !experiment.arms.isEmpty, abs(sum - 1) > PlanRules.shareSumTolerance {
            report(
                PlanRules.experimentShareInvalid,
                PlanRules.experimentSharesSumMessage(experiment: experiment.name, sum: sum),
                at: experiment.armsLocation)
        }
    }
}
