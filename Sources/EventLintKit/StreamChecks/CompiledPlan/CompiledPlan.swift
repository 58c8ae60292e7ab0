/// A parameter or user property compiled for the hot path: its type and its allowed values as
/// byte-keyed tables, so a value is checked straight from the export's bytes.
///
/// A class, so that reading one from the plan's arrays for every param of every event retains
/// one reference instead of copying the struct and retaining each table it holds. It is only
/// changed while `CompiledPlan.init` builds it (tracked slots, bucket bounds); afterwards every
/// worker reads it and none writes it, hence `@unchecked Sendable`.
final class CompiledParam: @unchecked Sendable {
    var name: String
    var type: ParamType
    /// Allowed strings (or bucket labels); empty when any string is allowed.
    var allowed: ByteKeyTable
    var allowedNumbers: [Double]?
    var allowedBools: [Bool]?
    var minimum: Double?
    var maximum: Double?
    var minLength: Int?
    var maxLength: Int?
    var bucket: BucketSpec?
    /// Bucket label's text id (`CompiledPlan.texts`) → (lower edge, upper edge or nil for the
    /// open last bucket).
    var bucketBounds: [UInt64: (Int64, Int64?)] = [:]
    /// Index among tracked values of a record, or -1 when no pair or rule reads it.
    var trackedSlot: Int = -1
    /// GA4 adds it by itself: on events that do not list it, its value is still read (for the
    /// pairs and rules that compare it) but not checked.
    var isAutomatic = false
    /// Not written in the plan (`ParamDeclaration.isImplicit`): only what the plan asks of it is
    /// checked (a user property's value of another type is invalid for conditions, no finding).
    var isImplicit = false

    init(
        name: String, type: ParamType, values: [PlanValue]?, minimum: Double?, maximum: Double?, minLength: Int?,
        maxLength: Int?, bucket: BucketSpec?
    ) {
        self.name = name
        self.type = type
        self.minimum = minimum
        self.maximum = maximum
        self.minLength = minLength
        self.maxLength = maxLength
        self.bucket = bucket
        var strings: [String] = []
        if let bucket { strings = bucket.labels }
        if let values {
            switch type {
            case .string, .bucket: strings = values.map(\.plainText)
            case .int, .double:
                allowedNumbers = values.compactMap { if case .number(_, let value) = $0 { value } else { nil } }
            case .bool:
                allowedBools = values.compactMap { value -> Bool? in
                    switch value {
                    case .bool(let flag): flag
                    case .number(_, let number): number == 1 ? true : (number == 0 ? false : nil)
                    case .string: nil
                    }
                }
            }
        }
        allowed = ByteKeyTable(strings.enumerated().map { ($0.element, Int32($0.offset)) })
    }
}

/// A param use of one event, compiled.
/// A class: the line pass hands a use to the value checks for every planned param it reads, and
/// a reference is one retain where this struct's table, requirement and arrays were one each
/// (copied and destroyed for every param: 1.8 % of `lint`'s instructions).
final class CompiledUse: Sendable {
    let param: Int
    let requirement: Requirement
    /// Values the event narrows the param to (strings or labels), if any.
    let narrowed: ByteKeyTable?
    let narrowedNumbers: [Double]?
    let narrowedTexts: [String]?

    init(
        param: Int, requirement: Requirement, narrowed: ByteKeyTable?, narrowedNumbers: [Double]?,
        narrowedTexts: [String]?
    ) {
        self.param = param
        self.requirement = requirement
        self.narrowed = narrowed
        self.narrowedNumbers = narrowedNumbers
        self.narrowedTexts = narrowedTexts
    }
}

/// An experiment of the plan, compiled for the arm checks of the cross-event stage.
final class CompiledExperiment: Sendable {
    let declaration: ExperimentDeclaration
    /// The tracked slot of the arm's user property (-1: not read, no arm is ever seen).
    let slot: Int
    let population: [CompiledCondition]
    /// The declared arms' names, in plan order.
    let arms: [String]

    init(declaration: ExperimentDeclaration, slot: Int, population: [CompiledCondition]) {
        self.declaration = declaration
        self.slot = slot
        self.population = population
        arms = declaration.arms.map(\.value)
    }
}

