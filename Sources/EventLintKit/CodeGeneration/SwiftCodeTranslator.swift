/// Translates a checked plan into a `SwiftCodeModel`: names in Swift style kept apart in
/// each scope, values typed (enums for closed sets, narrowed per event and per pair matcher),
/// and each pair's events split into what the caller passes, what the pair fixes or carries,
/// and what the pair measures.
struct SwiftCodeTranslator {
    let plan: Plan

    /// The names the generated code uses itself, per scope, that no plan name may take.
    var reserved = SwiftReservedNames.current

    /// The whole model, in the order names are claimed: param enums, user properties, events,
    /// then pairs, so a plan's earlier declarations keep the plain names.
    func translate() -> SwiftCodeModel {
        var model = SwiftCodeModel()
        var types = SwiftNameScope(reserved: reserved.typeNames)
        var members = SwiftNameScope(reserved: reserved.trackerMembers)
        let paramEnums = translateParamEnums(types: &types, into: &model)
        translateUserProperties(paramEnums: paramEnums, types: &types, members: &members, into: &model)
        let eventsByName = translateEvents(paramEnums: paramEnums, types: &types, members: &members, into: &model)
        let userPropertyTypes = Dictionary(
            model.userProperties.map { ($0.name, $0.shape.swiftType) }, uniquingKeysWith: { first, _ in first })
        for pair in plan.pairs {
            model.pairs.append(
                translate(
                    pair, eventsByName: eventsByName, userPropertyTypes: userPropertyTypes, types: &types,
                    members: &members))
        }
        return model
    }

    /// One enum per param with a closed set of values, in plan order, keyed by param name.
    func translateParamEnums(types: inout SwiftNameScope, into model: inout SwiftCodeModel) -> [String: SwiftEnum] {
        var paramEnums: [String: SwiftEnum] = [:]
        for param in plan.params {
            guard let raw = Self.rawKind(param.type), let values = param.values else { continue }
            let name = types.claim(SwiftSource.upperCamel(param.name))
            let type = SwiftEnum(
                name: name, path: "Tracker." + name, raw: raw,
                cases: cases(values.map(\.value), raw: raw), description: param.description)
            paramEnums[param.name] = type
            model.enums.append(type)
        }
        return paramEnums
    }

    /// A setter per user property; one with the same values as the param of its name shares its enum.
    func translateUserProperties(
        paramEnums: [String: SwiftEnum], types: inout SwiftNameScope, members: inout SwiftNameScope,
        into model: inout SwiftCodeModel
    ) {
        // GA4 sets its automatic user properties (first_open_time, …) itself: no setter.
        for property in plan.userProperties where !plan.automaticNames.isUserProperty(property.name) {
            var shape = Self.plainShape(type: property.type, minLength: nil, maxLength: nil, minimum: nil, maximum: nil)
            if let raw = Self.rawKind(property.type), let values = property.values {
                let cases = cases(values.map(\.value), raw: raw)
                if let shared = paramEnums[property.name], shared.raw == raw,
                    shared.cases.map(\.key) == cases.map(\.key)
                {
                    shape = .enumeration(shared)
                } else {
                    let name = types.claim(SwiftSource.upperCamel(property.name))
                    let type = SwiftEnum(
                        name: name, path: "Tracker." + name, raw: raw, cases: cases,
                        description: property.description)
                    model.enums.append(type)
                    shape = .enumeration(type)
                }
            } else if property.type == .bool, let values = property.values {
                shape = .bool(allowed: Self.flags(values.map(\.value)))
            }
            model.userProperties.append(
                SwiftUserProperty(
                    name: property.name, setterName: members.claim("set" + SwiftSource.upperCamel(property.name)),
                    shape: shape, description: property.description))
        }
    }

