#!/usr/bin/env bash
# The test suite under the thread sanitizer (the parallel lint) and the address sanitizer (with
# leak detection; Tests/lsan.supp silences only leaks inside the Foundation and XCTest runtimes).
# The suppression path is absolute because the tests also run the binary in other directories.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
echo "sanitizers: thread"
swift test --sanitize=thread --scratch-path .build-tsan 2>&1 | tail -n 3
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || { echo "sanitizers: the thread sanitizer run failed ($status)"; exit "$status"; }
echo "sanitizers: address"
LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp:print_suppressions=0" swift test --sanitize=address --scratch-path .build-asan 2>&1 | tail -n 3
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || { echo "sanitizers: the address sanitizer run failed ($status)"; exit "$status"; }
