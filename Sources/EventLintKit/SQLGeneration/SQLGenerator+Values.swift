/// The per-event stages: which columns are read, where each param sits, which `*_value` slot
/// carried it, and the rule its value breaks (the checks of `LinePass+EventChecks.swift`).
extension SQLGenerator {
    // MARK: - source

    func sourceCTE() -> String {
        var filters: [String] = []
        let column = request.table.isWildcard ? "_TABLE_SUFFIX" : "event_date"
        // `sql` refuses a range no table can hold; called with one all the same, select nothing.
        let suffixes = try? request.tableSuffixRange()
        if suffixes == nil { filters.append("FALSE") }
        switch (suffixes?.lower, suffixes?.upper) {
        case (let from?, let to?):
            filters.append("\(column) BETWEEN \(SQLText.string(from)) AND \(SQLText.string(to))")
        case (let from?, nil): filters.append("\(column) >= \(SQLText.string(from))")
        case (nil, let to?): filters.append("\(column) <= \(SQLText.string(to))")
        case (nil, nil): break
        }
        if request.table.isWildcard {
            // `events_*` also matches the streaming `events_intraday_*` tables: the same events again.
            filters.append("NOT STARTS_WITH(_TABLE_SUFFIX, 'intraday_')")
        }
        // A time outside `GA4Facts.plausibleTimestampMicros` is no time, as in `lint`.
        let range = GA4Facts.plausibleTimestampMicros
        let plausible =
            "SAFE_CAST(event_timestamp AS INT64) >= \(range.lowerBound) AND SAFE_CAST(event_timestamp AS INT64) < \(range.upperBound)"
        return """
            -- Only the columns the checks read; INT64 columns are cast safely, so the same text runs
            -- where they arrive as strings (a bq extract loaded elsewhere); a time outside
            -- 2000..2100 is no time.
            SELECT
              event_name,\(request.mode == .rows ? "\n  event_date,\n  app_info.version AS app_version," : "")
              IF(\(plausible), SAFE_CAST(event_timestamp AS INT64), NULL) AS event_time,
              SAFE_CAST(event_timestamp AS INT64) IS NOT NULL AND NOT (\(plausible)) AS implausible_time,
              SAFE_CAST(event_bundle_sequence_id AS INT64) AS bundle_sequence,
              CASE WHEN user_pseudo_id IS NOT NULL THEN NULLIF(user_pseudo_id, '') ELSE NULLIF(user_id, '') END AS user_key,
              REGEXP_EXTRACT(app_info.version, \(SQLText.string("^[0-9]+(?:\\.[0-9]+)*"))) AS app_version_prefix,
              event_params,
              items,
              user_properties\(readsPlatform ? ",\n  platform" : "")
            FROM \(request.table.sql)
            WHERE \(filters.isEmpty ? "TRUE" : filters.joined(separator: "\n  AND "))
            """
    }

    /// Rules with `whenPlatform` read the `platform` column, and `--mode rows` reports it.
    var readsPlatform: Bool { request.mode == .rows || plan.rules.contains { !$0.whenPlatform.isEmpty } }

    // MARK: - scanned

    func scannedCTE() -> String {
        var columns = ["*"]
        for param in params {
            let key = SQLText.string(param.declaration.name)
            columns.append(
                "(SELECT MIN(o) FROM UNNEST(event_params) AS p WITH OFFSET AS o WHERE p.key = \(key)) AS \(param.base)_first"
            )
            columns.append(
                "(SELECT p.value FROM UNNEST(event_params) AS p WITH OFFSET AS o WHERE p.key = \(key) ORDER BY o LIMIT 1) AS \(param.base)_value"
            )
        }
        for property in userProperties {
            // The last entry of a user property is the value rules see (each entry is checked).
            let key = SQLText.string(property.declaration.name)
            columns.append(
                "(SELECT MAX(o) FROM UNNEST(user_properties) AS u WITH OFFSET AS o WHERE u.key = \(key)) AS \(property.base)_last"
            )
            columns.append(
                "(SELECT u.value FROM UNNEST(user_properties) AS u WITH OFFSET AS o WHERE u.key = \(key) ORDER BY o DESC LIMIT 1) AS \(property.base)_value"
            )
        }
        columns.append("(SELECT COUNTIF(\(customParamTest())) FROM UNNEST(event_params) AS p) AS custom_params")
        if firebaseErrorChecked {
            columns.append(
                """
                (SELECT CASE WHEN p.value.string_value IS NOT NULL THEN SAFE_CAST(p.value.string_value AS INT64) ELSE SAFE_CAST(p.value.int_value AS INT64) END FROM UNNEST(event_params) AS p WITH OFFSET AS o WHERE p.key = 'firebase_error' ORDER BY o DESC LIMIT 1) AS firebase_error_code
                """)
            columns.append(
                "(SELECT p.value.string_value FROM UNNEST(event_params) AS p WITH OFFSET AS o WHERE p.key = 'firebase_error_value' AND p.value.string_value IS NOT NULL ORDER BY o DESC LIMIT 1) AS firebase_error_value"
            )
        }
        if sessionKeyed {
            columns.append(
                "IFNULL((SELECT CASE WHEN p.value.string_value IS NOT NULL THEN SAFE_CAST(p.value.string_value AS INT64) ELSE SAFE_CAST(p.value.int_value AS INT64) END FROM UNNEST(event_params) AS p WITH OFFSET AS o WHERE p.key = 'ga_session_id' AND (CASE WHEN p.value.string_value IS NOT NULL THEN SAFE_CAST(p.value.string_value AS INT64) ELSE SAFE_CAST(p.value.int_value AS INT64) END) IS NOT NULL ORDER BY o DESC LIMIT 1), 0) AS session_key"
            )
        }
        for (index, version) in sinceVersions.enumerated() {
            columns.append("\(versionBefore(version)) AS before_version_\(index)")
        }
        return "SELECT\n" + columns.map { "  " + $0 }.joined(separator: ",\n") + "\nFROM source"
    }

