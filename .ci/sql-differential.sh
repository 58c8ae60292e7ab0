#!/usr/bin/env bash
# Differential test of `eventlint sql` (BigQuery SQL) against `eventlint lint`, without BigQuery:
# the SQL is transpiled to DuckDB with sqlglot and run over the same exports lint reads; the
# counts (per rule id, event, param and plan rule) must be equal, and the rows of `--mode rows`
# must be lint's findings. Arguments, if any, are the exports to compare (default: every
# bq-shaped export under samples/exports/, plus generated ones, each also shuffled, then the
# items and platform fixture of Tests/Fixtures/sql with its own plan).
#
# Environment: EVENTLINT_SQL_VENV  where the Python venv with duckdb and sqlglot lives
#              (default: $TMPDIR/eventlint-sql-venv; created on first use, from PyPI)
#              EVENTLINT          the eventlint binary (default: built with `swift build`)
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${EVENTLINT_SQL_VENV:-${TMPDIR:-/tmp}/eventlint-sql-venv}"
if ! "$venv/bin/python" -c 'import duckdb, sqlglot' 2>/dev/null; then
  echo "sql-differential: creating $venv (pip install duckdb sqlglot)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check duckdb sqlglot
fi

eventlint="${EVENTLINT:-}"
if [ -z "$eventlint" ]; then
  swift build --product eventlint >/dev/null
  eventlint="$(swift build --show-bin-path)/eventlint"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" .ci/sql_differential.py run --eventlint "$eventlint" --schema schema --work "$work" "$@"
if [ "$#" -eq 0 ]; then
  # The shipped plan declares no item params and no platform-limited rule: a small plan that
  # does, on an export that exercises both.
  fixtures=Tests/Fixtures/sql
  "$venv/bin/python" .ci/sql_differential.py run --eventlint "$eventlint" --schema "$fixtures/items-plan" \
    --work "$work" "$fixtures/items-plan.ndjson"
  # The shipped plan's metrics are pass rates and a conversion: a plan with every kind of metric,
  # on a generated export.
  "$venv/bin/python" .ci/sql_differential.py generate-metrics 3000 17 "$work/metrics.ndjson"
  "$venv/bin/python" .ci/sql_differential.py run --eventlint "$eventlint" --schema "$fixtures/metrics-plan" \
    --work "$work" "$work/metrics.ndjson"
fi
