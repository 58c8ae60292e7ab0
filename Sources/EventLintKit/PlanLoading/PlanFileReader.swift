/// Decodes one plan file's JSON5 tree into declarations, reporting shape problems as findings
/// that point at `file:line:column`.
struct PlanFileReader {
    let path: String
    let index: LineIndex
    var findings: [Finding] = []

    init(path: String, index: LineIndex) {
        self.path = path
        self.index = index
    }

    // MARK: - Positions and findings

    func location(_ offset: Int) -> SourceLocation {
        let position = index.location(of: offset)
        return SourceLocation(file: path, line: position.line, column: position.column)
    }

    mutating func invalid(_ message: String, at offset: Int, event: String? = nil, param: String? = nil) {
        findings.append(
            Finding(
                rule: PlanLoadingRules.invalidDeclaration, message: message, at: location(offset),
                event: event, param: param))
    }

    /// The members of an object node, or nil (and a finding) when the node is something else.
    mutating func object(_ node: JSONNode, _ what: String) -> [JSONMember]? {
        if case .object(let members) = node.value { return members }
        invalid(PlanLoadingRules.mustBeObjectMessage(what: what), at: node.offset)
        return nil
    }

    /// Reports keys outside the allowed set.
    mutating func checkKeys(_ members: [JSONMember], allowed: PlanLanguage.Object, in what: String) {
        // A plan object has a handful of keys: a scan of them costs less than a set built for it.
        for member in members where !allowed.keys.contains(where: { $0.name == member.key }) {
            let known = allowed.keyNames.sorted().joined(separator: ", ")
            findings.append(
                Finding(
                    rule: PlanLoadingRules.unknownKey,
                    message: "unknown key \"\(member.key)\" in \(what) (known: \(known))",
                    at: location(member.keyOffset)))
        }
    }

    mutating func string(_ node: JSONNode, _ what: String) -> String? {
        if case .string(let text) = node.value { return text }
        invalid(PlanLoadingRules.mustBeStringMessage(what: what), at: node.offset)
        return nil
    }

    /// A finite number within `range`: every number of the plan is read through here (or
    /// `integer`), so no later stage sees `inf` (`1e400` reads as infinity) or a value its
    /// arithmetic or conversions cannot hold.
    mutating func number(
        _ node: JSONNode, _ what: String,
        in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    ) -> Double? {
        guard case .number(let lexeme) = node.value, let value = Double(lexeme) else {
            invalid(PlanLoadingRules.mustBeNumberMessage(what: what), at: node.offset)
            return nil
        }
        guard value.isFinite else {
            invalid(PlanLoadingRules.notFiniteMessage(what: what, lexeme: lexeme), at: node.offset)
            return nil
        }
        guard !Self.isInexactInteger(lexeme) else {
            invalid(PlanLoadingRules.inexactIntegerMessage(what: what, lexeme: lexeme), at: node.offset)
            return nil
        }
        guard range.contains(value) else {
            invalid(
                PlanLoadingRules.outOfRangeMessage(
                    what: what, lowest: NumberText.format(range.lowerBound),
                    highest: NumberText.format(range.upperBound),
                    lexeme: lexeme),
                at: node.offset)
            return nil
        }
        return value
    }

    /// An integer within `range` (by default any `Int64`).
    mutating func integer(_ node: JSONNode, _ what: String, in range: ClosedRange<Int64> = Int64.min...Int64.max)
        -> Int64?
    {
        guard case .number(let lexeme) = node.value, let value = Int64(lexeme) else {
            invalid(PlanLoadingRules.mustBeIntegerMessage(what: what), at: node.offset)
            return nil
        }
        guard range.contains(value) else {
            invalid(
                PlanLoadingRules.outOfRangeMessage(
                    what: what, lowest: String(range.lowerBound), highest: String(range.upperBound), lexeme: lexeme),
                at: node.offset)
            return nil
        }
        return value
    }

    /// Bucket edges and condition bounds are compared with export numbers as doubles: they
    /// must be integers a double holds exactly.
    static let exactIntegers: ClosedRange<Int64> = -(1 << 53)...(1 << 53)

