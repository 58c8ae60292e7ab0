import EventLintKit
import Foundation

/// Conditions on GA4's automatic names, in every form a plan can write one: a plan head that
/// declares `step` and `tier`, then per form and kind of name (declared, automatic, unknown)
/// the rule or pair text and rows that break it. Both test targets read the same table.
public enum AutomaticNameCases {
    /// The plan's params, user properties and events; a case's declaration follows it.
    public static let base = """
        {
          params: { step: { type: 'string', values: ['a', 'b'], description: 'x' } },
          userProperties: { tier: { type: 'string', values: ['free', 'paid'], description: 'x' } },
          events: {
            opened: { description: 'x', params: { step: 'optional' } },
            closed: { description: 'x', params: { step: 'optional' } },
          },

        """

    public enum NameKind: String, CaseIterable, Sendable { case declared, automatic, unknown }

    /// One condition form: the plan text of a rule or pair reading `name` (a `/*>*/` marker
    /// before the condition), and rows that break it for `name` with the value `good` it wants and
    /// another value `bad`.
    public struct Form: Sendable {
        public var name: String
        public var userProperty: Bool
        public var declaration: @Sendable (_ key: String, _ name: String, _ good: String) -> String
        public var rows:
            @Sendable (_ user: String, _ name: String, _ good: Export.Value, _ bad: Export.Value) -> [String]
    }

    static func row(
        _ event: String, _ seconds: Double, user: String, params: [(String, Export.Value)] = [],
        userProperties: [(String, Export.Value)] = []
    ) -> String {
        Export.bq(event, at: seconds, user: user, params: params, userProperties: userProperties)
    }

    public static let forms: [Form] = [
        Form(
            name: "when", userProperty: false,
            declaration: {
                "rules: { \($0): { on: 'closed', when: { /*>*/\($1): '\($2)' }, requireUser: { tier: 'paid' } } }"
            },
            rows: { user, name, good, _ in [row("closed", 0, user: user, params: [(name, good)])] }
        ),
        Form(
            name: "require", userProperty: false,
            declaration: { "rules: { \($0): { on: 'closed', require: { /*>*/\($1): '\($2)' } } }" },
            rows: { user, name, _, bad in [row("closed", 0, user: user, params: [(name, bad)])] }),
        Form(
            name: "after-where", userProperty: false,
            declaration: {
                "rules: { \($0): { on: 'closed', after: { event: 'opened', where: { /*>*/\($1): '\($2)' } } } }"
            },
            rows: { user, name, _, bad in
                [row("opened", 0, user: user, params: [(name, bad)]), row("closed", 1, user: user)]
            }),
        Form(
            name: "notAfter-where", userProperty: false,
            declaration: {
                "rules: { \($0): { on: 'closed', notAfter: { event: 'opened', where: { /*>*/\($1): '\($2)' }, within: '1h' } } }"
            },
            rows: { user, name, good, _ in
                [row("opened", 0, user: user, params: [(name, good)]), row("closed", 1, user: user)]
            }),
        Form(
            name: "pair-where", userProperty: false,
            declaration: {
                "pairs: { \($0): { open: { event: 'opened', where: { /*>*/\($1): '\($2)' } }, close: { events: ['closed'] } } }"
            },
            rows: { user, name, _, bad in
                [row("opened", 0, user: user, params: [(name, bad)]), row("closed", 1, user: user)]
            }),
        Form(
            name: "whenUser", userProperty: true,
            declaration: {
                "rules: { \($0): { on: 'closed', whenUser: { /*>*/\($1): '\($2)' }, require: { step: 'a' } } }"
            },
            rows: { user, name, good, _ in
                [row("closed", 0, user: user, params: [("step", .string("b"))], userProperties: [(name, good)])]
            }),
        Form(
            name: "requireUser", userProperty: true,
            declaration: { "rules: { \($0): { on: 'closed', requireUser: { /*>*/\($1): '\($2)' } } }" },
            rows: { user, name, _, bad in [row("closed", 0, user: user, userProperties: [(name, bad)])] }),
        Form(
            name: "requireUser-absent", userProperty: true,
            declaration: { key, name, _ in
                "rules: { \(key): { on: 'closed', requireUser: { /*>*/\(name): { present: false } } } }"
            },
            rows: { user, name, good, _ in [row("closed", 0, user: user, userProperties: [(name, good)])] }),
        Form(
            name: "equalsUserProperty", userProperty: true,
            declaration: { key, name, _ in
                "rules: { \(key): { on: 'closed', require: { /*>*/step: { equalsUserProperty: '\(name)' } } } }"
            },
            rows: { user, name, good, _ in
                [row("closed", 0, user: user, params: [("step", .string("b"))], userProperties: [(name, good)])]
            }),
    ]

    /// The name of each kind, the value a condition asks for and another one.
    public static func name(_ kind: NameKind, userProperty: Bool) -> (name: String, good: String, bad: String) {
        switch (kind, userProperty) {
        case (.declared, false): ("step", "a", "b")
        case (.automatic, false): ("firebase_screen_class", "Home", "Settings")
        case (.unknown, false): ("nope", "x", "y")
        case (.declared, true): ("tier", "paid", "free")
        case (.automatic, true): ("firebase_exp_3", "1", "0")
        case (.unknown, true): ("nope_user", "x", "y")
        }
    }

    public struct Case: Sendable, CustomStringConvertible {
        public var form: Form
        public var kind: NameKind
        public var description: String { "\(form.name) × \(kind.rawValue)" }
        public var ruleName: String { "r_" + form.name.replacingOccurrences(of: "-", with: "_") + "_" + kind.rawValue }
        public var user: String { "U_" + ruleName }
        public var names: (name: String, good: String, bad: String) {
            AutomaticNameCases.name(kind, userProperty: form.userProperty)
        }
        public var declaration: String { form.declaration(ruleName, names.name, names.good) }
        public var rows: [String] { form.rows(user, names.name, .string(names.good), .string(names.bad)) }
    }

    public static let cases: [Case] = forms.flatMap { form in NameKind.allCases.map { Case(form: form, kind: $0) } }
}
