/// Decoding of metrics: `{ description?, passRate | conversion | return }`. Only the shape is
/// checked here; whether the pair, outcome and events exist is `check`'s
/// (`PlanCheckRun.checkMetrics`).
extension PlanFileReader {
    mutating func readMetric(_ name: String, _ node: JSONNode, at: SourceLocation) -> MetricDeclaration? {
        let what = "metric \"\(name)\""
        guard let members = object(node, what) else { return nil }
        checkKeys(members, allowed: PlanLanguage.metric, in: what)
        var description: String?
        var kinds: [MetricKind] = []
        var kindNodes = 0
        for member in members {
            let value = member.value
            switch member.key {
            case "description": description = string(value, "description")
            case "passRate":
                kindNodes += 1
                if let kind = readPassRate(value, what) { kinds.append(kind) }
            case "conversion", "return":
                kindNodes += 1
                if let kind = readTimedMetric(member.key, value, what) { kinds.append(kind) }
            default: break
            }
        }
        guard kindNodes == 1 else {
            invalid(PlanLoadingRules.metricKindCountMessage(metric: name, count: kindNodes), at: node.offset)
            return nil
        }
        guard let kind = kinds.first else { return nil }
        return MetricDeclaration(name: name, location: at, description: description, kind: kind)
    }

    /// `passRate: { pair, outcome }`.
    private mutating func readPassRate(_ node: JSONNode, _ what: String) -> MetricKind? {
        guard let members = object(node, "passRate of \(what)") else { return nil }
        checkKeys(members, allowed: PlanLanguage.passRateMetric, in: "passRate of \(what)")
        guard let pairNode = members.first(where: { $0.key == "pair" })?.value,
            let outcomeNode = members.first(where: { $0.key == "outcome" })?.value
        else {
            invalid(
                PlanLoadingRules.metricMissingKeyMessage(what: "passRate of \(what)", keys: "pair and outcome"),
                at: node.offset)
            return nil
        }
        guard let pair = string(pairNode, "pair"), let outcome = planValue(outcomeNode, "outcome") else { return nil }
        return .passRate(
            pair: Located(pair, at: location(pairNode.offset)),
            outcome: Located(outcome, at: location(outcomeNode.offset)))
    }

    /// `conversion: { from, to, within }` and `return: { from, event, within }`.
    private mutating func readTimedMetric(_ key: String, _ node: JSONNode, _ what: String) -> MetricKind? {
        let context = "\(key) of \(what)"
        let target = key == "return" ? "event" : "to"
        guard let members = object(node, context) else { return nil }
        checkKeys(
            members,
            allowed: key == "return" ? PlanLanguage.returnMetric : PlanLanguage.conversionMetric,
            in: context)
        guard let fromNode = members.first(where: { $0.key == "from" })?.value,
            let targetNode = members.first(where: { $0.key == target })?.value,
            let windowNode = members.first(where: { $0.key == "within" })?.value
        else {
            invalid(
                PlanLoadingRules.metricMissingKeyMessage(what: context, keys: "from, \(target) and within"),
                at: node.offset)
            return nil
        }
        guard let from = readMatcher(fromNode, "from of \(context)"),
            let to = readMatcher(targetNode, "\(target) of \(context)"),
            let window = readWindow(windowNode, context)
        else { return nil }
        let within = Located(window, at: location(windowNode.offset))
        return key == "return"
            ? .returnVisit(from: from, event: to, within: within) : .conversion(from: from, to: to, within: within)
    }
}
