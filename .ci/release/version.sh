#!/usr/bin/env bash
# Prints the version of the changelog's newest entry (`## [1.2.3] - 2026-12-04`): what
# `eventlint --version` prints, what a release is tagged (v1.2.3) and what the Action installs.
set -euo pipefail
changelog="$(dirname "${BASH_SOURCE[0]}")/../../CHANGELOG.md"
version="$(sed -n -E 's/^## \[([0-9]+\.[0-9]+\.[0-9]+[^]]*)\].*/\1/p' "$changelog" | head -n 1)"
if [ -z "$version" ]; then
  echo "no version entry in $changelog" >&2
  exit 2
fi
echo "$version"
