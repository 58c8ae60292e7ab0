/// Pairs: an open method on the tracker that returns a handle, and the handle's class whose
/// methods send the inside and close events, with the `same` params carried from the open and
/// the duration measured on the tracker's monotonic clock.
extension SwiftCodeGenerator {
    func renderOpen(_ open: SwiftPairMethod, pair: SwiftPair, into writer: inout SwiftWriter) {
        let event = open.event
        writer.doc(pair.description)
        writer.line(
            "/// Opens the pair \(SwiftSource.commentText(pair.name)) by sending \(SwiftSource.commentText(event.name))."
        )
        writer.doc(event.description)
        writer.docParameters(arguments(of: open).map { ($0.field.name, $0.field.description) })
        for (field, source) in zip(event.fields, open.sources) {
            guard case .userProperty(let property) = source else { continue }
            writer.line(
                "/// - Note: \(SwiftSource.commentText(field.param)) is sent as the user property \(SwiftSource.commentText(property)) was last set through its setter; with none set, the open is dropped."
            )
        }
        writer.line(
            "/// - Returns: the open pair; its methods send the pair's other events"
                + (pair.closeRequired ? ", and it must be closed." : ". Its close is optional."))
        if !pair.closeRequired { writer.line("@discardableResult") }
        writer.line("public func \(open.name)(\(signature(of: open))) -> \(pair.typeName) {")
        writer.indent += 1
        for (field, source) in zip(event.fields, open.sources) {
            guard case .userProperty(let property) = source else { continue }
            renderUserPropertyRead(
                field, property: property, type: "Tracker." + event.typeName, tracker: "",
                otherwise:
                    "return \(pair.typeName)(tracker: self, state: TrackingPairState(openedAt: clock.nanoseconds(), carried: [:], open: false))",
                into: &writer)
        }
        writer.line("let trackingEvent = Tracker.\(event.typeName)(\(initialiserArguments(of: open)))")
        let carried = event.fields.filter { pair.carried.contains($0.param) }
        // Without values to carry, the dictionary is written as `[:]`: a `var` never changed
        // would be a warning.
        if !carried.isEmpty { writer.line("var trackingCarried: [String: TrackingValue] = [:]") }
        for field in carried {
            let value = "trackingEvent." + SwiftSource.identifier(field.name)
            let key = SwiftSource.stringLiteral(field.param)
            if field.optional {
                writer.line("trackingCarried[\(key)] = \(value).map { \(Self.trackingValue("$0", field.shape)) }")
            } else {
                writer.line("trackingCarried[\(key)] = \(Self.trackingValue(value, field.shape))")
            }
        }
        writer.line(
            "let trackingList = prepared(\(event.typeName).eventName, trackingEvent.trackingParameters()\(conditions(of: open)))"
        )
        writer.line("let trackingPair = \(pair.typeName)(tracker: self, state: TrackingPairState(")
        writer.line(
            "    openedAt: clock.nanoseconds(), carried: \(carried.isEmpty ? "[:]" : "trackingCarried"), open: trackingList != nil))"
        )
        writer.line("if let trackingList { logger.logEvent(\(event.typeName).eventName, parameters: trackingList) }")
        writer.line("return trackingPair")
        writer.indent -= 1
        writer.line("}")
    }

    func renderPair(_ pair: SwiftPair, into writer: inout SwiftWriter) {
        writer.doc(pair.description)
        let opens = pair.opens.map { "`\($0.name)(…)`" }.joined(separator: " or ")
        writer.line(
            "/// The open pair \(SwiftSource.commentText(pair.name)), from \(opens)."
                + (pair.closeRequired ? " It must be closed." : " Closing it is optional."))
        writer.line("public final class \(pair.typeName): Sendable {")
        writer.indent += 1
        for type in pair.narrowedEnums {
            renderEnum(type, into: &writer)
            writer.line("")
        }
        writer.line("private let tracker: Tracker")
        writer.line("private let state: TrackingPairState")
        writer.line("")
        writer.line("fileprivate init(tracker: Tracker, state: TrackingPairState) {")
        writer.line("    self.tracker = tracker")
        writer.line("    self.state = state")
        writer.line("}")
        writer.line("")
        writer.line("/// Whether the pair is open: its open was sent, and it is not closed yet.")
        writer.line("public var isOpen: Bool { state.isOpen }")
        if pair.closeRequired, let close = pair.closeEvents.first {
            // A sheet swiped away, a view that forgot its close: in a debug build, the handle
            // that goes while the pair is open says so, where a release build stays quiet.
            writer.line("")
            writer.line("#if DEBUG")
            writer.line("/// In a debug build, a handle released while its pair is open reports the missing close.")
            writer.line("deinit {")
            writer.line("    guard state.isOpen else { return }")
            writer.line(
                "    tracker.onDrop(TrackingDrop(subject: \(SwiftSource.stringLiteral(close)), param: nil, reason: TrackingDrop.dismissedWithoutClose))"
            )
            writer.line("}")
            writer.line("#endif")
        }
        for method in pair.methods {
            writer.line("")
            renderMethod(method, pair: pair, into: &writer)
        }
        writer.indent -= 1
        writer.line("}")
    }

