/// Rules the plan loader reports while it reads the plan's declarations.
public enum PlanLoadingRules {
    public static let all: [Rule] = [unknownKey, invalidDeclaration, duplicateDeclaration, cannotLoad, invalidWindow]

    /// Not reported by the loader itself: the front end reports with it a plan, base plan or
    /// registered-definitions file that cannot be used at all, so that failure reaches SARIF,
    /// annotations and the step summary like any finding.
    public static let cannotLoad = Rule(
        id: "plan/cannot-load", stage: .plan, severity: .error,
        summary: "a plan, base plan or registered-definitions file cannot be used at all",
        documentation: """
            The plan directory does not exist or holds no plan files, a file cannot be read, the base \
            ref is not in the repository, or a registered-definitions file is not a GA4 Admin API list \
            response. The command stops with exit status 2; no other finding is reported. A JSON or \
            JSON5 syntax error is reported with its `json/…` rule instead. Follow the message's hint \
            (`--schema DIR`, fetch the base branch, export the definitions again). No example: it \
            needs a file that cannot be used, not a plan document.
            """)

    public static let unknownKey = Rule(
        id: "plan/unknown-key", stage: .plan, severity: .error,
        summary: "a key the plan language does not know",
        documentation: """
            Every object of the plan has a fixed set of keys (see docs/schema.md). An unknown key is \
            almost always a typo (`requried`, `value` for `values`) that would otherwise be ignored \
            silently and leave a check off. Fix the spelling or remove the key.
            """,
        examples: RuleExamples(
            failing: "{ params: { step: { type: 'string', /*>*/valuse: ['intro'], description: 'x' } } }",
            passing: "{ params: { step: { type: 'string', values: ['intro'], description: 'x' } } }"))

    public static let invalidDeclaration = Rule(
        id: "plan/invalid-declaration", stage: .plan, severity: .error,
        summary: "a declaration whose value has the wrong shape or an unknown option",
        documentation: """
            A key holds a value of the wrong kind (a number where a list of values is expected), an \
            unknown type name (`type: 'strng'`), an unknown registration, a malformed version, or \
            a number no double holds: infinite (`1e400`), or an integer beyond ±2^53 \
            (`9007199254740993`, which would be read, checked, queried and generated as \
            `9007199254740992`). The declaration is skipped, so the rest of the plan is still checked; fix it as the \
            message says. docs/schema.md lists what each key takes.
            """,
        examples: RuleExamples(
            failing: "{ params: { step: { type: /*>*/'strng', description: 'x' } } }",
            passing: "{ params: { step: { type: 'string', description: 'x' } } }"))

    /// Reported by `check`, which sees the declaration whole: a param whose `min` is above its `max`.
    static func minimumAboveMaximumMessage(param: String, minimum: Double, maximum: Double) -> String {
        "param \"\(param)\" has min \(minimum) above max \(maximum)"
    }

    public static let invalidWindow = Rule(
        id: "plan/invalid-window", stage: .plan, severity: .error,
        summary: "a rule's time window that is missing, malformed, not positive or too large",
        documentation: """
            `after: { event, where, within }` and `notAfter: { event, where, within }` compare event \
            times against a window written as a text of number-unit parts, largest unit first: \
            `'60s'`, `'30m'`, `'24h'`, `'1h30m'`, `'7d'` (units `d`, `h`, `m`, `s`; whole numbers; \
            no spaces). `notAfter` needs a window. A window must be at least one second and at \
            most 36600d (100 years, the span of every valid timestamp), so timestamp arithmetic and \
            the SQL literal stay within 64 bits. A bare number (`within: 60`) is refused: its unit \
            would be a guess. The rule is dropped, so `lint` and `sql` refuse the plan until it is fixed.
            """,
        examples: RuleExamples(
            failing: """
                { events: { a: { description: 'x' }, b: { description: 'x' } },
                  rules: { r: { on: 'a', notAfter: { event: 'b', within: /*>*/'0s' } } } }
                """,
            passing: """
                { events: { a: { description: 'x' }, b: { description: 'x' } },
                  rules: { r: { on: 'a', notAfter: { event: 'b', within: '60s' } } } }
                """))

    public static let duplicateDeclaration = Rule(
        id: "plan/duplicate-declaration", stage: .plan, severity: .error,
        summary: "the same event, param, user property, pair or rule declared twice",
        documentation: """
            Plan files merge into one plan, and a name may be declared only once across all of \
            them: which declaration would win is exactly the kind of silent choice a tracking plan \
            must not make. The finding stands at the second declaration with a note at the first. \
            (Two identical keys within one object are already a JSON error.) No example: it needs \
            two plan files, and an example is one.
            """)
}
