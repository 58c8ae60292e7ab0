/// The plan translated into the Swift it becomes, before any text is written: every name
/// chosen (and kept apart from the others), every value given the Swift type it is sent as.
/// `SwiftCodeGenerator` builds it from a `Plan` and then only renders.
struct SwiftCodeModel {
    var enums: [SwiftEnum] = []
    var userProperties: [SwiftUserProperty] = []
    var events: [SwiftEvent] = []
    var pairs: [SwiftPair] = []
}

/// A plan value as a Swift literal and as the key that says which values are the same.
struct SwiftEnumCase {
    var name: String
    var literal: String
    var key: PlanValueKey
}

/// A value compared across the plan: text as written, numbers by value.
enum PlanValueKey: Hashable {
    case text(String)
    case number(Double)
    case flag(Bool)

    init(_ value: PlanValue) {
        switch value {
        case .string(let text): self = .text(text)
        case .number(_, let number): self = .number(number)
        case .bool(let flag): self = .flag(flag)
        }
    }
}

/// What a Swift enum's raw values are.
enum SwiftRawKind {
    case string, int, double

    var swiftType: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        }
    }
}

/// An enum of allowed values: a param's, a user property's, an event's narrowing or a pair
/// matcher's.
struct SwiftEnum {
    var name: String
    /// How code outside its declaring type names it (`OnboardingBlockOfferClosed.Outcome`).
    var path: String
    var raw: SwiftRawKind
    var cases: [SwiftEnumCase]
    var description: String?
    /// For a matcher's narrowed enum: the path of the enum it narrows (same case names).
    var widens: String? = nil
}

/// How a parameter value is typed and checked.
indirect enum SwiftValueShape {
    case enumeration(SwiftEnum)
    case string(minLength: Int?, maxLength: Int?)
    case int(minimum: Double?, maximum: Double?)
    case double(minimum: Double?, maximum: Double?)
    case bool(allowed: [Bool]?)
    /// Takes the raw count; the label is computed from the edges.
    case bucket(edges: [Int64], labels: [String], allowed: [String]?)

    var swiftType: String {
        switch self {
        case .enumeration(let type): type.path
        case .string: "String"
        case .int, .bucket: "Int"
        case .double: "Double"
        case .bool: "Bool"
        }
    }
}

/// One parameter of an event as a stored property of its type.
struct SwiftField {
    var param: String
    var name: String
    var shape: SwiftValueShape
    var optional: Bool
    var description: String?
}

/// An event type.
struct SwiftEvent {
    var name: String
    var typeName: String
    var description: String?
    var fields: [SwiftField]
    var nestedEnums: [SwiftEnum]
    /// Sent only through a pair's handle: its initialiser is private to the file.
    var inPair: Bool
    /// The `log` method name on the tracker, for an event of no pair.
    var logName: String
}

/// Where a method of a pair takes one field of the event it sends from.
enum SwiftFieldSource {
    /// An argument of this type (a field's own type, or a matcher's narrowed enum).
    case argument(type: String, optional: Bool, narrowed: SwiftEnum?)
    /// A value the matcher fixes (a Swift expression).
    case fixed(String)
    /// Carried from the open (`same`).
    case carried
    /// The pair's duration, filled at close.
    case duration
    /// Absent (the matcher says `present: false`).
    case omitted
    /// The value last set through the setter of this user property: the plan ties the param to
    /// it (`equalsUserProperty`, in the matcher or in a rule on the event without conditions).
    case userProperty(String)
}

/// A condition of a matcher that is checked on the values sent, as types cannot express it.
struct SwiftRuntimeCondition {
    var param: String
    var oneOf: [String]?
    var noneOf: [String]?
    var atLeast: Double?
    var atMost: Double?
    var bucket: (edges: [Int64], labels: [String])?
}

/// One method of a pair (its open, an inside event, a close).
struct SwiftPairMethod {
    enum Role { case open, inside, close }
    var role: Role
    var name: String
    var event: SwiftEvent
    var sources: [SwiftFieldSource]
    var conditions: [SwiftRuntimeCondition]
}

/// A pair: its handle type and its methods.
struct SwiftPair {
    var name: String
    var typeName: String
    var description: String?
    var closeRequired: Bool
    /// The close events, for the drop a handle released while open reports.
    var closeEvents: [String] = []
    var opens: [SwiftPairMethod]
    var methods: [SwiftPairMethod]
    var narrowedEnums: [SwiftEnum]
    /// The params carried from the open, in plan order.
    var carried: [String]
}

/// A user property's setter.
struct SwiftUserProperty {
    var name: String
    var setterName: String
    var shape: SwiftValueShape
    var description: String?
}
