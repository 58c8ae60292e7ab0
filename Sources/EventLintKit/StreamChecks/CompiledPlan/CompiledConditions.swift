/// One predicate, compiled against the tracked values of a record.
enum CompiledPredicate: Sendable {
    case oneOf([TrackedValue])
    case noneOf([TrackedValue])
    case atLeast(Double)
    case atMost(Double)
    case present(Bool)
    case equalsSlot(Int, userProperty: String)
}

/// A condition on one tracked slot (param or user property). A class: pairs and rules test
/// conditions for every record, and taking one from its array then retains one reference, not
/// each of its fields.
final class CompiledCondition: Sendable {
    let name: String
    let slot: Int
    let predicates: [CompiledPredicate]
    let expected: String
    let bucketBounds: [UInt64: (Int64, Int64?)]

    init(
        name: String, slot: Int, predicates: [CompiledPredicate], expected: String,
        bucketBounds: [UInt64: (Int64, Int64?)]
    ) {
        self.name = name
        self.slot = slot
        self.predicates = predicates
        self.expected = expected
        self.bucketBounds = bucketBounds
    }

    /// Whether the condition holds for a record's values. `nil` when the value failed its own
    /// checks: it neither satisfies nor breaks anything.
    func holds(_ values: RecordValues) -> Bool? {
        let value = values[slot]
        if value.isInvalid { return nil }
        for index in predicates.indices {
            switch predicates[index] {
            case .oneOf(let options): if !value.isUsable || !options.contains(value) { return false }
            case .noneOf(let options): if value.isUsable && options.contains(value) { return false }
            case .present(let wanted): if (value.tag != .absent) != wanted { return false }
            case .atLeast(let bound):
                guard let number = numeric(value, lower: true), number >= bound else { return false }
            case .atMost(let bound):
                guard let number = numeric(value, lower: false), number <= bound else { return false }
            case .equalsSlot(let other, _):
                let reference = values[other]
                if reference.isInvalid { return nil }
                if !value.isUsable || !reference.isUsable || value != reference { return false }
            }
        }
        return true
    }

    /// A number for min/max: the value itself, or a bucket label's lower (or upper) edge.
    func numeric(_ value: TrackedValue, lower: Bool) -> Double? {
        if let number = value.number { return number }
        guard value.tag == .text, let bounds = bucketBounds[value.bits] else { return nil }
        if lower { return Double(bounds.0) }
        return bounds.1.map(Double.init)
    }
}

extension [CompiledMatcher] {
    /// The index of the first matcher that matches the record.
    func firstMatch(_ record: EventRecord, _ values: RecordValues) -> Int? {
        for index in indices where self[index].matches(record, values) { return index }
        return nil
    }
}

/// An event matcher compiled: event index plus conditions.
struct CompiledMatcher: Sendable {
    var event: Int32
    var conditions: [CompiledCondition]

    /// nil when a condition's value failed its own checks (the event neither matches nor not).
    func matches(_ record: EventRecord, _ values: RecordValues) -> Bool {
        guard record.event == event else { return false }
        for index in conditions.indices where conditions[index].holds(values) != true { return false }
        return true
    }
}

extension CompiledPlan {
    /// Converts a plan literal to the tracked value a slot of this type holds.
    func trackedValue(_ value: PlanValue, type: ParamType) -> TrackedValue? {
        switch (type, value) {
        // Every string value of a condition is in `texts` (interned when the plan is compiled).
        case (.string, _), (.bucket, _):
            return .text(texts.find(Array(value.plainText.utf8)).map(UInt64.init) ?? TrackedValue.untrackedText)
        case (.int, .number(_, let number)), (.double, .number(_, let number)): return .number(number)
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.bool, .number(_, let number)) where number == 0 || number == 1: return .bool(number == 1)
        default: return nil
        }
    }

    /// A rule's `whenPlatform`, as a condition on the platform slot of its records.
    func platformConditions(_ rule: RuleDeclaration) -> [CompiledCondition] {
        guard !rule.whenPlatform.isEmpty, platformSlot >= 0 else { return [] }
        let names = rule.whenPlatform.map(\.value)
        return [
            CompiledCondition(
                name: "platform", slot: platformSlot,
                predicates: [
                    .oneOf(
                        names.map {
                            .text(texts.find(Array($0.utf8)).map(UInt64.init) ?? TrackedValue.untrackedText)
                        })
                ],
                expected: "one of " + names.joined(separator: ", "), bucketBounds: [:])
        ]
    }

    func compileCondition(_ condition: Condition, userProperty: Bool) -> CompiledCondition? {
        let slot: Int
        let type: ParamType
        var bounds: [UInt64: (Int64, Int64?)] = [:]
        if userProperty {
            guard let index = userPropertyIndex[condition.name], userProperties[index].trackedSlot >= 0 else {
                return nil
            }
            slot = userProperties[index].trackedSlot
            type = userProperties[index].type
        } else {
            guard let index = paramIndex[condition.name], params[index].trackedSlot >= 0 else { return nil }
            slot = params[index].trackedSlot
            type = params[index].type
            bounds = params[index].bucketBounds
        }
        var expected: [String] = []
        let predicates: [CompiledPredicate] = condition.predicates.compactMap { predicate in
            switch predicate {
            case .oneOf(let values):
                expected.append(
                    values.count == 1 ? "= \(values[0])" : "in [\(values.map(\.description).joined(separator: ", "))]")
                return .oneOf(values.compactMap { trackedValue($0, type: type) })
            case .noneOf(let values):
                expected.append("not in [\(values.map(\.description).joined(separator: ", "))]")
                return .noneOf(values.compactMap { trackedValue($0, type: type) })
            case .atLeast(let bound):
                expected.append("≥ \(LinePass.format(bound))")
                return .atLeast(bound)
            case .atMost(let bound):
                expected.append("≤ \(LinePass.format(bound))")
                return .atMost(bound)
            case .present(let flag):
                expected.append(flag ? "present" : "absent")
                return .present(flag)
            case .equalsUserProperty(let name):
                expected.append("equal to user property \"\(name)\"")
                guard let other = userPropertyIndex[name], userProperties[other].trackedSlot >= 0 else { return nil }
                return .equalsSlot(userProperties[other].trackedSlot, userProperty: name)
            }
        }
        return CompiledCondition(
            name: condition.name, slot: slot, predicates: predicates,
            expected: expected.joined(separator: " and "), bucketBounds: bounds)
    }

    func compileMatcher(_ matcher: EventMatcher) -> CompiledMatcher? {
        guard let event = eventIndex[matcher.event] else { return nil }
        return CompiledMatcher(
            event: Int32(event),
            conditions: matcher.conditions.compactMap { compileCondition($0, userProperty: false) })
    }
}
