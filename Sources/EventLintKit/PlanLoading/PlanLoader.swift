/// One plan file's bytes and the path findings should name.
public struct PlanSource: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// The plan and the findings the loader made about its declarations.
public struct LoadedPlan: Sendable {
    public var plan: Plan
    public var findings: [Finding]
}

/// Reads `schema/*.json` and `schema/*.json5` into one `Plan`, keeping the source position of
/// every declaration. Problems with a declaration's shape are findings (so all of them are
/// reported at once); only unreadable or unparsable files stop the load.
public enum PlanLoader {
    /// Parses and merges plan sources.
    public static func load(sources: [PlanSource]) throws(LoadError) -> LoadedPlan {
        var builder = PlanBuilder()
        for source in sources {
            let root: JSONNode
            let index = LineIndex(source.bytes)
            do {
                root = try JSONParser.parse(source.bytes, mode: .json5)
            } catch {
                let position = index.location(of: error.offset)
                throw LoadError(
                    message: error.message { "\(index.location(of: $0).line):\(index.location(of: $0).column)" },
                    location: SourceLocation(file: source.path, line: position.line, column: position.column),
                    ruleID: error.rule.id)
            }
            builder.plan.files.append(source.path)
            var reader = PlanFileReader(path: source.path, index: index)
            reader.read(root, into: &builder)
            builder.findings += reader.findings
        }
        builder.plan.resolveRuleEvents()
        return LoadedPlan(plan: builder.plan, findings: builder.findings)
    }
}

extension Plan {
    /// Expands each rule's `on` patterns (`checkout_*`) to the plan's events.
    mutating func resolveRuleEvents() {
        let names = events.map(\.name)
        let declared = Set(names)
        for index in rules.indices {
            var matched: [String] = []
            var seen = Set<String>()
            for pattern in rules[index].on {
                if Glob.isLiteral(pattern.value) {
                    if declared.contains(pattern.value), seen.insert(pattern.value).inserted {
                        matched.append(pattern.value)
                    }
                    continue
                }
                for name in names where Glob.matches(pattern: pattern.value, name) && seen.insert(name).inserted {
                    matched.append(name)
                }
            }
            rules[index].events = matched
        }
    }
}

/// Accumulates the merged plan and the declarations seen so far, to catch names declared twice.
struct PlanBuilder {
    var plan = Plan()
    var findings: [Finding] = []
    var firstDeclarations: [String: SourceLocation] = [:]

    /// Records a declaration; false (and a finding) when the name was declared before.
    mutating func claim(_ kind: String, _ name: String, at location: SourceLocation) -> Bool {
        let key = kind + "\u{0}" + name
        if let first = firstDeclarations[key] {
            findings.append(
                Finding(
                    rule: PlanLoadingRules.duplicateDeclaration,
                    message: PlanLoadingRules.duplicateDeclarationMessage(kind: kind, name: name), at: location,
                    event: kind == "event" ? name : nil, param: kind == "param" || kind == "user property" ? name : nil,
                    notes: [FindingNote("first declared here", at: first)]))
            return false
        }
        firstDeclarations[key] = location
        return true
    }
}
