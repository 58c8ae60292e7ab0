#!/usr/bin/env bash
# Debug console captures in linear time and bounded memory: lints each hostile shape of
# bench/capture_shapes.py at two sizes (default 1M and 10M) and prints wall time, MB/s, the
# ratio of the two times (10x the input should take about 10x the time, not 100x) and peak RSS;
# then a capture that sets a new user id before each event against the same events as NDJSON,
# and that capture again under --memory-limit.
#
#   bench/captures.sh [SMALL LARGE]      sizes like 1M 10M
#
# Environment: BENCH_DIR (default /tmp/eventlint-bench), USER_EVENTS_SIZE (default 100M).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${BENCH_DIR:-/tmp/eventlint-bench}/captures
small=${1:-1M}
large=${2:-10M}
user_size=${USER_EVENTS_SIZE:-100M}
mkdir -p "$dir"
[ -x /usr/bin/time ] || { echo "bench: GNU time is needed (apt-get install time)" >&2; exit 2; }
(cd "$root" && swift build -c release --product eventlint >&2)
bin="$root/.build/release/eventlint"

# Runs eventlint on FILE with extra flags; prints "seconds peak-KiB status".
measure() {
  local file=$1; shift
  local status=0
  /usr/bin/time -q -f '%e %M' -o "$dir/time.txt" "$bin" lint --schema "$root/schema" --format json "$@" "$file" \
    >/dev/null 2>"$dir/stderr.txt" || status=$?
  echo "$(cat "$dir/time.txt") $status"
}

printf '%-16s %6s %8s %8s %9s %6s %8s %8s %9s %6s\n' shape size seconds MB/s peakMiB size seconds MB/s peakMiB ratio
for shape in nested-bundle stray-quote user-properties large-block new-year; do
  row=()
  times=()
  for size in "$small" "$large"; do
    file="$dir/$shape-$size.log"
    [ -f "$file" ] || python3 "$root/bench/capture_shapes.py" "$shape" "$size" "$file"
    read -r seconds kib status < <(measure "$file" --input-format auto)
    bytes=$(stat -c %s "$file")
    mbs=$(awk -v b="$bytes" -v s="$seconds" 'BEGIN { printf "%.1f", (s > 0 ? b / 1e6 / s : 0) }')
    row+=("$size" "$seconds" "$mbs" "$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')")
    times+=("$seconds")
    [ "$status" -le 1 ] || { echo "bench: $shape $size exited $status" >&2; cat "$dir/stderr.txt" >&2; exit 1; }
  done
  ratio=$(awk -v a="${times[0]}" -v b="${times[1]}" 'BEGIN { printf "%.1f", (a > 0 ? b / a : 0) }')
  printf '%-16s %6s %8s %8s %9s %6s %8s %8s %9s %6s\n' "$shape" "${row[@]}" "$ratio"
done

echo
echo "a new user id before each event ($user_size), against the same events as NDJSON:"
capture="$dir/user-per-event-$user_size.log"
ndjson="$dir/user-per-event-$user_size.ndjson"
[ -f "$capture" ] || python3 "$root/bench/capture_shapes.py" user-per-event "$user_size" "$capture"
[ -f "$ndjson" ] || python3 "$root/bench/capture_shapes.py" user-per-event-ndjson "$user_size" "$ndjson"
for run in "capture:$capture" "ndjson:$ndjson" "capture --memory-limit 16M:$capture --memory-limit 16M"; do
  label=${run%%:*}
  # shellcheck disable=SC2086
  read -r seconds kib status < <(measure ${run#*:})
  printf '  %-28s %8s s %9.1f MiB peak (exit %s)\n' "$label" "$seconds" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$status"
done
