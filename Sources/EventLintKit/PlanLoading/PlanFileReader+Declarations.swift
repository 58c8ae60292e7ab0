/// Decoding of params, user properties, events, pairs and rules.
extension PlanFileReader {
    /// The largest `minLength`/`maxLength` read (GA4 itself drops values over 100 characters,
    /// which `check` reports; this bound only keeps the number sane).
    static let maxLength: Int64 = 1_000_000
    /// The largest `toleranceMs`: the span of `GA4Facts.plausibleTimestampMicros`.
    static let maxToleranceMilliseconds: Double = LintSettings.maxUnclosedWindowMinutes * 60_000

    mutating func readType(_ node: JSONNode) -> ParamType? {
        guard let text = string(node, "type") else { return nil }
        guard let type = ParamType(rawValue: text) else {
            invalid(PlanLoadingRules.unknownTypeMessage(type: text), at: node.offset)
            return nil
        }
        return type
    }

    /// `register: 'event' | 'user' | 'item' | 'none' | { metric: 'milliseconds' }`.
    mutating func readRegistration(_ node: JSONNode) -> Registration? {
        switch node.value {
        case .string(let text):
            switch text {
            case "event": return .eventDimension
            case "user": return .userDimension
            case "item": return .itemDimension
            case "none": return Registration.none
            case "metric": return .metric(unit: "STANDARD")
            default:
                invalid(PlanLoadingRules.unknownRegistrationMessage(registration: text), at: node.offset)
                return nil
            }
        case .object(let members):
            checkKeys(members, allowed: PlanLanguage.metricRegistration, in: "register")
            guard let unitNode = members.first(where: { $0.key == "metric" })?.value,
                let unit = string(unitNode, "metric unit")
            else {
                invalid(PlanLoadingRules.metricWithoutUnitMessage, at: node.offset)
                return nil
            }
            let upper = unit.uppercased()
            guard GA4Facts.metricUnits.contains(upper) else {
                invalid(PlanLoadingRules.unknownMetricUnitMessage(unit: unit), at: unitNode.offset)
                return nil
            }
            return .metric(unit: upper)
        default:
            invalid(PlanLoadingRules.registerShapeMessage, at: node.offset)
            return nil
        }
    }

    mutating func readParam(_ name: String, _ node: JSONNode, at: SourceLocation) -> ParamDeclaration? {
        guard let members = object(node, "param \"\(name)\"") else { return nil }
        checkKeys(members, allowed: PlanLanguage.param, in: "param \"\(name)\"")
        guard let typeMember = members.first(where: { $0.key == "type" }) else {
            invalid(PlanLoadingRules.paramWithoutTypeMessage(param: name), at: node.offset, param: name)
            return nil
        }
        guard let type = readType(typeMember.value) else { return nil }
        var param = ParamDeclaration(
            name: name, location: at, type: type, typeLocation: location(typeMember.value.offset),
            registration: .none)
        for member in members {
            let value = member.value
            switch member.key {
            case "values": param.values = planValues(value, "values")
            case "min": param.minimum = number(value, "min").map { Located($0, at: location(value.offset)) }
            case "max": param.maximum = number(value, "max").map { Located($0, at: location(value.offset)) }
            case "minLength": param.minLength = integer(value, "minLength", in: 0...Self.maxLength).map { Int($0) }
            case "maxLength":
                param.maxLength = integer(value, "maxLength", in: 0...Self.maxLength).map { Int($0) }
                param.maxLengthLocation = location(value.offset)
            case "edges":
                guard case .array(let items) = value.value else {
                    invalid(PlanLoadingRules.edgesShapeMessage, at: value.offset, param: name)
                    continue
                }
                var edges: [Int64] = []
                for item in items {
                    guard let edge = integer(item, "each bucket edge", in: Self.exactIntegers) else { continue }
                    edges.append(edge)
                    param.edgeLocations.append(location(item.offset))
                }
                param.bucket = BucketSpec(edges: edges)
                param.bucketLocation = location(value.offset)
            case "register":
                if let registration = readRegistration(value) {
                    param.registration = registration
                    param.registrationLocation = location(value.offset)
                }
            case "description": param.description = string(value, "description")
            default: break
            }
        }
        if type == .bucket, param.bucket == nil {
            invalid(PlanLoadingRules.bucketWithoutEdgesMessage(param: name), at: node.offset, param: name)
            return nil
        }
        if type != .bucket, let bucketLocation = param.bucketLocation {
            findings.append(
                Finding(
                    rule: PlanLoadingRules.invalidDeclaration,
                    message: "edges are only meaningful for type 'bucket', not '\(type.rawValue)'",
                    at: bucketLocation, param: name))
        }
        return param
    }

