import Foundation
import Testing

@testable import EventLintKit
