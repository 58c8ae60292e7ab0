/// User properties: each against the plan's declaration or the SDK's automatic names.
extension LinePass {
    func checkUserProperties(
        _ event: ScannedEvent, scan: LineScan, line: FramedLine, eventName: String?,
        nameToken: JSONStringToken
    ) {
        let bytes = line.bytes
        for fieldIndex in event.userProperties {
            let field = scan.userProperties[fieldIndex]
            let index = Self.withBytes(field.key, bytes, { plan.userPropertyTable.lookup($0, hash: field.keyHash) })
            // An automatic user property the plan names only in a condition is read for it, and
            // otherwise treated as any automatic one: no finding but GA4's own length limit.
            if let index, plan.userProperties[Int(index)].isImplicit {
                let property = plan.userProperties[Int(index)]
                reportOverlongUndeclared(field, bytes: bytes, line: line)
                let tracked = checkUserPropertyValue(
                    field.value, property: property, bytes: bytes, line: line, report: false)
                if property.trackedSlot >= 0 { trackedScratch[property.trackedSlot] = tracked }
                continue
            }
            guard let index else {
                if !Self.withBytes(field.key, bytes, { plan.isAutomaticUserProperty($0, hash: field.keyHash) }) {
                    let name = field.key.decodedString(in: bytes)
                    findings.append(
                        Finding(
                            rule: StreamRules.unknownUserProperty,
                            message: StreamRules.unknownUserPropertyMessage(property: name),
                            at: location(line, field.key.sourceStart), param: name))
                }
                reportOverlongUndeclared(field, bytes: bytes, line: line)
                continue
            }
            let property = plan.userProperties[Int(index)]
            let tracked = checkUserPropertyValue(field.value, property: property, bytes: bytes, line: line)
            if property.trackedSlot >= 0 { trackedScratch[property.trackedSlot] = tracked }
        }
    }

    /// GA4's 36-character limit holds for every user property, planned or not.
    func reportOverlongUndeclared(_ field: ScannedField, bytes: UnsafeRawBufferPointer, line: FramedLine) {
        guard field.value.kind == .string, field.value.range.count > GA4Facts.maxUserPropertyValueLength else { return }
        let characters = Self.withValueBytes(field.value, bytes) { Self.characterCount($0) }
        guard characters > GA4Facts.maxUserPropertyValueLength else { return }
        let name = field.key.decodedString(in: bytes)
        findings.append(
            Finding(
                rule: StreamRules.userPropertyValueTooLong,
                message: StreamRules.userPropertyValueTooLongMessage(property: name, characters: characters),
                at: location(line, field.value.offset), param: name))
    }

    /// The value of a user property as pairs and rules see it; `report: false` checks without
    /// findings (an implicit automatic one: its value is invalid, not wrong).
    func checkUserPropertyValue(
        _ value: ValueToken, property: CompiledParam, bytes: UnsafeRawBufferPointer,
        line: FramedLine, report: Bool = true
    ) -> TrackedValue {
        let wire = value.slot == .printed ? printedWire(value, bytes, as: property.type) : wire(value, bytes)
        func fail(_ rule: Rule, _ message: String) -> TrackedValue {
            guard report else { return .invalid }
            findings.append(
                Finding(
                    rule: rule, message: message, at: location(line, value.offset), param: property.name,
                    value: Self.shownValue(value, bytes)))
            return .invalid
        }
        switch (property.type, wire) {
        case (_, .none):
            return .absent
        case (.string, .string), (.bucket, .string):
            return Self.withValueBytes(value, bytes) { raw -> TrackedValue in
                let characters = raw.count > GA4Facts.maxUserPropertyValueLength ? Self.characterCount(raw) : 0
                if characters > GA4Facts.maxUserPropertyValueLength {
                    return fail(
                        StreamRules.userPropertyValueTooLong,
                        StreamRules.userPropertyValueTooLongMessage(property: property.name, characters: characters))
                }
                if !property.allowed.isEmpty, property.allowed.lookup(raw) == nil {
                    return fail(
                        StreamRules.userPropertyValueNotAllowed,
                        StreamRules.userPropertyValueNotAllowedMessage(
                            property: property.name, value: Self.string(raw),
                            allowed: property.allowed.keys.map { Self.string($0) }))
                }
                return tracked(raw, remember: property.trackedSlot >= 0)
            }
        case (.int, .int(let number)), (.double, .int(let number)):
            return .number(Double(number))
        case (.double, .double(let number)):
            return .number(number)
        case (.bool, .bool(let flag)):
            return .bool(flag)
        case (.bool, .int(let number)) where number == 0 || number == 1:
            return .bool(number == 1)
        default:
            return fail(
                StreamRules.userPropertyWrongType,
                StreamRules.userPropertyWrongTypeMessage(
                    property: property.name, declared: property.type, arrival: Self.arrival(value, wire, bytes)))
        }
    }
}
