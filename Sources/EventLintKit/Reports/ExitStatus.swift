/// The process exit status for a finished run: 1 when any finding is at or above `failOn`,
/// otherwise 0. It lives in one place so every command and format agrees on what fails a build;
/// usage errors and unreadable input (status 2) are decided by the command line, not here.
public func exitStatus(for findings: [Finding], failOn: Severity) -> Int32 {
    findings.contains { $0.severity >= failOn } ? 1 : 0
}

/// The exit status for exact counts (findings listed and not listed).
public func exitStatus(for counts: FindingCounts, failOn: Severity) -> Int32 {
    Severity.allCases.contains { $0 >= failOn && counts[$0] > 0 } ? 1 : 0
}
