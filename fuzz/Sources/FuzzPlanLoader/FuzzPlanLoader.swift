import EventLintKit

// libFuzzer target for the plan loader: the input is split at 0xFF bytes (never valid UTF-8,
// so never part of a real plan) into up to four plan files, which are loaded, checked and,
// when the plan has no errors, compiled for linting — the path `eventlint lint` takes — and
// turned into Swift by `codegen swift`.
// Invariant: nothing traps; a load error points inside one of the files.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlanLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let pieces = input.split(separator: 0xFF, maxSplits: 3, omittingEmptySubsequences: false)
    let sources = pieces.enumerated().map { index, piece in
        PlanSource(path: "plan\(index).json5", bytes: Array(piece))
    }
    let loaded: LoadedPlan
    do throws(LoadError) {
        loaded = try PlanLoader.load(sources: sources)
    } catch {
        if let location = error.location {
            guard let source = sources.first(where: { $0.path == location.file }) else {
                fatalError("load error names an unknown file: \(error)")
            }
            let lines = source.bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            if location.line < 1 || location.line > lines || location.column < 1 {
                fatalError("load error outside its file (\(lines) lines): \(error)")
            }
        }
        return 0
    }
    let findings = loaded.plan.adjust(loaded.findings + PlanChecker.check(loaded.plan))
    for finding in findings where finding.location.line < 0 || finding.location.column < 0 {
        fatalError("finding at a negative position: \(finding)")
    }
    if !findings.contains(where: { $0.severity == .error }) {
        _ = CompiledPlan(loaded.plan)
    }
    // Generated code for any loaded plan, checked or not: the generator must not trap either.
    _ = SwiftCodeGenerator(plan: loaded.plan, fingerprint: PlanFingerprint(sources: sources),
                           adapter: .firebase).generate()
    return 0
}
