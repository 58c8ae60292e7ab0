#!/usr/bin/env bash
# The test suite under the thread sanitizer (the parallel lint) and the address sanitizer (with
# leak detection; Tests/lsan.supp silences only leaks inside the Foundation and XCTest runtimes).
# The suppression path is absolute because the tests also run the binary in other directories.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
# The leak suppressions match function names, so reports must be symbolised even where a test
# runs the binary with a PATH that holds only stand-in tools: the symbolizer is named by path.
if symbolizer="$(command -v llvm-symbolizer)"; then
  export ASAN_SYMBOLIZER_PATH="$symbolizer"
fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Runs the suite under one sanitizer: the last lines, and on a failure every sanitizer report
# and failed test in full (the whole output is thousands of lines).
run() {
  local name="$1"; shift
  echo "sanitizers: $name"
  local status=0
  "$@" >"$log" 2>&1 || status=$?
  tail -n 3 "$log"
  if [ "$status" -ne 0 ]; then
    echo "sanitizers: the $name sanitizer run failed ($status); its reports and failures:"
    grep -a -n -A 60 -E '^WARNING: ThreadSanitizer|^==[0-9]+==ERROR|^SUMMARY: |✘' "$log" | head -n 400 || true
    exit "$status"
  fi
}
run thread swift test --sanitize=thread --scratch-path .build-tsan
LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp:print_suppressions=0" \
  run address swift test --sanitize=address --scratch-path .build-asan