    mutating func readUserProperty(_ name: String, _ node: JSONNode, at: SourceLocation) -> UserPropertyDeclaration? {
        guard let members = object(node, "user property \"\(name)\"") else { return nil }
        checkKeys(members, allowed: PlanLanguage.userProperty, in: "user property \"\(name)\"")
        var property = UserPropertyDeclaration(
            name: name, location: at, type: .string, values: nil, registration: .none)
        for member in members {
            switch member.key {
            case "type":
                guard let type = readType(member.value) else { return nil }
                property.type = type
            case "values": property.values = planValues(member.value, "values")
            case "register":
                if let registration = readRegistration(member.value) {
                    property.registration = registration
                    property.registrationLocation = location(member.value.offset)
                }
            case "description": property.description = string(member.value, "description")
            case "experiment": property.experiment = bool(member.value, "experiment") ?? false
            default: break
            }
        }
        return property
    }

    mutating func readEvent(_ name: String, _ node: JSONNode, at: SourceLocation) -> EventDeclaration? {
        guard let members = object(node, "event \"\(name)\"") else { return nil }
        checkKeys(members, allowed: PlanLanguage.event, in: "event \"\(name)\"")
        var event = EventDeclaration(name: name, location: at, description: nil, params: [])
        for member in members {
            switch member.key {
            case "description": event.description = string(member.value, "description")
            case "params":
                for (param, value, paramAt) in entries(member.value, "params of \(name)") {
                    if let use = readParamUse(param, value, at: paramAt, event: name) { event.params.append(use) }
                }
            case "items":
                // `items: { params: { NAME: 'required' | 'optional' | { required, values } } }`.
                guard let itemMembers = object(member.value, "items of \(name)") else { continue }
                checkKeys(itemMembers, allowed: PlanLanguage.eventItems, in: "items of event \"\(name)\"")
                for itemMember in itemMembers where itemMember.key == "params" {
                    for (param, value, paramAt) in entries(itemMember.value, "item params of \(name)") {
                        if let use = readParamUse(param, value, at: paramAt, event: name) {
                            event.itemParams.append(use)
                        }
                    }
                }
            default: break
            }
        }
        return event
    }

    /// `'required' | 'optional' | { required: true | false | { since: '3.0.0' }, values: [...] }`.
    mutating func readParamUse(_ name: String, _ node: JSONNode, at: SourceLocation, event: String) -> EventParamUse? {
        var use = EventParamUse(name: name, location: at, requirement: .optional, values: nil)
        switch node.value {
        case .string(let text):
            switch text {
            case "required": use.requirement = .required
            case "optional": use.requirement = .optional
            default:
                invalid(
                    PlanLoadingRules.unknownParamUseMessage(use: text), at: node.offset, event: event, param: name)
                return nil
            }
        case .object(let members):
            checkKeys(members, allowed: PlanLanguage.paramUse, in: "param \"\(name)\" of event \"\(event)\"")
            for member in members {
                switch member.key {
                case "required":
                    switch member.value.value {
                    case .bool(let flag): use.requirement = flag ? .required : .optional
                    case .object(let since):
                        checkKeys(since, allowed: PlanLanguage.since, in: "required")
                        guard let sinceNode = since.first(where: { $0.key == "since" })?.value,
                            let text = string(sinceNode, "since")
                        else {
                            invalid(PlanLoadingRules.requiredShapeMessage, at: member.value.offset)
                            continue
                        }
                        guard let version = AppVersion(text) else {
                            invalid(PlanLoadingRules.invalidAppVersionMessage(version: text), at: sinceNode.offset)
                            continue
                        }
                        use.requirement = .requiredSince(version)
                    default:
                        invalid(PlanLoadingRules.requiredShapeMessage, at: member.value.offset)
                    }
                case "values": use.values = planValues(member.value, "values")
                default: break
                }
            }
        default:
            invalid(PlanLoadingRules.paramUseShapeMessage, at: node.offset, event: event, param: name)
            return nil
        }
        return use
    }

