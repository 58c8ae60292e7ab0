#!/usr/bin/env bash
# The lint benchmark: eventlint (one thread and all cores) side by side with jq and a Python
# validator on the same generated GA4 export, reported as MB/s, ratios and peak RSS.
#
#   bench/run.sh [SIZE...]        SIZE like 100M or 1G (default: 100M 1G)
#
# Files are generated outside the repository, in $BENCH_DIR (default /tmp/eventlint-bench), and
# reused when already there. Needs python3, jq and GNU time (/usr/bin/time); the Python
# validator's venv (orjson, jsonschema-rs) is created on first use.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${BENCH_DIR:-/tmp/eventlint-bench}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100M 1G)
mkdir -p "$dir"

command -v jq >/dev/null || { echo "bench: jq is needed (apt-get install jq)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: GNU time is needed (apt-get install time)" >&2; exit 2; }
if [ ! -x "$dir/venv/bin/python" ]; then
  python3 -m venv "$dir/venv"
  "$dir/venv/bin/pip" install --quiet orjson jsonschema-rs
fi

echo "building eventlint (release)..."
(cd "$root" && swift build -c release 2>&1 | tail -n 1)
eventlint="$root/.build/release/eventlint"
cores=$(nproc)

# run NAME COMMAND...: runs the command once (output discarded), prints seconds and peak RSS.
measure() {
  local log="$dir/time.log"
  /usr/bin/time -v -o "$log" "$@" > /dev/null 2>&1 || true
  local seconds rss
  seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$log")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
  echo "$seconds $rss"
}

printf '\n%-8s %-26s %10s %10s %12s\n' size tool seconds MB/s "peak RSS MiB"
for size in "${sizes[@]}"; do
  file="$dir/export-$size.ndjson"
  if [ ! -s "$file" ]; then
    echo "generating $file..."
    # --valid-json: the 0.5 % planted defects keep every line valid JSON, because jq stops at
    # the first line it cannot parse and would otherwise read only part of the file.
    python3 "$root/bench/generate_export.py" --seed 42 --bytes "$size" --valid-json --output "$file"
  fi
  bytes=$(stat -c %s "$file")
  cat "$file" > /dev/null  # warm the page cache so every tool reads from memory
  declare -A secs=()
  run() {
    local name=$1; shift
    read -r s rss < <(measure "$@")
    secs[$name]=$s
    awk -v n="$name" -v sz="$size" -v s="$s" -v b="$bytes" -v r="$rss" \
      'BEGIN { printf "%-8s %-26s %10.2f %10.1f %12.1f\n", sz, n, s, b/1e6/s, r/1024 }'
  }
  run "eventlint --jobs 1" "$eventlint" lint --schema "$root/schema" --jobs 1 --format json "$file"
  run "eventlint --jobs $cores" "$eventlint" lint --schema "$root/schema" --jobs "$cores" --format json "$file"
  run "jq select | wc -l" sh -c "jq -c 'select(.event_name==\"onboarding_block_offer_closed\")' '$file' | wc -l"
  run "python orjson+jsonschema-rs" "$dir/venv/bin/python" "$root/bench/validate.py" "$file"
  awk -v a="${secs[eventlint --jobs 1]}" -v b="${secs[eventlint --jobs $cores]}" \
      -v j="${secs[jq select | wc -l]}" -v p="${secs[python orjson+jsonschema-rs]}" -v sz="$size" -v c="$cores" \
    'BEGIN { printf "%-8s ratios: jobs 1 vs jq %.1fx; jobs %d vs jq %.1fx; jobs %d vs python %.1fx; jobs 1 vs python %.1fx\n", sz, j/a, c, j/b, c, p/b, p/a }'
  unset secs
done
