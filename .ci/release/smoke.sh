#!/usr/bin/env bash
# The tests a release binary passes before it is attached, run on the machine that built it
# (and on the other architecture of a universal binary where the runner can run it): it prints
# the changelog's version, checks the shipped plan clean, finds the planted defects of the
# bundled export (exit 1) and none in the clean one (exit 0), and writes the generated Swift
# the repository holds.
#
#   smoke.sh BINARY
set -euo pipefail
binary="$1"
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
version="$(bash .ci/release/version.sh)"
[ "$("$binary" --version)" = "eventlint $version" ] || { echo "smoke: --version is not $version" >&2; exit 1; }
"$binary" check --schema schema >/dev/null
status=0
"$binary" lint --schema schema samples/exports/focusity-events.ndjson >/dev/null || status=$?
[ "$status" -eq 1 ] || { echo "smoke: the bundled export should give exit status 1, not $status" >&2; exit 1; }
"$binary" lint --schema schema samples/exports/focusity-clean.ndjson >/dev/null
"$binary" codegen swift --schema schema --check samples/codegen/Tracking.swift
echo "smoke: $binary ($version) passed"