    /// Whether `error` events are GA4's own (not declared by the plan), so `firebase_error` is read.
    var firebaseErrorChecked: Bool { plan.event(named: "error") == nil && GA4Facts.isAutomaticEvent("error") }

    /// An entry counts against GA4's 25 params unless it is an automatic param the event does not use.
    func customParamTest() -> String {
        var test = "NOT \(automaticParamTest("p.key"))"
        for param in params
        where !param.uses.isEmpty && automatic.isParam(param.declaration.name, onAnyOf: param.uses.map(\.event)) {
            test += " OR (p.key = \(SQLText.string(param.declaration.name)) AND \(eventIn(param.uses.map(\.event))))"
        }
        return test
    }

    /// The row's app version is known and older than `version`, compared component by component
    /// (missing components are 0), as `AppVersion` does.
    func versionBefore(_ version: AppVersion) -> String {
        func component(_ index: Int) -> String {
            "IFNULL(SAFE_CAST(SPLIT(app_version_prefix, '.')[SAFE_OFFSET(\(index))] AS INT64), 0)"
        }
        func less(_ index: Int) -> String {
            guard index < version.components.count else { return "FALSE" }
            let wanted = version.components[index]
            let rest = less(index + 1)
            let equalAndRest = rest == "FALSE" ? "" : " OR (\(component(index)) = \(wanted) AND \(rest))"
            return "(\(component(index)) < \(wanted)\(equalAndRest))"
        }
        return "(app_version_prefix IS NOT NULL AND \(less(0)))"
    }

    // MARK: - typed

    /// Which slot of a `value` struct carried the value: the first non-null one, in the order
    /// the export writes them, as the scanner reads it.
    func kindExpression(_ value: String, absentWhen: String) -> String {
        """
        CASE WHEN \(absentWhen) THEN 'absent' WHEN \(value).string_value IS NOT NULL THEN 'string' \
        WHEN \(value).int_value IS NOT NULL THEN IF(SAFE_CAST(\(value).int_value AS INT64) IS NULL, 'malformed', 'int') \
        WHEN \(value).float_value IS NOT NULL OR \(value).double_value IS NOT NULL THEN 'double' ELSE 'none' END
        """
    }

    func numberExpression(_ value: String, kind: String) -> String {
        "CASE \(kind) WHEN 'int' THEN CAST(SAFE_CAST(\(value).int_value AS INT64) AS FLOAT64) WHEN 'double' THEN COALESCE(\(value).float_value, \(value).double_value) END"
    }

    func typedCTE() -> String {
        var columns = ["*"]
        for param in params {
            columns.append(
                "\(kindExpression("\(param.base)_value", absentWhen: "\(param.base)_first IS NULL")) AS \(param.base)_kind"
            )
        }
        for property in userProperties {
            columns.append(
                "\(kindExpression("\(property.base)_value", absentWhen: "\(property.base)_last IS NULL")) AS \(property.base)_kind"
            )
        }
        return "SELECT\n" + columns.map { "  " + $0 }.joined(separator: ",\n") + "\nFROM scanned"
    }

    // MARK: - checked

