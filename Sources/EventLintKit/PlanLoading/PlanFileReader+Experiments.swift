/// Decoding of experiments: `{ userProperty, arms: { ARM: share }, population, srmThreshold }`.
/// Only the shape is checked here; whether the arms, shares and population fit the plan is
/// `check`'s (`PlanCheckRun.checkExperiments`), so every problem has its own rule.
extension PlanFileReader {
    mutating func readExperiment(_ name: String, _ node: JSONNode, at: SourceLocation) -> ExperimentDeclaration? {
        guard let members = object(node, "experiment \"\(name)\"") else { return nil }
        checkKeys(members, allowed: PlanLanguage.experiment, in: "experiment \"\(name)\"")
        var property: Located<String>?
        var arms: [ExperimentArm] = []
        var armsLocation: SourceLocation?
        var description: String?
        var population: [Condition] = []
        var threshold: Located<Double>?
        // An arm whose share cannot be read drops the experiment: checked without it, the
        // remaining shares would be reported as not summing to 1.
        var shareRefused = false
        for member in members {
            let value = member.value
            switch member.key {
            case "description": description = string(value, "description")
            case "userProperty":
                property = string(value, "userProperty").map { Located($0, at: location(value.offset)) }
            case "arms":
                armsLocation = location(value.offset)
                for (arm, shareNode, armAt) in entries(value, "arms of \(name)") {
                    guard let share = number(shareNode, "the share of arm \"\(arm)\"") else {
                        shareRefused = true
                        continue
                    }
                    arms.append(
                        ExperimentArm(
                            value: arm, location: armAt, share: share, shareLocation: location(shareNode.offset)))
                }
            case "population": population = readConditions(value, "population")
            case "srmThreshold":
                // A p-value: 0 would never warn and 1 would always.
                guard let p = number(value, "srmThreshold", in: 0...1) else { continue }
                guard p > 0, p < 1 else {
                    invalid(PlanLoadingRules.thresholdNotPValueMessage(threshold: p), at: value.offset)
                    continue
                }
                threshold = Located(p, at: location(value.offset))
            default: break
            }
        }
        guard let property else {
            invalid(PlanLoadingRules.experimentWithoutPropertyMessage(experiment: name), at: node.offset)
            return nil
        }
        guard let armsLocation else {
            invalid(PlanLoadingRules.experimentWithoutArmsMessage(experiment: name), at: node.offset)
            return nil
        }
        if shareRefused { return nil }
        return ExperimentDeclaration(
            name: name, location: at, description: description, userProperty: property, arms: arms,
            armsLocation: armsLocation, population: population, srmThreshold: threshold)
    }
}