    /// An inside or close method of a pair's handle: it drops the event unless the pair is open,
    /// reads the carried values back, then sends (and for a close, closes the pair).
    func renderMethod(_ method: SwiftPairMethod, pair: SwiftPair, into writer: inout SwiftWriter) {
        let type = "Tracker." + method.event.typeName
        let notOpen = SwiftSource.stringLiteral("pair \"\(pair.name)\" is not open")
        let verb = method.role == .close ? "Closes the pair by sending" : "Sends"
        writer.line("/// \(verb) \(SwiftSource.commentText(method.event.name)).")
        writer.doc(method.event.description)
        writer.docParameters(arguments(of: method).map { ($0.field.name, $0.field.description) })
        writer.line("public func \(SwiftSource.identifier(method.name))(\(signature(of: method))) {")
        writer.indent += 1
        renderDrop(unless: "state.isOpen", type: type, reason: notOpen, into: &writer)
        for (field, source) in zip(method.event.fields, method.sources) {
            switch source {
            case .carried: renderCarriedRead(field, type: type, into: &writer)
            case .userProperty(let property):
                renderUserPropertyRead(
                    field, property: property, type: type, tracker: "tracker.", otherwise: "return", into: &writer)
            default: continue
            }
        }
        writer.line("let trackingEvent = \(type)(\(initialiserArguments(of: method)))")
        writer.line(
            "guard let trackingList = tracker.prepared(\(type).eventName, trackingEvent.trackingParameters()\(conditions(of: method))) else { return }"
        )
        if method.role == .close {
            renderDrop(unless: "state.close()", type: type, reason: notOpen, into: &writer)
        }
        writer.line("tracker.logger.logEvent(\(type).eventName, parameters: trackingList)")
        writer.indent -= 1
        writer.line("}")
    }

    /// `guard CONDITION else { drop the event; return }`, for an event the pair's state refuses.
    func renderDrop(unless condition: String, type: String, reason: String, into writer: inout SwiftWriter) {
        writer.line("guard \(condition) else {")
        writer.line("    tracker.onDrop(TrackingDrop(subject: \(type).eventName, param: nil, reason: \(reason)))")
        writer.line("    return")
        writer.line("}")
    }

    /// A value carried from the open, read back as the field's type; the event is dropped when the
    /// value is not one this event allows (or, for a required field, when the open carried none).
    func renderCarriedRead(_ field: SwiftField, type: String, into writer: inout SwiftWriter) {
        let name = SwiftSource.identifier(field.name)
        let key = "state.carried[\(SwiftSource.stringLiteral(field.param))]"
        let value = Self.carriedValue(key, field.shape)
        let drop =
            "tracker.onDrop(TrackingDrop(subject: \(type).eventName, param: \(SwiftSource.stringLiteral(field.param)), reason: "
        if field.optional {
            // Absent at the open is absent here; a value this event does not allow is dropped.
            writer.line("let \(name) = \(value)")
            writer.line("guard \(key) == nil || \(name) != nil else {")
            writer.line(
                "    " + drop + SwiftSource.stringLiteral("the value carried from the open is not allowed here") + "))")
        } else {
            writer.line("guard let \(name) = \(value) else {")
            writer.line(
                "    " + drop
                    + SwiftSource.stringLiteral("the pair's open carries no value for it that is allowed here")
                    + "))")
        }
        writer.line("    return")
        writer.line("}")
    }

