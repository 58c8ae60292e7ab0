#!/usr/bin/env bash
# The lint benchmark: eventlint (one thread and all cores) side by side with its speed limit (a
# bare tokenizer, bench/tokenizer.swift), jq and a Python validator, on the same generated GA4
# export and on files whose user ids follow the patterns of real exports. Prints MB/s, peak RSS,
# the ratio of each target and whether it is met, what the limit on every core reaches against the
# same yardsticks (a target beyond it cannot be met on the machine), then instructions per byte
# (callgrind). On the largest export it also prints a scaling table: --jobs 1, 2, 4 … and the core
# count against the tokenizer on as many threads, the serial fraction from `lint --timings` and
# what Amdahl's law predicts with it for 8 and 16 cores.
#
#   bench/run.sh [SIZE...]        SIZE like 100M or 1G (default: 100M 1G)
#   ONLY=scaling bench/run.sh 20M   the scaling table alone
#
# Environment: BENCH_DIR (default /tmp/eventlint-bench: generated files, reused), ID_LINES (rows
# per id-pattern file, default 500000), RUNS (runs per tool, the median is shown; default 3),
# CALLGRIND_BYTES (default 20M; 0 skips callgrind), MEMORY_EVENTS (pair-opening events of the
# memory run, default 10000000, about 2.4 GB; 0 skips it), ONLY (`scaling`: only the exports'
# generation and the scaling table).
# Needs python3, jq, GNU time (/usr/bin/time) and, for instructions per byte, valgrind. The
# Python validator's venv (orjson, jsonschema-rs) is created on first use.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${BENCH_DIR:-/tmp/eventlint-bench}
id_lines=${ID_LINES:-500000}
callgrind_bytes=${CALLGRIND_BYTES:-20M}
runs=${RUNS:-3}
memory_events=${MEMORY_EVENTS:-10000000}
only=${ONLY:-}
case $only in
  "" | scaling) ;;
  *) echo "bench: ONLY takes scaling, not '$only'" >&2; exit 2 ;;
esac
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100M 1G)
mkdir -p "$dir"

command -v jq >/dev/null || { echo "bench: jq is needed (apt-get install jq)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: GNU time is needed (apt-get install time)" >&2; exit 2; }
if [ -z "$only" ] && [ ! -x "$dir/venv/bin/python" ]; then
  python3 -m venv "$dir/venv"
  "$dir/venv/bin/pip" install --quiet orjson jsonschema-rs
fi

echo "building eventlint (release) and the tokenizer (swiftc -O)..."
# eventlint as the release builds it: on Linux a static executable (no dynamic loader at the
# start). The tokenizer stays a plain `swiftc -O` build, its faster one: as a static executable
# it ran about half as slow again (see bench/README.md), and the limit is the fastest it gets.
build_static=()
if [ "$(uname -s)" = Linux ]; then build_static=(-Xswiftc -static-executable); fi
(cd "$root" && swift build -c release --product eventlint --static-swift-stdlib "${build_static[@]}" 2>&1 | tail -n 1)
eventlint="$root/.build/release/eventlint"
tokenizer="$dir/tokenizer"
if [ ! -x "$tokenizer" ] || [ "$root/bench/tokenizer.swift" -nt "$tokenizer" ]; then
  swiftc -O "$root/bench/tokenizer.swift" -o "$tokenizer"
fi
cores=$(nproc)

# measure COMMAND...: runs the command RUNS times (output discarded), prints the median seconds
# and the highest peak RSS in KiB. The seconds are read from the clock in nanoseconds around the
# run (GNU time prints the wall clock to 10 ms, too coarse for the id files' 0.1 s runs); GNU
# time gives the peak RSS.
measure() {
  local log="$dir/time.log" timed=() start end
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    /usr/bin/time -v -o "$log" "$@" > /dev/null 2>&1 || true
    end=$(date +%s%N)
    timed+=("$(awk -v ns=$((end - start)) -F': ' 'BEGIN {printf "%.4f ", ns / 1e9} /Maximum resident set size/ {print $2}' "$log")")
  done
  printf '%s\n' "${timed[@]}" | sort -n | awk '{ s[NR]=$1; if ($2>r) r=$2 } END { print s[int((NR+1)/2)], r }'
}

# target NAME MEASURED LIMIT: prints a ratio against its target and whether it is met.
target() {
  awk -v n="$1" -v m="$2" -v t="$3" 'BEGIN { printf "  %-44s %7.2fx  target %5.2fx  %s\n", n, m, t, (m >= t ? "met" : "NOT MET") }'
}