    /// A type per event, keyed by event name; events in no pair are sent with `log`.
    func translateEvents(
        paramEnums: [String: SwiftEnum], types: inout SwiftNameScope, members: inout SwiftNameScope,
        into model: inout SwiftCodeModel
    ) -> [String: SwiftEvent] {
        let paired = Set(plan.pairs.flatMap { ($0.opens + $0.inside + $0.closes).map(\.event) })
        var eventsByName: [String: SwiftEvent] = [:]
        // A declared automatic event (session_start, …) is GA4's to log, never the app's: no
        // type and no call, so a pair that names one has no method for it.
        let automatic = plan.automaticNames
        for event in plan.events where !automatic.isDeclaredAutomaticEvent(event.name) {
            let typeName = types.claim(SwiftSource.upperCamel(event.name))
            let translated = translate(
                event, typeName: typeName, paramEnums: paramEnums,
                inPair: paired.contains(event.name))
            eventsByName[event.name] = translated
            model.events.append(translated)
        }
        // `log` is the generator's own member name (reserved), shared by every standalone event.
        for index in model.events.indices where !model.events[index].inPair { model.events[index].logName = "log" }
        return eventsByName
    }

    // MARK: - Pairs

    /// A pair's handle type: its open methods on the tracker, its inside and close methods.
    func translate(
        _ pair: PairDeclaration, eventsByName: [String: SwiftEvent], userPropertyTypes: [String: String] = [:],
        types: inout SwiftNameScope, members: inout SwiftNameScope
    ) -> SwiftPair {
        let typeName = types.claim(SwiftSource.upperCamel(pair.name) + "Pair")
        var nestedTypes = SwiftNameScope(reserved: reserved.typeNames.union([typeName]))
        var pairMembers = SwiftNameScope(reserved: reserved.pairMembers)
        var translated = SwiftPair(
            name: pair.name, typeName: typeName, description: pair.description,
            closeRequired: pair.closeRequired, closeEvents: pair.closes.map(\.event), opens: [], methods: [],
            narrowedEnums: [], carried: [])
        let openBase = "open" + SwiftSource.upperCamel(pair.name)
        for matcher in pair.opens {
            guard let event = eventsByName[matcher.event] else { continue }
            let name = members.claim(pair.opens.count == 1 ? openBase : openBase + "With" + event.typeName)
            translated.opens.append(
                method(
                    .open, name: name, event: event, matcher: matcher, carried: [],
                    userPropertyTypes: userPropertyTypes,
                    duration: nil, pairType: typeName, nested: &nestedTypes,
                    enums: &translated.narrowedEnums))
        }
        let carried = carriedParams(of: pair, eventsByName: eventsByName)
        translated.carried = pair.same.map(\.value).filter(carried.contains)
        for matcher in pair.inside {
            guard let event = eventsByName[matcher.event] else { continue }
            let name = pairMembers.claim(SwiftSource.lowerCamel(matcher.event))
            translated.methods.append(
                method(
                    .inside, name: name, event: event, matcher: matcher, carried: carried,
                    userPropertyTypes: userPropertyTypes,
                    duration: nil, pairType: typeName, nested: &nestedTypes,
                    enums: &translated.narrowedEnums))
        }
        for matcher in pair.closes {
            guard let event = eventsByName[matcher.event] else { continue }
            let name = pairMembers.claim(pair.closes.count == 1 ? "close" : "close" + event.typeName)
            translated.methods.append(
                method(
                    .close, name: name, event: event, matcher: matcher, carried: carried,
                    userPropertyTypes: userPropertyTypes,
                    duration: pair.duration?.param, pairType: typeName,
                    nested: &nestedTypes, enums: &translated.narrowedEnums))
        }
        return translated
    }

    /// The `same` params carried from the open: those every open sends (otherwise the caller
    /// passes them).
    func carriedParams(of pair: PairDeclaration, eventsByName: [String: SwiftEvent]) -> Set<String> {
        let opened = pair.opens.compactMap { eventsByName[$0.event] }
        return Set(
            pair.same.map(\.value).filter { name in
                !opened.isEmpty && opened.allSatisfy { $0.fields.contains { $0.param == name } }
            })
    }

    // MARK: - Events