    /// A field the plan ties to a user property, read from the value last set through its setter;
    /// when none is set (or, for a required field, it is not one this event allows) the event is
    /// dropped and `otherwise` runs.
    func renderUserPropertyRead(
        _ field: SwiftField, property: String, type: String, tracker: String, otherwise: String,
        into writer: inout SwiftWriter
    ) {
        let name = SwiftSource.identifier(field.name)
        let value = Self.carriedValue(
            "\(tracker)userProperties.value(\(SwiftSource.stringLiteral(property)))", field.shape)
        if field.optional {
            writer.line("let \(name) = \(value)")
            return
        }
        let reason = SwiftSource.stringLiteral(
            "the user property \"\(property)\" it copies is not set to a value allowed here")
        writer.line("guard let \(name) = \(value) else {")
        writer.line(
            "    \(tracker)onDrop(TrackingDrop(subject: \(type).eventName, param: \(SwiftSource.stringLiteral(field.param)), reason: \(reason)))"
        )
        writer.line("    \(otherwise)")
        writer.line("}")
    }

    /// The fields a caller passes, with their argument types.
    func arguments(of method: SwiftPairMethod) -> [(field: SwiftField, type: String, optional: Bool)] {
        zip(method.event.fields, method.sources).compactMap { field, source in
            guard case .argument(let type, let optional, _) = source else { return nil }
            return (field, type, optional)
        }
    }

    func signature(of method: SwiftPairMethod) -> String {
        arguments(of: method).map { field, type, optional in
            "\(SwiftSource.parameterLabel(field.name)): \(type)" + (optional ? "? = nil" : "")
        }.joined(separator: ", ")
    }

    /// The event's initialiser arguments: each field from the caller, the matcher, the open or the clock.
    func initialiserArguments(of method: SwiftPairMethod) -> String {
        zip(method.event.fields, method.sources).map { field, source in
            let name = SwiftSource.identifier(field.name)
            let value: String
            switch source {
            case .argument(_, _, let narrowed): value = narrowed == nil ? name : name + ".widened"
            case .fixed(let expression): value = expression
            case .carried, .userProperty: value = name
            case .omitted: value = "nil"
            case .duration:
                let swiftType = field.shape.swiftType
                value = "(Tracker.milliseconds(tracker.elapsedNanoseconds(since: state.openedAt)) as \(swiftType))"
            }
            return "\(SwiftSource.argumentLabel(field.name)): \(value)"
        }.joined(separator: ", ")
    }

    /// `, conditions: [...]` for the conditions a matcher checks on the values sent, or nothing.
    func conditions(of method: SwiftPairMethod) -> String {
        guard !method.conditions.isEmpty else { return "" }
        let items = method.conditions.map { condition in
            var parts = ["param: \(SwiftSource.stringLiteral(condition.param))"]
            if let oneOf = condition.oneOf { parts.append("oneOf: [\(oneOf.joined(separator: ", "))]") }
            if let noneOf = condition.noneOf { parts.append("noneOf: [\(noneOf.joined(separator: ", "))]") }
            if let atLeast = condition.atLeast {
                parts.append("atLeast: \(SwiftCodeTranslator.doubleLiteral(atLeast))")
            }
            if let atMost = condition.atMost { parts.append("atMost: \(SwiftCodeTranslator.doubleLiteral(atMost))") }
            if let bucket = condition.bucket {
                parts.append("edges: [" + bucket.edges.map(String.init).joined(separator: ", ") + "]")
                parts.append("labels: " + Self.stringList(bucket.labels))
            }
            return "TrackingCondition(" + parts.joined(separator: ", ") + ")"
        }
        return ", conditions: [" + items.joined(separator: ", ") + "]"
    }

    /// A carried `TrackingValue?` read back as the field's type (nil when it does not fit).
    static func carriedValue(_ expression: String, _ shape: SwiftValueShape) -> String {
        switch shape {
        case .enumeration(let type):
            let reader =
                switch type.raw {
                case .string: "string"
                case .int: "int"
                case .double: "double"
                }
            return "TrackingCarried.\(reader)(\(expression)).flatMap(\(type.path).init(rawValue:))"
        case .string: return "TrackingCarried.string(\(expression))"
        case .int, .bucket: return "TrackingCarried.int(\(expression))"
        case .double: return "TrackingCarried.double(\(expression))"
        case .bool: return "TrackingCarried.bool(\(expression))"
        }
    }
}
