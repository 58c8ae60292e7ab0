/// Decoding of journeys: `{ whenUser, steps: [matcher, …], within, severity, description }`.
/// Whether the steps' events exist and the conditions can hold is `check`'s.
extension PlanFileReader {
    mutating func readJourneys(_ node: JSONNode, into builder: inout PlanBuilder) {
        for (name, node, at) in entries(node, "journeys") {
            guard builder.claim("journey", name, at: at), let journey = readJourney(name, node, at: at) else {
                continue
            }
            builder.plan.journeys.append(journey)
        }
    }

    /// A rule's or journey's `severity`: nil (and a finding) for another word than the three.
    mutating func severityValue(_ node: JSONNode) -> Severity? {
        guard let text = string(node, "severity") else { return nil }
        guard let severity = Severity(rawValue: text) else {
            invalid(PlanLoadingRules.unknownSeverityMessage(severity: text), at: node.offset)
            return nil
        }
        return severity
    }

    /// A rule's `once`: nil (and a finding) for another word than `atMost` and `exactly`.
    mutating func onceValue(_ node: JSONNode) -> OnceCount? {
        guard let text = string(node, "once") else { return nil }
        guard let once = OnceCount(rawValue: text) else {
            invalid(PlanLoadingRules.unknownOnceMessage(once: text), at: node.offset)
            return nil
        }
        return once
    }

    mutating func readJourney(_ name: String, _ node: JSONNode, at: SourceLocation) -> JourneyDeclaration? {
        guard let members = object(node, "journey \"\(name)\"") else { return nil }
        checkKeys(members, allowed: PlanLanguage.journey, in: "journey \"\(name)\"")
        var journey = JourneyDeclaration(
            name: name, location: at, description: nil, whenUser: [], steps: [], within: nil, severity: nil)
        var refused = false
        for member in members {
            let value = member.value
            switch member.key {
            case "description": journey.description = string(value, "description")
            case "whenUser": journey.whenUser = readConditions(value, "whenUser")
            case "steps":
                guard case .array(let items) = value.value else {
                    invalid(PlanLoadingRules.journeyStepsMessage(journey: name), at: value.offset)
                    refused = true
                    continue
                }
                journey.steps = items.compactMap { readMatcher($0, "a step of journey \"\(name)\"") }
                if journey.steps.count != items.count { refused = true }
            case "within":
                guard let window = readWindow(value, "within") else {
                    refused = true
                    continue
                }
                journey.within = Located(window, at: location(value.offset))
            case "severity": journey.severity = severityValue(value)
            default: break
            }
        }
        // A journey with a step or window refused is dropped whole: checked without it, it would
        // ask for another order than the plan's.
        if refused { return nil }
        guard journey.steps.count >= 2 else {
            invalid(PlanLoadingRules.journeyStepsMessage(journey: name), at: node.offset)
            return nil
        }
        return journey
    }
}