    func translate(
        _ event: EventDeclaration, typeName: String, paramEnums: [String: SwiftEnum],
        inPair: Bool
    ) -> SwiftEvent {
        var fieldNames = SwiftNameScope(reserved: reserved.fieldNames)
        var nestedTypes = SwiftNameScope(reserved: reserved.typeNames.union([typeName]))
        var fields: [SwiftField] = []
        var nested: [SwiftEnum] = []
        for use in event.params {
            // GA4's automatic params (firebase_screen, …) are the SDK's to send, not the app's,
            // also when the plan declares one to give it a type.
            guard let param = plan.param(named: use.name), !plan.automaticNames.isParam(use.name, on: event.name)
            else { continue }
            let base = param.type == .bucket ? Self.countName(param.name) : param.name
            let name = fieldNames.claim(SwiftSource.lowerCamel(base))
            var shape: SwiftValueShape
            if let raw = Self.rawKind(param.type), let narrowed = use.values {
                var values = narrowed.map(\.value)
                if let declared = param.values.map({ Set($0.map { PlanValueKey($0.value) }) }) {
                    values = values.filter { declared.contains(PlanValueKey($0)) }
                }
                let enumName = nestedTypes.claim(SwiftSource.upperCamel(param.name))
                let type = SwiftEnum(
                    name: enumName, path: "Tracker." + typeName + "." + enumName, raw: raw,
                    cases: cases(values, raw: raw), description: param.description)
                nested.append(type)
                shape = .enumeration(type)
            } else if let shared = paramEnums[param.name] {
                shape = .enumeration(shared)
            } else {
                shape = Self.plainShape(
                    type: param.type, minLength: param.minLength, maxLength: param.maxLength,
                    minimum: param.minimum?.value, maximum: param.maximum?.value)
                switch shape {
                case .bool:
                    if let values = use.values ?? param.values {
                        shape = .bool(allowed: Self.flags(values.map(\.value)))
                    }
                case .bucket(let edges, let labels, _):
                    shape = .bucket(
                        edges: edges, labels: labels,
                        allowed: use.values.map { $0.map(\.value.plainText) })
                default: break
                }
            }
            if case .bucket = shape, let bucket = param.bucket {
                shape = Self.withEdges(shape, bucket)
            }
            fields.append(
                SwiftField(
                    param: param.name, name: name, shape: shape, optional: use.requirement == .optional,
                    description: param.description))
        }
        return SwiftEvent(
            name: event.name, typeName: typeName, description: event.description, fields: fields,
            nestedEnums: nested, inPair: inPair, logName: "")
    }

    /// `app_bucket` → `app_count`; other buckets get `_count` appended.
    static func countName(_ name: String) -> String {
        name.hasSuffix("_bucket") ? String(name.dropLast("_bucket".count)) + "_count" : name + "_count"
    }

    static func withEdges(_ shape: SwiftValueShape, _ bucket: BucketSpec) -> SwiftValueShape {
        guard case .bucket(_, _, let allowed) = shape else { return shape }
        return .bucket(edges: bucket.edges, labels: bucket.labels, allowed: allowed)
    }

    static func rawKind(_ type: ParamType) -> SwiftRawKind? {
        switch type {
        case .string: .string
        case .int: .int
        case .double: .double
        case .bool, .bucket: nil
        }
    }

    static func plainShape(
        type: ParamType, minLength: Int?, maxLength: Int?, minimum: Double?,
        maximum: Double?
    ) -> SwiftValueShape {
        switch type {
        case .string: .string(minLength: minLength, maxLength: maxLength)
        case .int: .int(minimum: minimum, maximum: maximum)
        case .double: .double(minimum: minimum, maximum: maximum)
        case .bool: .bool(allowed: nil)
        case .bucket: .bucket(edges: [], labels: [], allowed: nil)
        }
    }

    static func flags(_ values: [PlanValue]) -> [Bool] {
        var flags: [Bool] = []
        for value in values {
            let flag: Bool? =
                switch value {
                case .bool(let flag): flag
                case .number(_, let number): number == 1 ? true : number == 0 ? false : nil
                case .string: nil
                }
            if let flag, !flags.contains(flag) { flags.append(flag) }
        }
        return flags
    }

