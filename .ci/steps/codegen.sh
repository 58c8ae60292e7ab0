#!/usr/bin/env bash
# The committed generated Swift for the shipped plan is what the plan generates now
# (`eventlint codegen swift --check`); the compiled round trip runs in `swift test`
# (CodegenCompileTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build 2>&1 | tail -n 1
.build/debug/eventlint codegen swift --schema schema --check samples/codegen/Tracking.swift
echo "samples/codegen/Tracking.swift is up to date"
