#!/usr/bin/env bash
# `eventlint sql` against `eventlint lint`: per-rule counts must agree on every bundled bq export,
# shuffled copies and a generated 50,000-row export (see .ci/sql-differential.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash .ci/sql-differential.sh