    /// Enum cases for values of one raw kind: values of another kind, non-finite numbers and
    /// repeats are left out, so every raw value is a valid, unique Swift literal.
    func cases(_ values: [PlanValue], raw: SwiftRawKind) -> [SwiftEnumCase] {
        var names = SwiftNameScope(reserved: reserved.caseNames)
        var seen = Set<PlanValueKey>()
        var cases: [SwiftEnumCase] = []
        for value in values {
            let key = PlanValueKey(value)
            guard !seen.contains(key) else { continue }
            let literal: String
            let base: String
            switch (raw, value) {
            case (.string, .string(let text)):
                literal = SwiftSource.stringLiteral(text)
                base = SwiftSource.lowerCamel(text)
            case (.int, .number(_, let number)):
                guard let integer = Int64(exactly: number) else { continue }
                literal = String(integer)
                base = SwiftSource.lowerCamel("value " + (integer < 0 ? "minus " : "") + String(integer.magnitude))
            case (.double, .number(_, let number)):
                guard number.isFinite else { continue }
                literal = String(number)
                base = SwiftSource.lowerCamel("value " + (number < 0 ? "minus " : "") + String(number.magnitude))
            default: continue
            }
            seen.insert(key)
            cases.append(SwiftEnumCase(name: names.claim(base), literal: literal, key: key))
        }
        return cases
    }

    // MARK: - Pair methods

    /// What one matcher makes of its event's fields: fixed, narrowed, carried, measured, or
    /// passed by the caller.
    func method(
        _ role: SwiftPairMethod.Role, name: String, event: SwiftEvent, matcher: EventMatcher,
        carried: Set<String>, userPropertyTypes: [String: String] = [:], duration: String?, pairType: String,
        nested: inout SwiftNameScope, enums: inout [SwiftEnum]
    ) -> SwiftPairMethod {
        var sources: [SwiftFieldSource] = []
        var conditions: [SwiftRuntimeCondition] = []
        for field in event.fields {
            if role != .open, carried.contains(field.param) {
                // The value comes from the open; a condition on it is checked when sent.
                let predicates = matcher.conditions.filter { $0.name == field.param }.flatMap(\.predicates)
                if let condition = Self.runtimeCondition(field, predicates) { conditions.append(condition) }
                sources.append(.carried)
                continue
            }
            if role == .close, field.param == duration, Self.isNumber(field.shape) {
                sources.append(.duration)
                continue
            }
            let predicates = matcher.conditions.filter { $0.name == field.param }.flatMap(\.predicates)
            if let property = tiedUserProperty(field, event: event.name, matcher: predicates),
                userPropertyTypes[property] == field.shape.swiftType
            {
                sources.append(.userProperty(property))
                continue
            }
            guard !predicates.isEmpty else {
                sources.append(.argument(type: field.shape.swiftType, optional: field.optional, narrowed: nil))
                continue
            }
            if predicates.contains(.present(false)), field.optional {
                sources.append(.omitted)
                continue
            }
            let source = narrowing(
                field, predicates, pairType: pairType, nested: &nested, enums: &enums,
                conditions: &conditions)
            sources.append(source)
        }
        return SwiftPairMethod(role: role, name: name, event: event, sources: sources, conditions: conditions)
    }

    /// The user property a param of an event must equal, by the matcher's `equalsUserProperty`
    /// or by a rule that requires it on the event whatever else holds (no `when`, `whenUser`,
    /// `after`, `notAfter` or platform): the pair method fills it from the value last set.
    func tiedUserProperty(_ field: SwiftField, event: String, matcher predicates: [ValuePredicate]) -> String? {
        func tie(_ predicates: [ValuePredicate]) -> String? {
            for predicate in predicates {
                if case .equalsUserProperty(let name) = predicate { return name }
            }
            return nil
        }
        if let name = tie(predicates) { return name }
        for rule in plan.rules
        where rule.events.contains(event) && rule.when.isEmpty && rule.whenUser.isEmpty && rule.after == nil
            && rule.notAfter == nil && rule.whenPlatform.isEmpty
        {
            if let name = tie(rule.require.filter { $0.name == field.param }.flatMap(\.predicates)) { return name }
        }
        return nil
    }

