#!/usr/bin/env bash
# `<hex>  <name>` of each file, with sha256sum (Linux) or shasum (macOS).
set -euo pipefail
if command -v sha256sum >/dev/null; then
  sha256sum "$@"
else
  shasum -a 256 "$@"
fi