# ratio NAME MEASURED: a ratio with no target (a yardstick, not a goal).
ratio() {
  awk -v n="$1" -v m="$2" 'BEGIN { printf "  %-44s %7.2fx\n", n, m }'
}

# at_most NAME MEASURED LIMIT UNIT: a figure that must stay at or below its limit.
at_most() {
  awk -v n="$1" -v m="$2" -v t="$3" -v u="$4" 'BEGIN { printf "  %-44s %7.1f%s  limit %5.1f%s  %s\n", n, m, u, t, u, (m <= t ? "met" : "NOT MET") }'
}

# ceiling NAME RATIO TARGET: what the limit on every core reaches against a target's yardstick;
# below the target, no --jobs run on this machine can meet it.
ceiling() {
  awk -v n="$1" -v m="$2" -v t="$3" 'BEGIN { printf "  %-44s %7.2fx  target %5.2fx  %s\n", n, m, t, (m >= t ? "reachable" : "BEYOND THE LIMIT") }'
}

# bench_file LABEL FILE: every tool on one file, then the targets.
bench_file() {
  local label=$1 file=$2 bytes
  bytes=$(stat -c %s "$file")
  cat "$file" > /dev/null  # warm the page cache so every tool reads from memory
  declare -A secs=() rsses=()
  run() {
    local name=$1 s rss; shift
    read -r s rss < <(measure "$@")
    secs[$name]=$s
    rsses[$name]=$rss
    awk -v l="$label" -v n="$name" -v s="$s" -v b="$bytes" -v r="$rss" \
      'BEGIN { printf "%-18s %-28s %9.3f %9.1f %9.1f\n", l, n, s, b/1e6/s, r/1024 }'
  }
  run "tokenizer (the limit)" "$tokenizer" "$file"
  run "tokenizer on $cores cores" "$tokenizer" "$file" "$cores"
  run "eventlint --jobs 1" "$eventlint" lint --schema "$root/schema" --jobs 1 --format json "$file"
  run "eventlint --jobs $cores" "$eventlint" lint --schema "$root/schema" --jobs "$cores" --format json "$file"
  # watch reads the same bytes one line at a time, piped as a live log would be.
  [[ $label == export* ]] && run "cat | eventlint watch" sh -c "cat '$file' | '$eventlint' watch --schema '$root/schema' --format json"
  run "jq select | wc -l" sh -c "jq -c 'select(.event_name==\"onboarding_block_offer_closed\")' '$file' | wc -l"
  run "python orjson+jsonschema-rs" "$dir/venv/bin/python" "$root/bench/validate.py" "$file"
  local one=${secs[eventlint --jobs 1]} all=${secs[eventlint --jobs $cores]}
  # The exports hold the 90 % / 80 % targets; the id files (one user of 500,000 rows each, the
  # per-user worst case) keep the 65 % of --jobs 1 they were given with the tokenizer.
  if [[ $label == export* ]]; then
    target "--jobs 1 / tokenizer throughput" "$(awk -v a="$one" -v t="${secs[tokenizer (the limit)]}" 'BEGIN{print t/a}')" 0.90
    target "--jobs $cores / tokenizer on $cores cores" "$(awk -v a="$all" -v t="${secs[tokenizer on $cores cores]}" 'BEGIN{print t/a}')" 0.80
  else
    target "--jobs 1 / tokenizer throughput" "$(awk -v a="$one" -v t="${secs[tokenizer (the limit)]}" 'BEGIN{print t/a}')" 0.65
    ratio "--jobs $cores / tokenizer on $cores cores" "$(awk -v a="$all" -v t="${secs[tokenizer on $cores cores]}" 'BEGIN{print t/a}')"
  fi
  ratio "--jobs $cores vs jq" "$(awk -v a="$all" -v j="${secs[jq select | wc -l]}" 'BEGIN{print j/a}')"
  target "--jobs $cores vs python" "$(awk -v a="$all" -v p="${secs[python orjson+jsonschema-rs]}" 'BEGIN{print p/a}')" 5
  if [[ $label == export* ]]; then
    local rss=${rsses[eventlint --jobs 1]}
    [ "${rsses[eventlint --jobs $cores]}" -gt "$rss" ] && rss=${rsses[eventlint --jobs $cores]}
    at_most "eventlint peak RSS (any --jobs)" "$(awk -v r="$rss" 'BEGIN{print r/1024}')" 64 " MiB"
  fi
  if [[ $label == export* ]]; then
    target "piped watch vs --jobs 1 (at most 2x the time)" "$(awk -v w="${secs[cat | eventlint watch]}" -v o="$one" 'BEGIN{print o/w}')" 0.5
  fi
  target "--jobs $cores vs --jobs 1 (scaling on $cores cores)" "$(awk -v a="$all" -v o="$one" 'BEGIN{print o/a}')" 1
  local limit=${secs[tokenizer on $cores cores]}
  ratio "limit on $cores cores vs jq" "$(awk -v a="$limit" -v j="${secs[jq select | wc -l]}" 'BEGIN{print j/a}')"
  ceiling "limit on $cores cores vs python" "$(awk -v a="$limit" -v p="${secs[python orjson+jsonschema-rs]}" 'BEGIN{print p/a}')" 5
  unset secs rsses
}

