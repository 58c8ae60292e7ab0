#!/usr/bin/env bash
# `eventlint sql` against `eventlint lint`: counts per (rule id, event, param, plan rule) must agree, every check must
# have a row, and the rows of `--mode rows` must be lint's findings (with `--limit 3` the first three), on every bundled
# bq export, shuffled copies and a generated 50,000-row export (see .ci/sql-differential.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash .ci/sql-differential.sh
