#!/usr/bin/env bash
# Fuzz smoke test: replays every seed corpus through its libFuzzer target, then runs a short
# fixed-seed session of each (deterministic enough for CI, a few minutes in all). Long runs
# belong on developer machines (fuzz/README.md). Skips, with a message, when the toolchain has
# no libFuzzer runtime.
set -euo pipefail
cd "$(dirname "$0")/../.."

swiftc_path="$(command -v swiftc || true)"
toolchain_lib="$(dirname "$(dirname "$(readlink -f "${swiftc_path:-/nonexistent}")")")/lib"
if [ -z "$swiftc_path" ] || ! find "$toolchain_lib" -name 'libclang_rt.fuzzer*.a' 2>/dev/null | grep -q .; then
  echo "fuzz: skipped, this Swift toolchain has no libFuzzer runtime (libclang_rt.fuzzer)"
  exit 0
fi
if ! command -v ld.lld >/dev/null && ! find "$toolchain_lib/.." -name 'ld.lld' 2>/dev/null | grep -q .; then
  echo "fuzz: skipped, lld (needed to link the fuzzers) is not installed"
  exit 0
fi

export SWIFT_BACKTRACE=enable=no
# The same LeakSanitizer suppressions as the sanitizer test runs: lazily made globals (the
# shipped plan, the plan-language table) live for the whole process by design.
export LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp:print_suppressions=0"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
run() {
  local target="$1"; shift
  local status=0
  fuzz/run.sh "$target" "$@" >"$log" 2>&1 || status=$?
  grep -aE '^INFO: Loaded [0-9]+ modules|^INFO: seed corpus|^#[0-9]+[[:space:]]+(INITED|DONE)|^Done [0-9]+ runs' "$log" || true
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $target failed with status $status; the end of its output:"
    tail -n 60 "$log"
    exit "$status"
  fi
}
# FuzzLint's corpus grown by long runs (fuzz/README.md), minimised by coverage and kept as one
# archive: unpacked where run.sh reads a target's working corpus, so the replay covers it.
mkdir -p fuzz/.work/corpus/FuzzLint
tar -xzf fuzz/corpus/lint-grown.tar.gz -C fuzz/.work/corpus/FuzzLint
for target in FuzzJSONReader FuzzLineFraming FuzzPlanLoader FuzzLint FuzzCaptureReader; do
  # FuzzLint lints each input twice (one and two jobs) with leak checks: about 14 ms an input,
  # so it gets a tenth of the runs.
  runs=200000
  [ "$target" = FuzzLint ] && runs=20000
  # FuzzCaptureReader feeds half of its inputs 21 times over (the growth check).
  [ "$target" = FuzzCaptureReader ] && runs=50000
  echo "fuzz: $target: replaying the corpus"
  run "$target" -runs=0
  echo "fuzz: $target: $runs runs, seed 1"
  run "$target" -runs="$runs" -seed=1
done
echo "fuzz: all targets passed"