    func checkedCTE() -> String {
        var columns = ["*"]
        for param in params {
            let cases = param.uses.map { use in
                "WHEN \(SQLText.string(use.event)) THEN \(paramFailure(param.declaration, use: use.use, value: "\(param.base)_value", kind: "\(param.base)_kind"))"
            }
            let expression =
                cases.isEmpty
                ? "CAST(NULL AS STRING)"
                : "IF(\(param.base)_kind = 'absent', NULL, CASE event_name \(cases.joined(separator: " ")) END)"
            columns.append("\(expression) AS \(param.base)_fail")
        }
        for property in userProperties {
            columns.append(
                "\(userPropertyFailure(property.declaration, value: "\(property.base)_value", kind: "\(property.base)_kind")) AS \(property.base)_fail"
            )
        }
        return "SELECT\n" + columns.map { "  " + $0 }.joined(separator: ",\n") + "\nFROM typed"
    }

    /// `text NOT IN (…)`; an empty list allows nothing.
    func notIn(_ expression: String, _ texts: [String]) -> String {
        texts.isEmpty ? "TRUE" : "\(expression) NOT IN \(SQLText.stringList(texts))"
    }

    func notInNumbers(_ expression: String, _ numbers: [Double]) -> String {
        numbers.isEmpty ? "TRUE" : "\(expression) NOT IN (\(numbers.map(SQLText.number).joined(separator: ", ")))"
    }

    /// The rule a present param value breaks on one event, or NULL: `LinePass.checkValue`.
    func paramFailure(_ param: ParamDeclaration, use: EventParamUse, value: String, kind: String) -> String {
        var whens: [(String, Rule)] = []
        let text = "\(value).string_value"
        switch param.type {
        case .string, .bucket:
            whens.append(("\(kind) <> 'string'", StreamRules.wrongType))
            if param.type == .bucket, let bucket = param.bucket {
                whens.append((notIn(text, bucket.labels), StreamRules.bucketLabelUnknown))
            }
            if let narrowed = use.values?.map(\.value.plainText) {
                whens.append((notIn(text, narrowed), StreamRules.valueNotAllowed))
            }
            if param.type == .string, let allowed = param.values?.map(\.value.plainText), !allowed.isEmpty {
                whens.append((notIn(text, allowed), StreamRules.valueNotAllowed))
            }
            whens.append(("CHAR_LENGTH(\(text)) > \(GA4Facts.maxParamValueLength)", StreamRules.valueTooLong))
            if let minimum = param.minLength {
                whens.append(("CHAR_LENGTH(\(text)) < \(minimum)", StreamRules.valueLength))
            }
            if let maximum = param.maxLength {
                whens.append(("CHAR_LENGTH(\(text)) > \(maximum)", StreamRules.valueLength))
            }
        case .int, .double:
            let number = numberExpression(value, kind: kind)
            whens.append(
                (param.type == .int ? "\(kind) <> 'int'" : "\(kind) NOT IN ('int', 'double')", StreamRules.wrongType))
            func numbers(_ values: [Located<PlanValue>]) -> [Double] {
                values.compactMap { if case .number(_, let number) = $0.value { number } else { nil } }
            }
            if let allowed = use.values.map(numbers) ?? param.values.map(numbers) {
                whens.append((notInNumbers(number, allowed), StreamRules.valueNotAllowed))
            }
            if let minimum = param.minimum {
                whens.append(("\(number) < \(SQLText.number(minimum.value))", StreamRules.valueOutOfRange))
            }
            if let maximum = param.maximum {
                whens.append(("\(number) > \(SQLText.number(maximum.value))", StreamRules.valueOutOfRange))
            }
        case .bool:
            let flag = "SAFE_CAST(\(value).int_value AS INT64)"
            whens.append(("\(kind) <> 'int' OR \(flag) NOT IN (0, 1)", StreamRules.wrongType))
            if let allowed = param.values.map(allowedFlags) {
                whens.append(
                    (
                        allowed.isEmpty
                            ? "TRUE" : "\(flag) NOT IN (\(allowed.map { $0 ? "1" : "0" }.joined(separator: ", ")))",
                        StreamRules.valueNotAllowed
                    ))
            }
        }
        return "CASE " + whens.map { "WHEN \($0.0) THEN \(SQLText.string($0.1.id))" }.joined(separator: " ") + " END"
    }

    func allowedFlags(_ values: [Located<PlanValue>]) -> [Bool] {
        values.compactMap { value -> Bool? in
            switch value.value {
            case .bool(let flag): flag
            case .number(_, let number): number == 1 ? true : (number == 0 ? false : nil)
            case .string: nil
            }
        }
    }