    // MARK: - Conditions and event matchers

    /// `{ name: value | [values] | { in, notIn, min, max, present, equalsUserProperty } }`.
    mutating func readConditions(_ node: JSONNode, _ what: String) -> [Condition] {
        guard let members = object(node, what) else { return [] }
        return members.compactMap { member in
            let at = location(member.keyOffset)
            let value = member.value
            switch value.value {
            case .object(let tests):
                checkKeys(
                    tests, allowed: PlanLanguage.conditionTests,
                    in: "the condition on \"\(member.key)\"")
                var predicates: [ValuePredicate] = []
                for test in tests {
                    switch test.key {
                    case "in": predicates.append(.oneOf(planValues(test.value, "in").map(\.value)))
                    case "notIn": predicates.append(.noneOf(planValues(test.value, "notIn").map(\.value)))
                    case "min":
                        guard let bound = number(test.value, "min") else { return nil }
                        predicates.append(.atLeast(bound))
                    case "max":
                        guard let bound = number(test.value, "max") else { return nil }
                        predicates.append(.atMost(bound))
                    case "present": if let flag = bool(test.value, "present") { predicates.append(.present(flag)) }
                    case "equalsUserProperty":
                        if let name = string(test.value, "equalsUserProperty") {
                            predicates.append(.equalsUserProperty(name))
                        }
                    default: break
                    }
                }
                if predicates.isEmpty {
                    invalid(PlanLoadingRules.conditionTestsNothingMessage(name: member.key), at: value.offset)
                    return nil
                }
                return Condition(name: member.key, location: at, predicates: predicates)
            case .array, .string, .number, .bool:
                let values = planValues(value, "the condition on \"\(member.key)\"").map(\.value)
                return Condition(name: member.key, location: at, predicates: [.oneOf(values)])
            case .null:
                invalid(PlanLoadingRules.nullConditionMessage, at: value.offset)
                return nil
            }
        }
    }

    /// `'event_name'` or `{ event: 'event_name', where: { … } }`.
    mutating func readMatcher(_ node: JSONNode, _ what: String, checkingKeys: Bool = true) -> EventMatcher? {
        switch node.value {
        case .string(let name):
            return EventMatcher(event: name, location: location(node.offset), conditions: [])
        case .object(let members):
            if checkingKeys { checkKeys(members, allowed: PlanLanguage.matcherObject, in: what) }
            guard let eventNode = members.first(where: { $0.key == "event" })?.value,
                let name = string(eventNode, "event")
            else {
                invalid(PlanLoadingRules.matcherWithoutEventMessage(what: what), at: node.offset)
                return nil
            }
            var matcher = EventMatcher(event: name, location: location(eventNode.offset), conditions: [])
            if let whereNode = members.first(where: { $0.key == "where" })?.value {
                matcher.conditions = readConditions(whereNode, "where")
            }
            return matcher
        default:
            invalid(PlanLoadingRules.matcherShapeMessage(what: what), at: node.offset)
            return nil
        }
    }

