#!/usr/bin/env bash
# Line coverage of the test suite: `swift test --enable-code-coverage`, then `llvm-cov report`
# over the library sources (tests and build products left out). Prints the per-file table's
# last line, the total.
set -euo pipefail
cd "$(dirname "$0")/../.."

scratch=.build-coverage
swift test --enable-code-coverage --scratch-path "$scratch" 2>&1 | tail -n 1
# The toolchain's own llvm-cov reads the profiles its compiler writes; another one on PATH (a
# Debian clang's) may not know their format version.
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov="$(command -v llvm-cov)"
bin_dir="$(swift build --scratch-path "$scratch" --show-bin-path)"
profile="$bin_dir/codecov/default.profdata"
binary="$bin_dir/eventlintPackageTests.xctest"
[ -f "$profile" ] || { echo "no coverage profile at $profile" >&2; exit 1; }
"$llvm_cov" report "$binary" -instr-profile="$profile" \
  -ignore-filename-regex='(/Tests/|/\.build|/fuzz/|/bench/)' > "$scratch/coverage.txt"
echo "coverage of Sources/ (regions, functions, lines, branches: count, missed, percent):"
grep -E '^TOTAL' "$scratch/coverage.txt"
