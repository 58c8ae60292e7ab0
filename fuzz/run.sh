#!/usr/bin/env bash
# Builds one libFuzzer target and runs it on its corpus.
#
#   fuzz/run.sh TARGET [libFuzzer options...]
#   fuzz/run.sh --build-only TARGET
#
# TARGET is FuzzJSONReader, FuzzLineFraming, FuzzPlanLoader, FuzzLint or FuzzCaptureReader. New
# corpus entries go to fuzz/.work/corpus/TARGET (the checked-in fuzz/corpus/<name> is read-only seed input), crashes
# to fuzz/.work/artifacts/. The script fails loudly when the binary is not coverage-instrumented:
# several plausible SwiftPM commands build a "fuzzer" that runs nothing or fuzzes blind.
set -euo pipefail
cd "$(dirname "$0")"

build_only=false
if [ "${1:-}" = "--build-only" ]; then build_only=true; shift; fi
target="${1:?usage: fuzz/run.sh [--build-only] TARGET [libFuzzer options]}"
shift
case "$target" in
  FuzzJSONReader) corpus=json-reader; extra=(-dict=json.dict -max_len=4096) ;;
  FuzzLineFraming) corpus=line-framing; extra=(-dict=json.dict -max_len=1024) ;;
  FuzzPlanLoader) corpus=plan-loader; extra=(-dict=json.dict -max_len=16384) ;;
  FuzzLint) corpus=lint; extra=(-dict=lint.dict -max_len=4096) ;;
  FuzzCaptureReader) corpus=capture-reader; extra=(-dict=capture.dict -max_len=8192) ;;
  *) echo "unknown fuzz target '$target'" >&2; exit 2 ;;
esac

# The one SwiftPM command that builds a working fuzzer (release, instrumented, ASan, lld, one
# product): `-c debug -Xswiftc -sanitize=fuzzer` links the target's empty main instead of
# libFuzzer's, `--sanitize=fuzzer` alone compiles without coverage counters, and building
# without `--product` fails on executables that have a main.swift.
# FUZZ_ASAN=0 builds without AddressSanitizer (into .build-noasan), about twice as fast, for long
# runs: Swift's own traps (overflow, bounds, unwrap) still stop the run; CI replays the corpus
# under AddressSanitizer.
# shellcheck disable=SC2054 # the comma is swiftc's list of sanitizers, not an array separator
flags=(-c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
if [ "${FUZZ_ASAN:-1}" = 0 ]; then
  flags=(-c release --scratch-path .build-noasan --sanitize=fuzzer -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld)
fi
swift build "${flags[@]}" --product "$target" >&2
binary="$(swift build "${flags[@]}" --show-bin-path)/$target"
if $build_only; then echo "$binary"; exit 0; fi

mkdir -p ".work/corpus/$target" .work/artifacts
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# The Swift backtracer hides the real trap behind a bogus ASan report and can leave its helper
# process behind; libFuzzer reports traps itself.
status=0
SWIFT_BACKTRACE=enable=no "$binary" "${extra[@]}" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=.work/artifacts/ "$@" ".work/corpus/$target" "corpus/$corpus" 2>&1 | tee "$log" >&2 \
  || status=${PIPESTATUS[0]}
if ! grep -Eq 'INFO: Loaded [0-9]+ modules +\([1-9][0-9]* inline 8-bit counters\)' "$log"; then
  echo "error: $target is not coverage-instrumented (no 'Loaded N modules (… inline 8-bit counters)' line): it fuzzes nothing" >&2
  exit 3
fi
if ! grep -Eq '^(#[0-9]+|Done [0-9]+ runs|INFO: Running with entropic)' "$log"; then
  echo "error: $target did not run any input" >&2
  exit 3
fi
exit "$status"