    /// A rule's `after` / `notAfter`: `'event_name'` or `{ event, where, within }`. Without a
    /// usable window where one is required, or with a window `TimeWindow` refuses, nil (and a
    /// `plan/invalid-window` finding): the rule is not run with a window other than the one written.
    mutating func readEarlierEvent(_ node: JSONNode, _ what: String, windowRequired: Bool) -> EarlierEvent? {
        var windowNode: JSONNode?
        var matcherNode = node
        if case .object(let members) = node.value {
            checkKeys(members, allowed: PlanLanguage.earlierEvent, in: what)
            windowNode = members.first(where: { $0.key == "within" })?.value
            matcherNode = JSONNode(.object(members.filter { $0.key != "within" }), offset: node.offset)
        }
        guard let matcher = readMatcher(matcherNode, what, checkingKeys: false) else { return nil }
        guard let windowNode else {
            if windowRequired {
                invalidWindow("\(what) needs within: the window before the event, e.g. within: '30m'", at: node.offset)
                return nil
            }
            return EarlierEvent(matcher: matcher)
        }
        guard let window = readWindow(windowNode, what) else { return nil }
        return EarlierEvent(matcher: matcher, within: Located(window, at: location(windowNode.offset)))
    }

    /// `'60s'`, `'30m'`, `'1h30m'`: see `TimeWindow`.
    mutating func readWindow(_ node: JSONNode, _ what: String) -> TimeWindow? {
        let grammar = "a number and a unit, largest first: '60s', '30m', '24h', '1h30m', '7d'"
        guard case .string(let text) = node.value else {
            let shown: String
            if case .number(let lexeme) = node.value { shown = " such as " + lexeme } else { shown = "" }
            invalidWindow(
                "the window of \(what) must be a text with units, not a bare value\(shown): \(grammar)", at: node.offset
            )
            return nil
        }
        switch TimeWindow.parse(text) {
        case .success(let window): return window
        case .failure(.malformed):
            invalidWindow("window \"\(text)\" of \(what) is not a duration: write \(grammar)", at: node.offset)
        case .failure(.notPositive):
            invalidWindow(
                "window \"\(text)\" of \(what) is not positive: a window must be at least one second", at: node.offset)
        case .failure(.tooLarge):
            let most = TimeWindow(seconds: TimeWindow.maxSeconds).map(\.description) ?? ""
            invalidWindow(
                "window \"\(text)\" of \(what) is too large: at most \(most) (100 years, the span of every valid timestamp)",
                at: node.offset)
        }
        return nil
    }

    mutating func invalidWindow(_ message: String, at offset: Int) {
        findings.append(Finding(rule: PlanLoadingRules.invalidWindow, message: message, at: location(offset)))
    }

    mutating func readMatchers(_ node: JSONNode, _ what: String) -> [EventMatcher] {
        if case .array(let items) = node.value { return items.compactMap { readMatcher($0, what) } }
        return readMatcher(node, what).map { [$0] } ?? []
    }

    // MARK: - Pairs and rules

    mutating func readPair(_ name: String, _ node: JSONNode, at: SourceLocation) -> PairDeclaration? {
        guard let members = object(node, "pair \"\(name)\"") else { return nil }
        checkKeys(
            members, allowed: PlanLanguage.pair,
            in: "pair \"\(name)\"")
        var pair = PairDeclaration(
            name: name, location: at, description: nil, opens: [], closes: [], closeRequired: true,
            inside: [], same: [], duration: nil, outcomeParam: nil, outcomeLocation: nil, keyedBySession: false)
        for member in members {
            let value = member.value
            switch member.key {
            case "description": pair.description = string(value, "description")
            case "open": pair.opens = readMatchers(value, "open")
            case "inside": pair.inside = readMatchers(value, "inside")
            case "same": pair.same = strings(value, "same")
            case "close":
                guard let close = object(value, "close") else { continue }
                checkKeys(close, allowed: PlanLanguage.close, in: "close")
                for item in close {
                    switch item.key {
                    case "events": pair.closes = readMatchers(item.value, "close events")
                    case "required": pair.closeRequired = bool(item.value, "required") ?? true
                    default: break
                    }
                }
            case "duration": pair.duration = readDuration(value)
            case "outcome":
                pair.outcomeParam = string(value, "outcome")
                pair.outcomeLocation = location(value.offset)
            case "key":
                let parts = strings(value, "key").map(\.value)
                for part in parts where part != "user" && part != "session" {
                    invalid(PlanLoadingRules.unknownPairKeyMessage(key: part), at: value.offset)
                }
                pair.keyedBySession = parts.contains("session")
            default: break
            }
        }
        if pair.opens.isEmpty { invalid(PlanLoadingRules.pairWithoutOpenMessage(pair: name), at: node.offset) }
        if pair.closes.isEmpty { invalid(PlanLoadingRules.pairWithoutCloseMessage(pair: name), at: node.offset) }
        return pair.opens.isEmpty || pair.closes.isEmpty ? nil : pair
    }