/// An event of the plan, compiled.
/// A class: the line pass takes an event's entry for every event it checks, and a reference is
/// one retain where a struct of arrays would be one per array.
final class CompiledEvent: Sendable {
    let name: String
    /// Use index by param index, -1 where the event does not carry the param.
    let useByParam: [Int]
    let uses: [CompiledUse]
    /// Whether pairs, rules or experiments need a record of this event.
    let recorded: Bool
    /// Whether a pair, rule, journey or metric names this event, so that a record without a user
    /// or a time is a finding. Other events are recorded only to read arms (`readForArmsOnly`)
    /// or, with an exactly-once rule, every one of them, to tell which users the rule expects.
    let followed: Bool
    /// Whether only experiments read this event (recorded, not followed, and no exactly-once
    /// rule looks at every event): the arm checks read of it no more than a user's first arm and
    /// first other arm, so `lint` records it only when it may be one of those
    /// (`ArmSighting`, `LinePass.recordsArmSightingsOnly`); a live run records it always.
    let readForArmsOnly: Bool
    /// The declared params of each `items` element, as `useByParam`/`uses` for the event's own.
    let itemUseByParam: [Int]
    let itemUses: [CompiledUse]
    /// Standard item fields (`item_id`, `price`, …) the event's items declare without a param
    /// declaration of their own: only their presence is checked.
    let itemFieldUses: [(name: String, requirement: Requirement)]
    /// The params GA4 adds to this (automatic) event only (`GA4Facts.automaticEventParams`), or nil.
    let automaticParams: ByteKeyTable?

    init(
        name: String, useByParam: [Int], uses: [CompiledUse], recorded: Bool, followed: Bool? = nil,
        readForArmsOnly: Bool = false, itemUseByParam: [Int] = [], itemUses: [CompiledUse] = [],
        itemFieldUses: [(name: String, requirement: Requirement)] = [], automaticParams: ByteKeyTable? = nil
    ) {
        self.followed = followed ?? recorded
        self.readForArmsOnly = readForArmsOnly
        self.automaticParams = automaticParams
        self.name = name
        self.useByParam = useByParam
        self.uses = uses
        self.recorded = recorded
        self.itemUseByParam = itemUseByParam
        self.itemUses = itemUses
        self.itemFieldUses = itemFieldUses
    }
}

/// The plan compiled once into lookup tables by interned id: what the line pass consults for
/// every event. Immutable and shared by all threads.
public struct CompiledPlan: Sendable {
    public let plan: Plan
    /// The `experiment` user properties, in plan order, and their tracked slots.
    public let experimentNames: [String]
    let experimentSlots: [Int]
    /// The tracked slots of the declared experiments' arms, each once, in plan order: what a
    /// line pass keeps a user's first arm and first other arm of (`ArmSighting`).
    private(set) var armSlots: [Int] = []
    let eventTable: ByteKeyTable
    let paramTable: ByteKeyTable
    let userPropertyTable: ByteKeyTable
    let automaticEventTable: ByteKeyTable
    let automaticParamTable: ByteKeyTable
    let automaticUserPropertyTable: ByteKeyTable
    /// GA4's and the plan's families of automatic names (`notification_*`, `firebase_exp_<n>`,
    /// `legacy_*`): tried only when a name is in no table, so a clean row never reaches them.
    let automaticEventPatterns: [NamePattern]
    let automaticParamPatterns: [NamePattern]
    let automaticUserPropertyPatterns: [NamePattern]
    let params: [CompiledParam]
    let userProperties: [CompiledParam]
    let events: [CompiledEvent]
    /// Params read by pairs and rules, in slot order; then user properties read by rules.
    let trackedParams: [Int]
    let trackedUserProperties: [Int]
    /// The automatic `error` event and its params, for `stream/firebase-error`, and the session
    /// param; names compare by their bytes (the hash only filters).
    /// A literal, not a stored array: a stored global is read through its lazy initializer,
    /// and this test runs for every automatic event.
    static var firebaseErrorEvent: StaticString { "error" }