    /// A number written as an integer (`-`, digits) that a double does not hold exactly: beyond
    /// ±2^53 neighbouring integers share a double, so `9007199254740993` would be read, checked,
    /// queried and generated as `9007199254740992`. Every plan number is read as a double, so
    /// such a number is refused wherever it is written.
    static func isInexactInteger(_ lexeme: String) -> Bool {
        let digits = lexeme.utf8.first == UInt8(ascii: "-") ? lexeme.utf8.dropFirst() : lexeme.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return false
        }
        guard let value = Int64(lexeme) else { return true }
        return !exactIntegers.contains(value)
    }

    mutating func bool(_ node: JSONNode, _ what: String) -> Bool? {
        if case .bool(let flag) = node.value { return flag }
        invalid(PlanLoadingRules.mustBeBoolMessage(what: what), at: node.offset)
        return nil
    }

    /// A string or a list of strings, with positions.
    mutating func strings(_ node: JSONNode, _ what: String) -> [Located<String>] {
        switch node.value {
        case .string(let text): return [Located(text, at: location(node.offset))]
        case .array(let items):
            return items.compactMap { item in
                string(item, "each of \(what)").map { Located($0, at: location(item.offset)) }
            }
        default:
            invalid(PlanLoadingRules.mustBeStringsMessage(what: what), at: node.offset)
            return []
        }
    }

    mutating func planValue(_ node: JSONNode, _ what: String) -> PlanValue? {
        switch node.value {
        case .string(let text): return .string(text)
        case .number(let lexeme):
            guard let value = Double(lexeme), value.isFinite else {
                invalid(PlanLoadingRules.numberNotHeldMessage(what: what, lexeme: lexeme), at: node.offset)
                return nil
            }
            guard !Self.isInexactInteger(lexeme) else {
                invalid(PlanLoadingRules.inexactIntegerMessage(what: what, lexeme: lexeme), at: node.offset)
                return nil
            }
            return .number(lexeme: lexeme, value: value)
        case .bool(let flag): return .bool(flag)
        default:
            invalid(PlanLoadingRules.mustBeValueMessage(what: what), at: node.offset)
            return nil
        }
    }

    mutating func planValues(_ node: JSONNode, _ what: String) -> [Located<PlanValue>] {
        if case .array(let items) = node.value {
            return items.compactMap { item in
                planValue(item, "each of \(what)").map { Located($0, at: location(item.offset)) }
            }
        }
        return planValue(node, what).map { [Located($0, at: location(node.offset))] } ?? []
    }

    // MARK: - The file

    mutating func read(_ root: JSONNode, into builder: inout PlanBuilder) {
        guard let members = object(root, "a plan file") else { return }
        checkKeys(members, allowed: PlanLanguage.file, in: "a plan file")
        for member in members {
            switch member.key {
            case "$schema": _ = string(member.value, "$schema")
            case "version":
                if let version = integer(member.value, "version"), version != 1 {
                    invalid(PlanLoadingRules.unsupportedVersionMessage(version: version), at: member.value.offset)
                }
            case "property": readProperty(member, into: &builder)
            case "lint": readLintSettings(member, into: &builder)
            case "params":
                for (name, node, at) in entries(member.value, "params") {
                    guard builder.claim("param", name, at: at), let param = readParam(name, node, at: at) else {
                        continue
                    }
                    builder.plan.params.append(param)
                }
            case "userProperties":
                for (name, node, at) in entries(member.value, "userProperties") {
                    guard builder.claim("user property", name, at: at),
                        let property = readUserProperty(name, node, at: at)
                    else { continue }
                    builder.plan.userProperties.append(property)
                }
            case "events":
                for (name, node, at) in entries(member.value, "events") {
                    guard builder.claim("event", name, at: at), let event = readEvent(name, node, at: at) else {
                        continue
                    }
                    builder.plan.events.append(event)
                }
            case "pairs":
                for (name, node, at) in entries(member.value, "pairs") {
                    guard builder.claim("pair", name, at: at), let pair = readPair(name, node, at: at) else { continue }
                    builder.plan.pairs.append(pair)
                }
            case "rules":
                for (name, node, at) in entries(member.value, "rules") {
                    guard builder.claim("rule", name, at: at), let rule = readRule(name, node, at: at) else { continue }
                    builder.plan.rules.append(rule)
                }
            case "experiments":
                for (name, node, at) in entries(member.value, "experiments") {
                    guard builder.claim("experiment", name, at: at), let experiment = readExperiment(name, node, at: at)
                    else { continue }
                    builder.plan.experiments.append(experiment)
                }
            case "metrics":
                for (name, node, at) in entries(member.value, "metrics") {
                    guard builder.claim("metric", name, at: at), let metric = readMetric(name, node, at: at) else {
                        continue
                    }
                    builder.plan.metrics.append(metric)
                }
            case "journeys": readJourneys(member.value, into: &builder)
            case "severity": readSeverity(member.value, into: &builder)
            case "suppress": readSuppressions(member.value, into: &builder)
            case "automatic": readAutomatic(member.value, into: &builder)
            default: break
            }
        }
    }

    /// The named entries of a declaration map, with the location of each name.
    mutating func entries(_ node: JSONNode, _ what: String) -> [(String, JSONNode, SourceLocation)] {
        guard let members = object(node, what) else { return [] }
        return members.map { ($0.key, $0.value, location($0.keyOffset)) }
    }

    // MARK: - Property, lint settings, severity, suppressions, automatic names

    mutating func readProperty(_ member: JSONMember, into builder: inout PlanBuilder) {
        let at = location(member.keyOffset)
        guard builder.claim("section", "property", at: at) else { return }
        builder.plan.property.location = at
        guard let members = object(member.value, "property") else { return }
        checkKeys(members, allowed: PlanLanguage.property, in: "property")
        for item in members {
            switch item.key {
            case "tier":
                let text: String?
                if case .number(let lexeme) = item.value.value {
                    text = lexeme
                } else {
                    text = string(item.value, "tier")
                }
                guard let text else { continue }
                if let tier = PropertySettings.Tier(rawValue: text) {
                    builder.plan.property.tier = tier
                } else {
                    invalid(PlanLoadingRules.unknownTierMessage(tier: text), at: item.value.offset)
                }
            case "quota":
                guard let quotas = object(item.value, "quota") else { continue }
                checkKeys(quotas, allowed: PlanLanguage.quota, in: "quota")
                for quota in quotas {
                    guard let scope = BudgetScope(rawValue: quota.key),
                        let count = integer(quota.value, "quota \(quota.key)", in: 0...10_000)
                    else { continue }
                    builder.plan.property.quotaOverrides[scope] = Int(count)
                }
            default: break
            }
        }
    }

    mutating func readLintSettings(_ member: JSONMember, into builder: inout PlanBuilder) {
        guard builder.claim("section", "lint", at: location(member.keyOffset)) else { return }
        guard let members = object(member.value, "lint") else { return }
        checkKeys(members, allowed: PlanLanguage.lintSettings, in: "lint")
        for item in members where item.key == "unclosedWindowMinutes" {
            if let minutes = number(item.value, "unclosedWindowMinutes", in: 0...LintSettings.maxUnclosedWindowMinutes)
            {
                builder.plan.unclosedWindowMinutes = minutes
            }
        }
    }

    mutating func readSeverity(_ node: JSONNode, into builder: inout PlanBuilder) {
        for (ruleID, value, at) in entries(node, "severity") {
            guard let text = string(value, "severity of \(ruleID)") else { continue }
            guard let severity = Severity(rawValue: text) else {
                invalid(PlanLoadingRules.unknownSeverityMessage(severity: text), at: value.offset)
                continue
            }
            guard builder.claim("severity override", ruleID, at: at) else { continue }
            builder.plan.severityOverrides[ruleID] = Located(severity, at: at)
        }
    }

    mutating func readSuppressions(_ node: JSONNode, into builder: inout PlanBuilder) {
        guard case .array(let items) = node.value else {
            invalid(PlanLoadingRules.suppressShapeMessage, at: node.offset)
            return
        }
        for item in items {
            guard let members = object(item, "a suppression") else { continue }
            checkKeys(members, allowed: PlanLanguage.suppression, in: "a suppression")
            var suppression = Suppression(rule: "", event: nil, param: nil, location: location(item.offset))
            for member in members {
                switch member.key {
                case "rule": suppression.rule = string(member.value, "rule") ?? ""
                case "event": suppression.event = string(member.value, "event")
                case "param": suppression.param = string(member.value, "param")
                default: break
                }
            }
            if suppression.rule.isEmpty {
                invalid(PlanLoadingRules.suppressionWithoutRuleMessage, at: item.offset)
            } else {
                builder.plan.suppressions.append(suppression)
            }
        }
    }

    mutating func readAutomatic(_ node: JSONNode, into builder: inout PlanBuilder) {
        guard let members = object(node, "automatic") else { return }
        checkKeys(members, allowed: PlanLanguage.automatic, in: "automatic")
        for member in members {
            let names = strings(member.value, "automatic \(member.key)")
            switch member.key {
            case "events": builder.plan.automatic.events += names
            case "params": builder.plan.automatic.params += names
            case "userProperties": builder.plan.automatic.userProperties += names
            default: break
            }
        }
    }
}
