#!/usr/bin/env bash
# Identity benchmark: `eventlint lint` on 100,000 rows of one user each, for every id pattern of
# bench/id_patterns.py; prints seconds per pattern and the ratio to random ids, and exits 1 if
# any pattern takes more than twice as long as random ids.
#
#   bench/id-patterns.sh [LINES]      (default 100000)
#
# Uses the release build (or $EVENTLINT); files go to $BENCH_DIR (default /tmp/eventlint-bench).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${BENCH_DIR:-/tmp/eventlint-bench}
lines=${1:-100000}
mkdir -p "$dir"
eventlint=${EVENTLINT:-}
if [ -z "$eventlint" ]; then
  static=()
  if [ "$(uname -s)" = Linux ]; then static=(-Xswiftc -static-executable); fi
  (cd "$root" && swift build -c release --product eventlint --static-swift-stdlib "${static[@]}" 2>&1 | tail -n 1)
  eventlint="$root/.build/release/eventlint"
fi

seconds() {
  local start end
  start=$(date +%s.%N)
  "$eventlint" lint --schema "$root/schema" --jobs 1 --format json "$1" > /dev/null || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

declare -A took=()
for pattern in random sequential numeric web-client hex32 long-prefix; do
  file="$dir/ids-$pattern-$lines.ndjson"
  [ -s "$file" ] || python3 "$root/bench/id_patterns.py" "$pattern" --lines "$lines" > "$file"
  cat "$file" > /dev/null
  took[$pattern]=$(seconds "$file")
done
status=0
printf '%-12s %8s %8s\n' pattern seconds "x random"
for pattern in random sequential numeric web-client hex32 long-prefix; do
  ratio=$(echo "scale=2; ${took[$pattern]} / ${took[random]}" | bc)
  printf '%-12s %8.3f %8s\n' "$pattern" "${took[$pattern]}" "$ratio"
  if [ "$(echo "$ratio > 2" | bc)" = 1 ]; then status=1; fi
done
exit $status