    @inline(__always)
    static func isFirebaseErrorEvent(_ name: UnsafeRawBufferPointer) -> Bool {
        let error = firebaseErrorEvent
        return name.count == error.utf8CodeUnitCount
            && name.elementsEqual(UnsafeRawBufferPointer(start: error.utf8Start, count: error.utf8CodeUnitCount))
    }
    static let firebaseErrorParam = Array("firebase_error".utf8)
    static let firebaseErrorValueParam = Array("firebase_error_value".utf8)
    static let sessionParam = Array("ga_session_id".utf8)
    let sessionParamHash = ByteHash.hash(CompiledPlan.sessionParam)
    /// The plan's own texts (bucket labels, the string values of conditions), interned first so
    /// they have the same id in every line pass; tracked export values are added per pass.
    let texts: ByteInterner<SeededByteHash>
    /// Plan name → index in `plan.params`, `plan.userProperties`, `plan.events` (the first
    /// declaration of a name), so compiling is linear in the plan.
    let paramIndex: [String: Int]
    let userPropertyIndex: [String: Int]
    let eventIndex: [String: Int]
    /// Measurement Protocol's own name for the session param.
    static let requestSessionParam = Array("session_id".utf8)
    let requestSessionParamHash = ByteHash.hash(CompiledPlan.requestSessionParam)
    /// The standard fields of an `items` element.
    let standardItemFieldTable = ByteKeyTable(GA4Facts.standardItemFields.sorted().map { ($0, 0) })

    public var trackedCount: Int { trackedParams.count + trackedUserProperties.count + 2 }
    /// The tracked slot of the event's platform, when a rule has `whenPlatform`; else -1. Records
    /// store it like a user property, so a platform condition is one more condition on a slot.
    /// The row's platform and app version, stored with every record: rules compare the
    /// platform (`whenPlatform`), and every pair and rule finding shows both, as the per-event
    /// findings of the same row do.
    let platformSlot: Int
    let appVersionSlot: Int
    /// Per plan event: the tracked slots its records store (the tracked params it carries, then
    /// every tracked user property), and slot → position within such a record (-1: not stored).
    let storedSlots: [[Int]]
    let slotPositions: [[Int]]

    /// Pairs and rules compiled for the cross-event pass; built once with the plan, so each
    /// lint run (and each in-process run of a test or fuzz target) starts without compiling.
    private(set) var crossEventPairs: [CrossEventChecker.CompiledPair] = []
    private(set) var crossEventRules: [CrossEventChecker.CompiledRule] = []
    /// The plan's experiments compiled for the arm checks, in plan order.
    private(set) var experiments: [CompiledExperiment] = []
    /// The plan's metrics compiled for the readout, in plan order.
    private(set) var metrics: [CompiledMetric] = []
    private(set) var crossEventJourneys: [CrossEventChecker.CompiledJourney] = []