    /// The rule a user property value breaks, or NULL: `LinePass.checkUserPropertyValue`. An
    /// entry with no value is absent, not wrong.
    func userPropertyFailure(_ property: UserPropertyDeclaration, value: String, kind: String) -> String {
        var whens: [(String, Rule)] = [("\(kind) IN ('absent', 'none')", StreamRules.userPropertyWrongType)]
        let text = "\(value).string_value"
        switch property.type {
        case .string, .bucket:
            whens.append(("\(kind) <> 'string'", StreamRules.userPropertyWrongType))
            whens.append(
                ("CHAR_LENGTH(\(text)) > \(GA4Facts.maxUserPropertyValueLength)", StreamRules.userPropertyValueTooLong))
            if let allowed = property.values?.map(\.value.plainText), !allowed.isEmpty {
                whens.append((notIn(text, allowed), StreamRules.userPropertyValueNotAllowed))
            }
        case .int:
            whens.append(("\(kind) <> 'int'", StreamRules.userPropertyWrongType))
        case .double:
            whens.append(("\(kind) NOT IN ('int', 'double')", StreamRules.userPropertyWrongType))
        case .bool:
            whens.append(
                (
                    "\(kind) <> 'int' OR SAFE_CAST(\(value).int_value AS INT64) NOT IN (0, 1)",
                    StreamRules.userPropertyWrongType
                ))
        }
        return "CASE "
            + whens.enumerated().map { index, when in
                // The first arm only stops the checks: an absent value is no finding.
                "WHEN \(when.0) THEN \(index == 0 ? "CAST(NULL AS STRING)" : SQLText.string(when.1.id))"
            }.joined(separator: " ") + " END"
    }

    // MARK: - tracked

    /// Whether a present value has the param's type (a bucket's: one of its labels).
    func fits(_ param: ParamDeclaration, value: String, kind: String) -> String {
        switch param.type {
        case .string: "\(kind) = 'string'"
        case .bucket:
            "\(kind) = 'string' AND \(value).string_value IN \(SQLText.stringList(param.bucket?.labels ?? [""]))"
        case .int: "\(kind) = 'int'"
        case .double: "\(kind) IN ('int', 'double')"
        case .bool: "\(kind) = 'int' AND SAFE_CAST(\(value).int_value AS INT64) IN (0, 1)"
        }
    }

    /// What a value's type compares as in pairs and rules: text, number or flag.
    enum ValueClass { case text, number, flag }

    func valueClass(_ type: ParamType) -> ValueClass {
        switch type {
        case .string, .bucket: .text
        case .int, .double: .number
        case .bool: .flag
        }
    }

    func trackedValueExpression(_ type: ParamType, value: String, kind: String) -> String {
        switch valueClass(type) {
        case .text: "\(value).string_value"
        case .number: numberExpression(value, kind: kind)
        case .flag: "CAST(SAFE_CAST(\(value).int_value AS INT64) AS FLOAT64)"
        }
    }

    func trackedCTE() -> String {
        var columns = ["*"]
        for param in params {
            let used = eventIn(param.uses.map(\.event))
            // GA4 puts an automatic param on events that do not list it: there its value is read
            // when it has the param's type (`LinePass.automaticValue`), and nothing is checked.
            let onRow = automaticOnRow(param.declaration.name)
            let automaticArm =
                onRow == "FALSE"
                ? ""
                : "WHEN \(onRow) AND \(param.base)_kind <> 'absent' THEN IF(\(fits(param.declaration, value: "\(param.base)_value", kind: "\(param.base)_kind")), 'ok', 'invalid') "
            columns.append(
                "CASE WHEN \(used) AND \(param.base)_kind <> 'absent' THEN IF(\(param.base)_fail IS NULL, 'ok', IF(\(param.base)_fail = \(SQLText.string(StreamRules.valueOutOfRange.id)), 'out_of_range', 'invalid')) \(automaticArm)ELSE 'absent' END AS \(param.base)_state"
            )
            columns.append(
                "\(trackedValueExpression(param.declaration.type, value: "\(param.base)_value", kind: "\(param.base)_kind")) AS \(param.base)_val"
            )
        }
        for property in userProperties {
            columns.append(
                "CASE WHEN \(property.base)_kind IN ('absent', 'none') THEN 'absent' WHEN \(property.base)_fail IS NULL THEN 'ok' ELSE 'invalid' END AS \(property.base)_state"
            )
            columns.append(
                "\(trackedValueExpression(property.declaration.type, value: "\(property.base)_value", kind: "\(property.base)_kind")) AS \(property.base)_val"
            )
        }
        return "SELECT\n" + columns.map { "  " + $0 }.joined(separator: ",\n") + "\nFROM checked"
    }
}