# scaling FILE: eventlint --jobs N beside the tokenizer on N threads, for N = 1, 2, 4, … below
# the core count and the core count itself: the median seconds, MB/s and the speed-up over one
# thread of each. The serial fraction s is the share of the wall time, at --jobs 1, of the stages
# `lint --timings` marks "parallel": false (they run on one thread whatever --jobs is, see
# bench/README.md); Amdahl's law then bounds the speed-up on n cores at S(n) = 1 / (s + (1 - s)/n),
# shown beside each measured one and for 8 and 16 cores. Each row's `serial` column is the same
# share at its own --jobs. A timings file is its --jobs' last run's.
scaling() {
  local file=$1 bytes n jobs=() eventlint_s tokenizer_s one_e one_t serial serial_n
  bytes=$(stat -c %s "$file")
  cat "$file" > /dev/null
  for ((n = 1; n < cores; n *= 2)); do jobs+=("$n"); done
  jobs+=("$cores")
  echo
  echo "scaling on $(basename "$file") ($cores cores): eventlint --jobs N and the tokenizer on N threads"
  printf '%5s %12s %9s %9s %8s %9s %12s %9s %9s\n' \
    jobs "eventlint s" MB/s speed-up serial Amdahl "tokenizer s" MB/s speed-up
  for n in "${jobs[@]}"; do
    rm -f "$dir/timings-$n.json"
    read -r eventlint_s _ < <(measure "$eventlint" lint --schema "$root/schema" --jobs "$n" --format json \
      --timings "$dir/timings-$n.json" "$file")
    read -r tokenizer_s _ < <(measure "$tokenizer" "$file" "$n")
    [ -s "$dir/timings-$n.json" ] || { echo "bench: eventlint wrote no $dir/timings-$n.json" >&2; exit 2; }
    serial_n=$(jq '([.stages[] | select(.parallel | not) | .seconds] | add) / .wallSeconds' "$dir/timings-$n.json")
    if [ "$n" = 1 ]; then one_e=$eventlint_s one_t=$tokenizer_s serial=$serial_n; fi
    awk -v n="$n" -v e="$eventlint_s" -v t="$tokenizer_s" -v e1="$one_e" -v t1="$one_t" -v b="$bytes" \
      -v s="$serial" -v sn="$serial_n" 'BEGIN {
      printf "%5d %12.3f %9.1f %8.2fx %7.1f%% %8.2fx %12.3f %9.1f %8.2fx\n",
        n, e, b/1e6/e, e1/e, 100*sn, 1/(s+(1-s)/n), t, b/1e6/t, t1/t }'
  done
  jq -r '.wallSeconds, (.stages[] | select((.parallel | not) and .seconds > 0) | "\(.name) \(.seconds)")' \
    "$dir/timings-1.json" | awk 'NR == 1 { wall = $1; next }
      { list = list (list == "" ? "" : ", ") sprintf("%s %.1f ms", $1, 1000 * $2) }
      END { printf "  serial at --jobs 1 (\"parallel\": false): %s, of %.1f ms (wallSeconds)\n", list, 1000 * wall }'
  awk -v s="$serial" 'BEGIN {
    limit = s > 0 ? sprintf("at most %.1fx on any number", 1 / s) : "no limit"
    printf "  serial fraction s = %.3f; Amdahl S(n) = 1 / (s + (1 - s)/n): 8 cores %.2fx, 16 cores %.2fx, %s\n",
      s, 1 / (s + (1 - s) / 8), 1 / (s + (1 - s) / 16), limit
  }'
  at_most "serial share at --jobs 1" "$(awk -v s="$serial" 'BEGIN{print 100*s}')" 2 " %"
}