    /// Compiles the plan with a declaration for each automatic param and user property it names
    /// (`Plan.withAutomaticDeclarations`), so they are read, tracked and checked like declared ones.
    public init(_ writtenPlan: Plan) {
        let plan = writtenPlan.withAutomaticDeclarations()
        let automatic = plan.automaticNames
        self.plan = plan
        eventTable = ByteKeyTable(plan.events.enumerated().map { ($0.element.name, Int32($0.offset)) })
        paramTable = ByteKeyTable(plan.params.enumerated().map { ($0.element.name, Int32($0.offset)) })
        userPropertyTable = ByteKeyTable(plan.userProperties.enumerated().map { ($0.element.name, Int32($0.offset)) })
        automaticEventTable = ByteKeyTable(automatic.events.sorted().map { ($0, 0) })
        automaticParamTable = ByteKeyTable(automatic.params.sorted().map { ($0, 0) })
        automaticUserPropertyTable = ByteKeyTable(automatic.userProperties.sorted().map { ($0, 0) })
        automaticEventPatterns = automatic.eventPatterns
        automaticParamPatterns = automatic.paramPatterns
        automaticUserPropertyPatterns = automatic.userPropertyPatterns
        let reads = CrossEventReads(plan)
        var compiledParams = Self.compileParams(of: plan, automatic: automatic)
        let compiledUserProperties = Self.compileUserProperties(of: plan, automatic: automatic)
        texts = Self.internTexts(of: plan, bucketsOf: &compiledParams)
        let paramIndex = Self.firstIndex(plan.params.map(\.name))
        let userPropertyIndex = Self.firstIndex(plan.userProperties.map(\.name))
        self.paramIndex = paramIndex
        self.userPropertyIndex = userPropertyIndex
        eventIndex = Self.firstIndex(plan.events.map(\.name))
        trackedParams = reads.params.compactMap { paramIndex[$0] }
        for (slot, index) in trackedParams.enumerated() { compiledParams[index].trackedSlot = slot }
        trackedUserProperties = reads.userProperties.compactMap { userPropertyIndex[$0] }
        for (position, index) in trackedUserProperties.enumerated() {
            compiledUserProperties[index].trackedSlot = trackedParams.count + position
        }
        params = compiledParams
        userProperties = compiledUserProperties
        platformSlot = trackedParams.count + trackedUserProperties.count
        appVersionSlot = platformSlot + 1
        events = plan.events.map { event in
            let scoped = automatic.eventParams(of: event.name)
            return Self.compile(
                event, paramCount: plan.params.count, paramIndex: paramIndex,
                recorded: reads.events.contains(event.name), followed: reads.followedEvents.contains(event.name),
                readForArmsOnly: reads.armsOnlyEvents.contains(event.name),
                automaticParams: scoped.isEmpty ? nil : ByteKeyTable(scoped.sorted().map { ($0, 0) }))
        }
        (storedSlots, slotPositions) = Self.slotLayout(
            events: events, params: compiledParams, userProperties: compiledUserProperties,
            contextSlots: [platformSlot, appVersionSlot],
            slotCount: trackedParams.count + trackedUserProperties.count + 2)
        experimentNames = plan.userProperties.filter(\.experiment).map(\.name)
        experimentSlots = plan.userProperties.filter(\.experiment).compactMap { property in
            userPropertyIndex[property.name].map { compiledUserProperties[$0].trackedSlot }
        }.filter { $0 >= 0 }
        crossEventPairs = plan.pairs.map(compilePair)
        crossEventRules = plan.rules.map(compileRule)
        experiments = plan.experiments.map(compileExperiment)
        for experiment in experiments where experiment.slot >= 0 && !armSlots.contains(experiment.slot) {
            armSlots.append(experiment.slot)
        }
        metrics = plan.metrics.map(compileMetric)
        crossEventJourneys = plan.journeys.map(compileJourney)
    }

    /// The same plan with its own compiled pairs, rules, experiments, metrics and journeys, for
    /// a thread of the cross-event stage: each of those is a class, and a reference count that
    /// threads change together moves its cache line between cores on every record (shared, two
    /// threads took three times as long for each half of the users as one thread for each).
    /// Compiled from the same declarations and tables, they are the same checks.
    func withOwnCrossEventObjects() -> CompiledPlan {
        var copy = self
        copy.crossEventPairs = plan.pairs.map(compilePair)
        copy.crossEventRules = plan.rules.map(compileRule)
        copy.experiments = plan.experiments.map(compileExperiment)
        copy.armSlots = armSlots.map { $0 }
        copy.metrics = plan.metrics.map(compileMetric)
        copy.crossEventJourneys = plan.journeys.map(compileJourney)
        return copy
    }

    /// An experiment with its arm's slot (-1: its property is not read) and its population as
    /// conditions on the user's properties.
    func compileExperiment(_ declaration: ExperimentDeclaration) -> CompiledExperiment {
        let slot = userPropertyIndex[declaration.userProperty.value].map { userProperties[$0].trackedSlot } ?? -1
        return CompiledExperiment(
            declaration: declaration, slot: slot,
            population: declaration.population.compactMap { compileCondition($0, userProperty: true) })
    }

    /// The plan's params as the per-event checks read them; each knows whether the SDK sets it.
    private static func compileParams(of plan: Plan, automatic: AutomaticNames) -> [CompiledParam] {
        let compiled = plan.params.map {
            CompiledParam(
                name: $0.name, type: $0.type, values: $0.values?.map(\.value), minimum: $0.minimum?.value,
                maximum: $0.maximum?.value, minLength: $0.minLength, maxLength: $0.maxLength,
                bucket: $0.bucket)
        }
        let eventNames = plan.events.map(\.name)
        for (index, declaration) in plan.params.enumerated() {
            compiled[index].isAutomatic = automatic.isParam(declaration.name, onAnyOf: eventNames)
            compiled[index].isImplicit = declaration.isImplicit
        }
        return compiled
    }

