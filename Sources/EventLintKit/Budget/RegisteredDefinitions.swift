/// One custom dimension or metric the GA4 property already has, as the Admin API lists it.
public struct RegisteredDefinition: Sendable, Hashable {
    /// The slot pool it uses: `event`, `user`, `item` (dimensions) or `metric`.
    public var scope: BudgetScope
    public var parameterName: String
    public var displayName: String?
    /// `properties/123/customDimensions/456`, when the response names it.
    public var resourceName: String?
    /// Metrics only: `STANDARD`, `MILLISECONDS`, … (`STANDARD` when the response omits it).
    public var measurementUnit: String?
    /// Where the definition's object starts in the response file.
    public var location: SourceLocation

    public init(
        scope: BudgetScope, parameterName: String, displayName: String? = nil, resourceName: String? = nil,
        measurementUnit: String? = nil, location: SourceLocation
    ) {
        self.scope = scope
        self.parameterName = parameterName
        self.displayName = displayName
        self.resourceName = resourceName
        self.measurementUnit = measurementUnit
        self.location = location
    }

    /// "event-scoped dimension", "custom metric", … for messages.
    public var kindDescription: String { scope.slotName }
}

extension BudgetScope {
    /// The kind of definition one slot of this scope holds, singular.
    public var slotName: String {
        switch self {
        case .event: "event-scoped dimension"
        case .user: "user-scoped dimension"
        case .item: "item-scoped dimension"
        case .metric: "custom metric"
        }
    }

    /// The singular name with its article: "an event-scoped dimension", "a custom metric".
    public var slotNameWithArticle: String { (self == .event || self == .item ? "an " : "a ") + slotName }

    /// Plural, for the report's table and sentences.
    public var slotNamePlural: String {
        switch self {
        case .event: "event-scoped dimensions"
        case .user: "user-scoped dimensions"
        case .item: "item-scoped dimensions"
        case .metric: "custom metrics"
        }
    }
}

/// Reads GA4 Admin API list responses (`customDimensions.list`, `customMetrics.list`) with the
/// project's strict JSON reader. Responses follow the proto3 JSON mapping, which leaves out
/// fields equal to their default (`description`, `disallowAdsPersonalization`, an empty
/// `nextPageToken`, `measurementUnit` `STANDARD` may all be absent), so only `parameterName` is
/// required; unknown fields are ignored because the API adds fields over time. A response may be
/// one page of several: pass every page, and definitions are merged.
public enum RegisteredDefinitionsReader {
    /// Parses one response file.
    public static func read(path: String, bytes: [UInt8]) throws(LoadError) -> [RegisteredDefinition] {
        let index = LineIndex(bytes)
        func location(_ offset: Int) -> SourceLocation {
            let position = index.location(of: offset)
            return SourceLocation(file: path, line: position.line, column: position.column)
        }
        func failure(_ message: String, at offset: Int) -> LoadError {
            LoadError(message: message, location: location(offset))
        }

        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, mode: .strict, maxDepth: 64)
        } catch {
            throw LoadError(
                message: error.message { "\(location($0).line):\(location($0).column)" },
                location: location(error.offset), ruleID: error.rule.id)
        }
        guard case .object(let members) = root.value else {
            throw failure(
                "expected an Admin API list response (an object with customDimensions or customMetrics)",
                at: root.offset)
        }
        // An error body (`{"error":{"code":401,"status":"UNAUTHENTICATED",…}}`, what curl saves
        // when the token has expired) or any other object is not "nothing registered": a
        // reassuring budget from a failed export is worse than a failed job.
        if let error = members.first(where: { $0.key == "error" }) {
            throw errorResponse(error.value, at: location(error.value.offset))
        }
        let listKeys: Set<String> = ["customDimensions", "customMetrics", "nextPageToken"]
        if !members.contains(where: { $0.key == "customDimensions" || $0.key == "customMetrics" }),
            let other = members.first(where: { !listKeys.contains($0.key) })
        {
            throw failure(
                "not an Admin API list response: it has \"\(other.key)\" but neither customDimensions nor customMetrics",
                at: other.value.offset)
        }
        var definitions: [RegisteredDefinition] = []
        for member in members {
            let isMetric: Bool
            switch member.key {
            case "customDimensions": isMetric = false
            case "customMetrics": isMetric = true
            default: continue  // nextPageToken and anything the API adds later
            }
            guard case .array(let elements) = member.value.value else {
                throw failure("\(member.key) must be an array", at: member.value.offset)
            }
            for element in elements {
                definitions.append(try definition(element, isMetric: isMetric, location: location, failure: failure))
            }
        }
        return definitions
    }

    /// The API's error body, with its code, status and message where it has them.
    private static func errorResponse(_ error: JSONNode, at location: SourceLocation) -> LoadError {
        var details: [String] = []
        if case .object(let fields) = error.value {
            for field in fields where ["code", "status", "message"].contains(field.key) {
                switch field.value.value {
                case .string(let text): details.append(text)
                case .number(let number): details.append(number)
                default: break
                }
            }
        }
        let detail = details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")"
        return LoadError(
            message: "an Admin API error response\(detail), not a list of definitions", location: location,
            hint: "export the definitions again; an expired or missing access token gives 401 UNAUTHENTICATED")
    }

    private static func definition(
        _ node: JSONNode, isMetric: Bool, location: (Int) -> SourceLocation,
        failure: (String, Int) -> LoadError
    ) throws(LoadError) -> RegisteredDefinition {
        let kind = isMetric ? "custom metric" : "custom dimension"
        guard case .object(let fields) = node.value else { throw failure("a \(kind) must be an object", node.offset) }
        var strings: [String: String] = [:]
        for field in fields {
            guard ["name", "parameterName", "displayName", "scope", "measurementUnit"].contains(field.key) else {
                continue
            }
            guard case .string(let text) = field.value.value else {
                throw failure("\(field.key) of a \(kind) must be a string", field.value.offset)
            }
            strings[field.key] = text
        }
        guard let parameterName = strings["parameterName"], !parameterName.isEmpty else {
            throw failure("a \(kind) without parameterName", node.offset)
        }
        let scope: BudgetScope
        if isMetric {
            // MetricScope has only EVENT; an absent scope is its default, not a different pool.
            if let written = strings["scope"], written != "EVENT" {
                throw failure("unknown custom metric scope \"\(written)\" (expected EVENT)", node.offset)
            }
            scope = .metric
        } else {
            // DIMENSION_SCOPE_UNSPECIFIED is the enum's default and would be omitted; GA4 does not
            // create such dimensions, so it is as wrong as a missing scope.
            switch strings["scope"] {
            case "EVENT": scope = .event
            case "USER": scope = .user
            case "ITEM": scope = .item
            case let other:
                let shown = other.map { "\"\($0)\"" } ?? "no scope"
                throw failure(
                    "custom dimension \"\(parameterName)\" has \(shown) (expected EVENT, USER or ITEM)", node.offset)
            }
        }
        return RegisteredDefinition(
            scope: scope, parameterName: parameterName, displayName: strings["displayName"],
            resourceName: strings["name"], measurementUnit: isMetric ? (strings["measurementUnit"] ?? "STANDARD") : nil,
            location: location(node.offset))
    }
}