[ -n "$only" ] || printf '\n%-18s %-28s %9s %9s %9s\n' file tool seconds MB/s "RSS MiB"
largest="" largest_bytes=0
for size in "${sizes[@]}"; do
  file="$dir/export-$size.ndjson"
  if [ ! -s "$file" ]; then
    echo "generating $file..."
    # --valid-json: the 0.5 % planted defects keep every line valid JSON, because jq stops at
    # the first line it cannot parse and would otherwise read only part of the file.
    python3 "$root/bench/generate_export.py" --seed 42 --bytes "$size" --valid-json --output "$file"
  fi
  [ -n "$only" ] || bench_file "export $size" "$file"
  if [ "$(stat -c %s "$file")" -gt "$largest_bytes" ]; then
    largest=$file largest_bytes=$(stat -c %s "$file")
  fi
done
scaling "$largest"
[ -z "$only" ] || exit 0
printf '\n%-18s %-28s %9s %9s %9s\n' file tool seconds MB/s "RSS MiB"
for pattern in sequential hex32 web-client long-prefix; do
  file="$dir/ids-$pattern-$id_lines.ndjson"
  [ -s "$file" ] || python3 "$root/bench/id_patterns.py" "$pattern" --lines "$id_lines" > "$file"
  bench_file "ids $pattern" "$file"
done

# Memory for any size: a file of pair-opening events (every one a record held until its user is
# done, and a finding), with the default --memory-limit and, for comparison, all in memory. The
# findings must be the same.
if [ "$memory_events" != 0 ]; then
  file="$dir/openings-$memory_events.ndjson"
  [ -s "$file" ] || python3 "$root/bench/pair_openings.py" --events "$memory_events" --users $((memory_events / 5)) > "$file"
  bytes=$(stat -c %s "$file")
  echo
  printf '%-18s %-28s %9s %9s %9s\n' file tool seconds MB/s "RSS MiB"
  for setting in "1 default" "$cores default" "$cores 1024G"; do
    read -r jobs limit <<< "$setting"
    flags=(--jobs "$jobs")
    [ "$limit" = default ] || flags+=(--memory-limit "$limit")
    /usr/bin/time -v -o "$dir/time.log" "$eventlint" lint --schema "$root/schema" "${flags[@]}" --format json "$file" \
      > "$dir/openings-$jobs-$limit.json" 2>/dev/null || true
    awk -v j="$jobs" -v l="$limit" -v b="$bytes" -F': ' '
      /Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]}
      /Maximum resident set size/ {r=$2}
      END { name = "eventlint --jobs " j (l == "default" ? "" : " --memory-limit " l)
            printf "%-18s %-28s %9.2f %9.1f %9.1f\n", "openings", name, s, b/1e6/s, r/1024
            if (l == "default") printf "  %-44s %7.1f   target %5.1f   %s\n", "peak RSS MiB, --jobs " j ", default limit", r/1024, 256, (r/1024 <= 256 ? "met" : "NOT MET") }' "$dir/time.log"
  done
  if cmp -s "$dir/openings-1-default.json" "$dir/openings-$cores-1024G.json" \
    && cmp -s "$dir/openings-$cores-default.json" "$dir/openings-$cores-1024G.json"; then
    echo "  findings with the default limit (spilled) and all in memory: identical"
  else
    echo "  findings with the default limit (spilled) and all in memory: DIFFERENT"
  fi
fi

if [ "$callgrind_bytes" != 0 ]; then
  if command -v valgrind >/dev/null; then
    sample="$dir/callgrind-$callgrind_bytes.ndjson"
    [ -s "$sample" ] || python3 "$root/bench/generate_export.py" --seed 7 --bytes "$callgrind_bytes" --valid-json --output "$sample"
    bytes=$(stat -c %s "$sample")
    # instructions COMMAND...: instructions executed (Ir), counted by callgrind.
    instructions() {
      # eventlint exits 1 on the planted defects: the count is all that matters here.
      { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } \
        | awk '/Collected :/ {print $4}'
    }
    limit=$(instructions "$tokenizer" "$sample")
    ours=$(instructions "$eventlint" lint --schema "$root/schema" --jobs 1 --format json "$sample")
    watched=$(instructions "$eventlint" watch --schema "$root/schema" --format json "$sample")
    echo
    awk -v t="$limit" -v e="$ours" -v w="$watched" -v b="$bytes" 'BEGIN {
      printf "instructions per byte (callgrind, %d bytes): tokenizer %.1f, eventlint --jobs 1 %.1f, watch %.1f\n", b, t/b, e/b, w/b
      printf "  %-44s %7.1f   target %5.1f   %s\n", "eventlint instructions per byte", e/b, 18, (e/b <= 18 ? "met" : "NOT MET")
    }'
  else
    echo "bench: valgrind not found (apt-get install valgrind): no instructions per byte" >&2
  fi
fi