    /// The plan's user properties as the per-event checks read them (no bounds or buckets).
    private static func compileUserProperties(of plan: Plan, automatic: AutomaticNames) -> [CompiledParam] {
        plan.userProperties.map {
            let compiled = CompiledParam(
                name: $0.name, type: $0.type, values: $0.values?.map(\.value), minimum: nil, maximum: nil,
                minLength: nil, maxLength: nil, bucket: nil)
            compiled.isAutomatic = automatic.isUserProperty($0.name)
            compiled.isImplicit = $0.isImplicit
            return compiled
        }
    }

    /// Name → index of its first declaration, so compiling is linear in the plan.
    private static func firstIndex(_ names: [String]) -> [String: Int] {
        Dictionary(names.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    }

    /// The plan's own texts (bucket labels, the strings of conditions and platforms), interned
    /// first so they have the same id in every line pass; bucket labels' bounds are filled in.
    private static func internTexts(of plan: Plan, bucketsOf params: inout [CompiledParam])
        -> ByteInterner<SeededByteHash>
    {
        var texts = ByteInterner(capacity: 64)
        for index in params.indices {
            guard let bucket = params[index].bucket else { continue }
            for (position, label) in bucket.labels.enumerated() {
                let upper: Int64? =
                    position + 1 < bucket.edges.count ? bucket.edges[position + 1].subtractingSaturating(1) : nil
                params[index].bucketBounds[UInt64(texts.intern(Array(label.utf8)))] = (bucket.edges[position], upper)
            }
        }
        var conditions: [Condition] = []
        for pair in plan.pairs {
            for matcher in pair.opens + pair.closes + pair.inside { conditions += matcher.conditions }
        }
        for experiment in plan.experiments { conditions += experiment.population }
        for metric in plan.metrics {
            guard let matchers = metric.matchers(in: plan) else { continue }
            for matcher in matchers.reach + matchers.success { conditions += matcher.conditions }
        }
        for rule in plan.rules {
            conditions += rule.when + rule.whenUser + rule.require + rule.requireUser
            conditions += (rule.after?.matcher.conditions ?? []) + (rule.notAfter?.matcher.conditions ?? [])
        }
        for journey in plan.journeys { conditions += journey.whenUser + journey.steps.flatMap(\.conditions) }
        for predicate in conditions.flatMap(\.predicates) {
            switch predicate {
            case .oneOf(let values), .noneOf(let values):
                for value in values { _ = texts.intern(Array(value.plainText.utf8)) }
            default: break
            }
        }
        for rule in plan.rules {
            for platform in rule.whenPlatform { _ = texts.intern(Array(platform.value.utf8)) }
        }
        return texts
    }

    private static func compile(
        _ event: EventDeclaration, paramCount: Int, paramIndex: [String: Int], recorded: Bool, followed: Bool,
        readForArmsOnly: Bool, automaticParams: ByteKeyTable?
    ) -> CompiledEvent {
        func compile(_ use: EventParamUse, param index: Int) -> CompiledUse {
            let texts = use.values?.map(\.value.plainText)
            return CompiledUse(
                param: index, requirement: use.requirement,
                narrowed: texts.map { ByteKeyTable($0.enumerated().map { ($0.element, Int32($0.offset)) }) },
                narrowedNumbers: use.values?.compactMap {
                    if case .number(_, let value) = $0.value { value } else { nil }
                },
                narrowedTexts: texts)
        }
        var useByParam = Array(repeating: -1, count: paramCount)
        var uses: [CompiledUse] = []
        var itemUseByParam = useByParam
        var itemUses: [CompiledUse] = []
        var itemFieldUses: [(name: String, requirement: Requirement)] = []
        for use in event.params {
            guard let index = paramIndex[use.name] else { continue }
            useByParam[index] = uses.count
            uses.append(compile(use, param: index))
        }
        for use in event.itemParams {
            guard let index = paramIndex[use.name] else {
                itemFieldUses.append((use.name, use.requirement))
                continue
            }
            itemUseByParam[index] = itemUses.count
            itemUses.append(compile(use, param: index))
        }
        return CompiledEvent(
            name: event.name, useByParam: useByParam, uses: uses, recorded: recorded, followed: followed,
            readForArmsOnly: readForArmsOnly, itemUseByParam: itemUseByParam,
            itemUses: itemUses, itemFieldUses: itemFieldUses, automaticParams: automaticParams)
    }

    /// Per event: the tracked slots its records store (its tracked params, then every tracked
    /// user property, the platform and the app version), and slot → position in such a record.
    private static func slotLayout(
        events: [CompiledEvent], params: [CompiledParam], userProperties: [CompiledParam], contextSlots: [Int],
        slotCount: Int
    ) -> (stored: [[Int]], positions: [[Int]]) {
        let userSlots = (userProperties.map(\.trackedSlot) + contextSlots).filter { $0 >= 0 }.sorted()
        // GA4 puts an automatic param on events that do not list it: its slot is stored on every event.
        let automaticSlots = Set(params.filter(\.isAutomatic).map(\.trackedSlot).filter { $0 >= 0 })
        var stored: [[Int]] = []
        var positions: [[Int]] = []
        for event in events {
            let listed = Set(event.uses.map { params[$0.param].trackedSlot }.filter { $0 >= 0 })
            let slots = listed.union(automaticSlots).sorted() + userSlots
            var position = Array(repeating: -1, count: slotCount)
            for (index, slot) in slots.enumerated() { position[slot] = index }
            stored.append(slots)
            positions.append(position)
        }
        return (stored, positions)
    }

    private func compilePair(_ pair: PairDeclaration) -> CrossEventChecker.CompiledPair {
        CrossEventChecker.CompiledPair(
            declaration: pair,
            opens: pair.opens.compactMap(compileMatcher), closes: pair.closes.compactMap(compileMatcher),
            inside: pair.inside.compactMap(compileMatcher),
            same: pair.same.compactMap { name in trackedSlot(ofParam: name.value).map { (name.value, $0) } },
            durationSlot: pair.duration.flatMap { trackedSlot(ofParam: $0.param) },
            outcomeSlot: pair.outcomeParam.flatMap { trackedSlot(ofParam: $0) })
    }

    private func compileRule(_ rule: RuleDeclaration) -> CrossEventChecker.CompiledRule {
        CrossEventChecker.CompiledRule(
            declaration: rule,
            events: Set(rule.events.compactMap { name in eventIndex[name].map(Int32.init) }),
            when: rule.when.compactMap { compileCondition($0, userProperty: false) },
            whenUser: rule.whenUser.compactMap { compileCondition($0, userProperty: true) } + platformConditions(rule),
            require: rule.require.compactMap { compileCondition($0, userProperty: false) },
            requireUser: rule.requireUser.compactMap { compileCondition($0, userProperty: true) },
            after: rule.after.flatMap { compileMatcher($0.matcher) },
            notAfter: rule.notAfter.flatMap { compileMatcher($0.matcher) }, severity: rule.severity)
    }

    /// Whether an event name not in the plan is one GA4 collects by itself. Inlined: called
    /// on the plan a line pass holds, a call would first copy the whole plan.
    @inline(__always)
    func isAutomaticEvent(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Bool {
        if automaticEventTable.lookup(bytes, hash: hash) != nil { return true }
        return Self.matchesAny(automaticEventPatterns, bytes)
    }

    /// Whether a param the event does not list is one GA4 adds: to any event, or to this one.
    @inline(__always)
    func isAutomaticParam(_ bytes: UnsafeRawBufferPointer, hash: UInt64, on event: CompiledEvent) -> Bool {
        if automaticParamTable.lookup(bytes, hash: hash) != nil { return true }
        if let scoped = event.automaticParams, scoped.lookup(bytes, hash: hash) != nil { return true }
        return Self.matchesAny(automaticParamPatterns, bytes)
    }

    @inline(__always)
    func isAutomaticUserProperty(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Bool {
        if automaticUserPropertyTable.lookup(bytes, hash: hash) != nil { return true }
        return Self.matchesAny(automaticUserPropertyPatterns, bytes)
    }

    /// Families are few and tried only after the tables miss; the name becomes a `String` then.
    /// Bytes that are not UTF-8 are no family's name: they are matched as they are, never
    /// repaired into one (a repaired `notification_\u{FFFD}` would pass for GA4's).
    static func matchesAny(_ patterns: [NamePattern], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !patterns.isEmpty, let name = String(validating: bytes, as: UTF8.self) else { return false }
        return patterns.contains { $0.matches(name) }
    }

    public func trackedSlot(ofParam name: String) -> Int? {
        paramIndex[name].flatMap { params[$0].trackedSlot >= 0 ? params[$0].trackedSlot : nil }
    }

    public func trackedSlot(ofUserProperty name: String) -> Int? {
        userPropertyIndex[name].flatMap {
            userProperties[$0].trackedSlot >= 0 ? userProperties[$0].trackedSlot : nil
        }
    }
}

/// What pairs and rules read, in first-use order: the params of conditions, `same`, `duration`
/// and `outcome`; the user properties of user conditions and experiment arms; the events
/// involved. Only these are stored in an event's record.
struct CrossEventReads {
    private(set) var params: [String] = []
    private(set) var userProperties: [String] = []
    private(set) var events = Set<String>()
    /// The events pairs, rules, journeys and metrics name: those whose records must have a user
    /// and a time (`events` less those recorded only for experiments or an exactly-once rule).
    private(set) var followedEvents = Set<String>()
    /// The events recorded for experiments alone: neither followed nor read by an exactly-once
    /// rule, which looks at every record of a user.
    private(set) var armsOnlyEvents = Set<String>()

    init(_ plan: Plan) {
        for pair in plan.pairs {
            for matcher in pair.opens + pair.closes + pair.inside { read(matcher) }
            for same in pair.same { readParam(same.value) }
            if let duration = pair.duration { readParam(duration.param) }
            if let outcome = pair.outcomeParam { readParam(outcome) }
        }
        for rule in plan.rules {
            for event in rule.events { events.insert(event) }
            for condition in rule.when + rule.require {
                readParam(condition.name)
                for case .equalsUserProperty(let name) in condition.predicates { readUserProperty(name) }
            }
            for condition in rule.whenUser + rule.requireUser { readUserProperty(condition.name) }
            for earlier in [rule.after, rule.notAfter].compactMap({ $0?.matcher }) { read(earlier) }
        }
        for journey in plan.journeys {
            for step in journey.steps { read(step) }
            for condition in journey.whenUser { readUserProperty(condition.name) }
        }
        // A metric reads its events and their conditions' params, counted per arm.
        for metric in plan.metrics {
            guard let matchers = metric.matchers(in: plan) else { continue }
            for matcher in matchers.reach + matchers.success { read(matcher) }
        }
        followedEvents = events
        // Experiment arms are read on every recorded event, to split pair counts per arm.
        for property in plan.userProperties where property.experiment { readUserProperty(property.name) }
        // A declared experiment counts every user with an arm, so every event of the plan may
        // carry what it reads: the arm and the population's user properties. Of an event no pair,
        // rule, journey or metric names, the arm checks read only a user's first arm and first
        // other arm, so `lint` records such an event only when it may be one of those
        // (`ArmSighting`). An exactly-once rule looks at every event of a user, to know which
        // users expect the event: with one, every event of the plan is recorded, as it comes.
        for experiment in plan.experiments {
            readUserProperty(experiment.userProperty.value)
            for condition in experiment.population { readUserProperty(condition.name) }
        }
        let everyEvent = Set(plan.events.map(\.name))
        if plan.rules.contains(where: { $0.once == .exactly }) {
            events.formUnion(everyEvent)
        } else if !plan.experiments.isEmpty {
            armsOnlyEvents = everyEvent.subtracting(events)
            events.formUnion(everyEvent)
        }
    }

    private mutating func read(_ matcher: EventMatcher) {
        events.insert(matcher.event)
        for condition in matcher.conditions {
            readParam(condition.name)
            for case .equalsUserProperty(let name) in condition.predicates { readUserProperty(name) }
        }
    }

    private mutating func readParam(_ name: String) {
        if !params.contains(name) { params.append(name) }
    }

    private mutating func readUserProperty(_ name: String) {
        if !userProperties.contains(name) { userProperties.append(name) }
    }
}