    /// `{ param: 'duration_ms', toleranceMs: 1000, tolerancePercent: 10 }`.
    mutating func readDuration(_ node: JSONNode) -> DurationCheck? {
        if case .string(let param) = node.value {
            return DurationCheck(
                param: param, location: location(node.offset), toleranceMilliseconds: 1000,
                tolerancePercent: 10)
        }
        guard let members = object(node, "duration") else { return nil }
        checkKeys(members, allowed: PlanLanguage.duration, in: "duration")
        guard let paramNode = members.first(where: { $0.key == "param" })?.value,
            let param = string(paramNode, "duration param")
        else {
            invalid(PlanLoadingRules.durationWithoutParamMessage, at: node.offset)
            return nil
        }
        var check = DurationCheck(
            param: param, location: location(paramNode.offset), toleranceMilliseconds: 1000,
            tolerancePercent: 10)
        for member in members {
            switch member.key {
            case "toleranceMs":
                check.toleranceMilliseconds =
                    number(member.value, "toleranceMs", in: 0...Self.maxToleranceMilliseconds) ?? 1000
            case "tolerancePercent":
                check.tolerancePercent = number(member.value, "tolerancePercent", in: 0...1000) ?? 10
            default: break
            }
        }
        return check
    }

    mutating func readRule(_ name: String, _ node: JSONNode, at: SourceLocation) -> RuleDeclaration? {
        guard let members = object(node, "rule \"\(name)\"") else { return nil }
        checkKeys(members, allowed: PlanLanguage.rule, in: "rule \"\(name)\"")
        var rule = RuleDeclaration(
            name: name, location: at, description: nil, on: [], events: [], when: [], whenUser: [], require: [],
            requireUser: [], after: nil, notAfter: nil, severity: nil)
        var windowRefused = false
        for member in members {
            let value = member.value
            switch member.key {
            case "description": rule.description = string(value, "description")
            case "on": rule.on = strings(value, "on")
            case "when": rule.when = readConditions(value, "when")
            case "whenUser": rule.whenUser = readConditions(value, "whenUser")
            case "whenPlatform":
                // The export's `platform` column values.
                for platform in strings(value, "whenPlatform") {
                    if GA4Facts.platforms.contains(platform.value) {
                        rule.whenPlatform.append(platform)
                    } else {
                        invalid(PlanLoadingRules.unknownPlatformMessage(platform: platform.value), at: value.offset)
                    }
                }
            case "require": rule.require = readConditions(value, "require")
            case "requireUser": rule.requireUser = readConditions(value, "requireUser")
            case "after", "notAfter":
                let before = findings.count
                let earlier = readEarlierEvent(value, member.key, windowRequired: member.key == "notAfter")
                if findings[before...].contains(where: { $0.ruleID == PlanLoadingRules.invalidWindow.id }) {
                    windowRefused = true
                }
                if member.key == "after" { rule.after = earlier } else { rule.notAfter = earlier }
            case "once": rule.once = onceValue(value)
            case "severity": rule.severity = severityValue(value)
            default: break
            }
        }
        if rule.on.isEmpty {
            invalid(PlanLoadingRules.ruleWithoutOnMessage(rule: name), at: node.offset)
            return nil
        }
        // A rule whose window was refused is dropped whole: run without it, it would check
        // something other than what the plan says.
        if windowRefused { return nil }
        if rule.require.isEmpty, rule.requireUser.isEmpty, rule.after == nil, rule.notAfter == nil,
            rule.once == nil
        {
            invalid(PlanLoadingRules.ruleRequiresNothingMessage(rule: name), at: node.offset)
            return nil
        }
        return rule
    }
}
