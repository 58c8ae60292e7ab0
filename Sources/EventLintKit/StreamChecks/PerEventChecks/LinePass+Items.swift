/// The checks of an event's `items`: each element against the event's `items: { params }`.
extension LinePass {
    /// Every element of `items`: its declared params (type, values, presence), the standard item
    /// fields (known), and anything else (unknown, or declared but not for these items). Findings
    /// name the element's index.
    func checkItems(_ event: ScannedEvent, compiled: CompiledEvent, eventIndex: Int, scan: LineScan, line: FramedLine) {
        guard !event.items.isEmpty else { return }
        var rowVersion: AppVersion??
        for (itemIndex, item) in scan.items[event.items].enumerated() {
            var seen = Array(repeating: false, count: compiled.itemUses.count)
            var seenFields = Array(repeating: false, count: compiled.itemFieldUses.count)
            for fieldIndex in item.fields {
                checkItemField(
                    scan.itemFields[fieldIndex], itemIndex: itemIndex, compiled: compiled, eventIndex: eventIndex,
                    line: line, seen: &seen, seenFields: &seenFields)
            }
            reportMissingItemParams(
                item, itemIndex: itemIndex, event: event, compiled: compiled, line: line, seen: seen,
                seenFields: seenFields, rowVersion: &rowVersion)
        }
    }

    /// A step of `checkItems`: checks one field of an item and marks what it uses as seen.
    func checkItemField(
        _ field: ScannedField, itemIndex: Int, compiled: CompiledEvent, eventIndex: Int, line: FramedLine,
        seen: inout [Bool], seenFields: inout [Bool]
    ) {
        let bytes = line.bytes
        let paramIndex = Self.withBytes(field.key, bytes) { plan.paramTable.lookup($0, hash: field.keyHash) }
        if let paramIndex, compiled.itemUseByParam[Int(paramIndex)] >= 0 {
            let useIndex = compiled.itemUseByParam[Int(paramIndex)]
            let param = plan.params[Int(paramIndex)]
            if seen[useIndex] {
                findings.append(
                    Finding(
                        rule: StreamRules.duplicateParam,
                        message: StreamRules.duplicateParamMessage(
                            param: param.name, event: compiled.name, item: itemIndex),
                        at: location(line, field.key.sourceStart), event: compiled.name, param: param.name))
                return
            }
            seen[useIndex] = true
            _ = checkValue(
                field, param: param, use: compiled.itemUses[useIndex], eventIndex: eventIndex,
                eventName: compiled.name, bytes: bytes, line: line, item: itemIndex)
            return
        }
        if Self.withBytes(field.key, bytes, { plan.standardItemFieldTable.lookup($0, hash: field.keyHash) }) != nil {
            let name = field.key.decodedString(in: bytes)
            if let index = compiled.itemFieldUses.firstIndex(where: { $0.name == name }) {
                seenFields[index] = true
            }
            return
        }
        let name = field.key.decodedString(in: bytes)
        if paramIndex != nil {
            findings.append(
                Finding(
                    rule: StreamRules.unexpectedParam,
                    message: StreamRules.unexpectedParamMessage(param: name, event: compiled.name, item: itemIndex),
                    at: location(line, field.key.sourceStart), event: compiled.name, param: name))
        } else {
            findings.append(
                Finding(
                    rule: StreamRules.unknownParam,
                    message: StreamRules.unknownParamMessage(param: name, event: compiled.name, item: itemIndex),
                    at: location(line, field.key.sourceStart), event: compiled.name, param: name))
        }
    }

    /// The last step of `checkItems` for one item: reports the required params and fields it lacks.
    func reportMissingItemParams(
        _ item: ScannedItem, itemIndex: Int, event: ScannedEvent, compiled: CompiledEvent, line: FramedLine,
        seen: [Bool], seenFields: [Bool], rowVersion: inout AppVersion??
    ) {
        let bytes = line.bytes
        func isRequired(_ requirement: Requirement) -> Bool {
            switch requirement {
            case .optional: return false
            case .required: return true
            case .requiredSince(let since):
                if rowVersion == nil { rowVersion = .some(Self.version(event.appVersion, bytes)) }
                if let known = rowVersion!, known < since { return false }
                return true
            }
        }
        var missing: [String] = []
        for (useIndex, use) in compiled.itemUses.enumerated() where !seen[useIndex] && isRequired(use.requirement) {
            missing.append(plan.params[use.param].name)
        }
        for (index, use) in compiled.itemFieldUses.enumerated()
        where !seenFields[index] && isRequired(use.requirement) {
            missing.append(use.name)
        }
        for name in missing {
            findings.append(
                Finding(
                    rule: StreamRules.missingRequiredParam,
                    message: StreamRules.missingRequiredParamMessage(
                        param: name, event: compiled.name, item: itemIndex),
                    at: location(line, item.offset), event: compiled.name, param: name))
        }
    }
}
