/// Values: the wire type of a param value, and its checks against the param's declared type,
/// allowed values, bounds and length.
extension LinePass {
    func wire(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> Wire {
        switch (value.kind, value.slot) {
        case (.absent, _), (.null, _): return .none
        case (.compound, _): return .compound
        case (.bool, _): return .bool(value.boolValue)
        case (.string, .intValue), (.number, .intValue):
            if let int = Self.integer(value, bytes) { return .int(int) }
            return .malformedNumber(Self.text(value, bytes))
        case (.string, .floatValue), (.string, .doubleValue):
            if let double = Double(Self.text(value, bytes)), double.isFinite { return .double(double) }
            return .malformedNumber(Self.text(value, bytes))
        case (.number, .floatValue), (.number, .doubleValue):
            return .double(Double(Self.text(value, bytes)) ?? .nan)
        case (.string, _): return .string
        case (.number, _):
            if let int = Self.integer(value, bytes) { return .int(int) }
            let double = Double(Self.text(value, bytes)) ?? .nan
            return double.isFinite ? .double(double) : .malformedNumber(Self.text(value, bytes))
        }
    }

    /// The type of a value the debug console printed as bare text. The console prints a string
    /// and a number alike, so a string param accepts any text, a number param a number's text,
    /// and a bool param `true`/`false`/`YES`/`NO`/`1`/`0`; anything else is a string.
    func printedWire(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer, as type: ParamType) -> Wire {
        guard value.kind == .string else { return wire(value, bytes) }
        switch type {
        case .string, .bucket: return .string
        case .int, .double:
            if let int = Self.integer(value, bytes) { return .int(int) }
            let text = Self.text(value, bytes)
            let isNumeral =
                !text.isEmpty
                && text.utf8.allSatisfy {
                    ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B
                }
            if isNumeral, let double = Double(text), double.isFinite { return .double(double) }
            return .string
        case .bool:
            switch Self.text(value, bytes) {
            case "true", "YES", "1": return .bool(true)
            case "false", "NO", "0": return .bool(false)
            default: return .string
            }
        }
    }

    /// Checks one param value against its declaration; returns the value pairs and rules see.
    /// Messages name the param, the event and the item, and are made only for a finding.
    func checkValue(
        _ field: ScannedField, param: CompiledParam, use: CompiledUse, eventIndex: Int, eventName: String,
        bytes: UnsafeRawBufferPointer, line: FramedLine, item: Int? = nil
    ) -> TrackedValue {
        let value = field.value
        let wire = value.slot == .printed ? printedWire(value, bytes, as: param.type) : wire(value, bytes)
        if item == nil {
            counters.wireKinds[
                (eventIndex * plan.params.count + use.param) * StreamCounters.wireKindCount + wire.kindIndex] += 1
        }
        func fail(_ rule: Rule, _ message: String) -> TrackedValue {
            findings.append(
                Finding(
                    rule: rule, message: message, at: location(line, value.offset), event: eventName,
                    param: param.name, value: Self.shownValue(value, bytes)))
            return .invalid
        }
        switch (param.type, wire) {
        case (.string, .string), (.bucket, .string):
            return Self.withValueBytes(value, bytes) { raw -> TrackedValue in
                checkString(raw, param: param, use: use, item: item, eventName: eventName, fail: fail)
            }
        case (.int, .int(let number)):
            return checkNumber(
                Double(number), lexeme: String(number), param: param, use: use, item: item, eventName: eventName,
                fail: fail)
        case (.double, .int(let number)):
            return checkNumber(
                Double(number), lexeme: String(number), param: param, use: use, item: item, eventName: eventName,
                fail: fail)
        case (.double, .double(let number)):
            return checkNumber(
                number, lexeme: Self.text(value, bytes), param: param, use: use, item: item, eventName: eventName,
                fail: fail)
        case (.bool, .bool(let flag)):
            return checkBool(flag, param: param, item: item, eventName: eventName, fail: fail)
        case (.bool, .int(let number)) where number == 0 || number == 1:
            return checkBool(number == 1, param: param, item: item, eventName: eventName, fail: fail)
        case (.bool, .int(let number)):
            return fail(
                StreamRules.wrongType,
                StreamRules.notABoolMessage(param: param.name, event: eventName, item: item, number: number))
        case (.bucket, .int), (.bucket, .double):
            return fail(
                StreamRules.wrongType,
                StreamRules.numberForBucketMessage(
                    param: param.name, event: eventName, item: item, lexeme: Self.text(value, bytes)))
        default:
            return fail(
                StreamRules.wrongType,
                StreamRules.wrongTypeMessage(
                    param: param.name, event: eventName, item: item, declared: param.type,
                    arrival: Self.arrival(value, wire, bytes)))
        }
    }

    /// A step of `checkValue`: checks a string or bucket label.
    @inline(__always)
    func checkString(
        _ raw: UnsafeRawBufferPointer, param: CompiledParam, use: CompiledUse, item: Int?, eventName: String,
        fail: (Rule, String) -> TrackedValue
    ) -> TrackedValue {
        if param.type == .bucket, param.allowed.lookup(raw) == nil {
            return fail(
                StreamRules.bucketLabelUnknown,
                StreamRules.bucketLabelUnknownMessage(
                    param: param.name, event: eventName, item: item, value: Self.string(raw),
                    labels: param.bucket?.labels ?? []))
        }
        if let narrowed = use.narrowed, narrowed.lookup(raw) == nil {
            return fail(
                StreamRules.valueNotAllowed,
                StreamRules.valueNotAllowedMessage(
                    param: param.name, event: eventName, item: item, value: Self.string(raw),
                    allowed: use.narrowedTexts ?? []))
        }
        if param.type == .string, !param.allowed.isEmpty, param.allowed.lookup(raw) == nil {
            return fail(
                StreamRules.valueNotAllowed,
                StreamRules.valueNotAllowedMessage(
                    param: param.name, event: eventName, item: item, value: Self.string(raw),
                    allowed: param.allowed.keys.map { Self.string($0) }))
        }
        if raw.count > GA4Facts.maxParamValueLength || param.minLength != nil || param.maxLength != nil {
            let characters = Self.characterCount(raw)
            if characters > GA4Facts.maxParamValueLength {
                return fail(
                    StreamRules.valueTooLong,
                    StreamRules.valueTooLongMessage(
                        param: param.name, event: eventName, item: item, characters: characters))
            }
            if let minimum = param.minLength, characters < minimum {
                return fail(
                    StreamRules.valueLength,
                    StreamRules.shorterThanMessage(
                        param: param.name, event: eventName, item: item, value: Self.string(raw), minimum: minimum))
            }
            if let maximum = param.maxLength, characters > maximum {
                return fail(
                    StreamRules.valueLength,
                    StreamRules.longerThanMessage(
                        param: param.name, event: eventName, item: item, value: Self.string(raw), maximum: maximum))
            }
        }
        return tracked(raw, remember: param.trackedSlot >= 0)
    }

    func checkNumber(
        _ number: Double, lexeme: String, param: CompiledParam, use: CompiledUse, item: Int?, eventName: String,
        fail: (Rule, String) -> TrackedValue
    ) -> TrackedValue {
        if let allowed = use.narrowedNumbers ?? param.allowedNumbers, !allowed.contains(number) {
            return fail(
                StreamRules.valueNotAllowed,
                StreamRules.numberNotAllowedMessage(param: param.name, event: eventName, item: item, lexeme: lexeme))
        }
        if let minimum = param.minimum, number < minimum {
            _ = fail(
                StreamRules.valueOutOfRange,
                StreamRules.belowMinimumMessage(
                    param: param.name, event: eventName, item: item, lexeme: lexeme, minimum: minimum))
            return .outOfRange(number)
        }
        if let maximum = param.maximum, number > maximum {
            _ = fail(
                StreamRules.valueOutOfRange,
                StreamRules.aboveMaximumMessage(
                    param: param.name, event: eventName, item: item, lexeme: lexeme, maximum: maximum))
            return .outOfRange(number)
        }
        return .number(number)
    }

    func checkBool(
        _ flag: Bool, param: CompiledParam, item: Int?, eventName: String, fail: (Rule, String) -> TrackedValue
    ) -> TrackedValue {
        if let allowed = param.allowedBools, !allowed.contains(flag) {
            return fail(
                StreamRules.valueNotAllowed,
                StreamRules.boolNotAllowedMessage(param: param.name, event: eventName, item: item, value: flag))
        }
        return .bool(flag)
    }
}