    static func isNumber(_ shape: SwiftValueShape) -> Bool {
        switch shape {
        case .int, .double: true
        default: false
        }
    }

    /// A field a matcher's condition tests: an enum is narrowed to the values that pass (one
    /// value is fixed); anything else is passed and checked when sent. A tested field is never
    /// optional, as an absent value meets no condition.
    func narrowing(
        _ field: SwiftField, _ predicates: [ValuePredicate], pairType: String, nested: inout SwiftNameScope,
        enums: inout [SwiftEnum], conditions: inout [SwiftRuntimeCondition]
    ) -> SwiftFieldSource {
        if case .enumeration(let type) = field.shape {
            var kept = type.cases
            for predicate in predicates {
                switch predicate {
                case .oneOf(let values):
                    let keys = Set(values.map(PlanValueKey.init))
                    kept = kept.filter { keys.contains($0.key) }
                case .noneOf(let values):
                    let keys = Set(values.map(PlanValueKey.init))
                    kept = kept.filter { !keys.contains($0.key) }
                case .atLeast(let bound):
                    kept = kept.filter { if case .number(let number) = $0.key { number >= bound } else { false } }
                case .atMost(let bound):
                    kept = kept.filter { if case .number(let number) = $0.key { number <= bound } else { false } }
                case .present, .equalsUserProperty: break
                }
            }
            if kept.count == 1 { return .fixed("." + SwiftSource.identifier(kept[0].name)) }
            if kept.count == type.cases.count {
                return .argument(type: type.path, optional: false, narrowed: nil)
            }
            if !kept.isEmpty {
                let name = nested.claim(SwiftSource.upperCamel(field.param))
                let narrowed = SwiftEnum(
                    name: name, path: "Tracker." + pairType + "." + name, raw: type.raw, cases: kept,
                    description: field.description, widens: type.path)
                enums.append(narrowed)
                return .argument(type: narrowed.path, optional: false, narrowed: narrowed)
            }
        }
        if let condition = Self.runtimeCondition(field, predicates) { conditions.append(condition) }
        return .argument(type: field.shape.swiftType, optional: false, narrowed: nil)
    }

    /// The tests of a matcher's condition that are checked on the value sent; nil when there
    /// is nothing to check.
    static func runtimeCondition(_ field: SwiftField, _ predicates: [ValuePredicate]) -> SwiftRuntimeCondition? {
        var condition = SwiftRuntimeCondition(param: field.param)
        for predicate in predicates {
            switch predicate {
            case .oneOf(let values): condition.oneOf = (condition.oneOf ?? []) + values.map(Self.valueExpression)
            case .noneOf(let values): condition.noneOf = (condition.noneOf ?? []) + values.map(Self.valueExpression)
            case .atLeast(let bound): condition.atLeast = max(condition.atLeast ?? bound, bound)
            case .atMost(let bound): condition.atMost = min(condition.atMost ?? bound, bound)
            case .present, .equalsUserProperty: break
            }
        }
        if case .bucket(let edges, let labels, _) = field.shape { condition.bucket = (edges, labels) }
        let tests =
            condition.oneOf != nil || condition.noneOf != nil || condition.atLeast != nil || condition.atMost != nil
        return tests ? condition : nil
    }

    /// A Swift expression for a double (the infinities a huge lexeme parses to included).
    static func doubleLiteral(_ number: Double) -> String {
        if number.isNaN { return "Double.nan" }
        if number.isInfinite { return number < 0 ? "-Double.infinity" : "Double.infinity" }
        return String(number)
    }

    /// A plan value as a `TrackingValue` expression.
    static func valueExpression(_ value: PlanValue) -> String {
        switch value {
        case .string(let text): ".string(\(SwiftSource.stringLiteral(text)))"
        case .number(_, let number): ".double(\(SwiftCodeTranslator.doubleLiteral(number)))"
        case .bool(let flag): ".bool(\(flag))"
        }
    }
}
