import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `eventlint budget` through the built executable: exit codes and the pinned report on the
/// bundled samples. `UPDATE_GOLDEN=1` rewrites the golden file; a mismatch never does.
@Suite struct BudgetCLITests {

}
