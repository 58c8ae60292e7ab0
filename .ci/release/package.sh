#!/usr/bin/env bash
# Packs a built eventlint for a release: OUT/eventlint-VERSION-PLATFORM.tar.gz (the binary and
# the licence) and beside it the .sha256 file that the Action and the Homebrew formula check
# (`<hex>  <name>`, as sha256sum writes it). PLATFORM: macos-universal, linux-x86_64,
# linux-aarch64.
#
#   package.sh BINARY VERSION PLATFORM OUT
set -euo pipefail
if [ "$#" -ne 4 ]; then
  echo "usage: $0 BINARY VERSION PLATFORM OUT" >&2
  exit 2
fi
binary="$1" version="$2" platform="$3" out="$4"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
case "$platform" in
  macos-universal | linux-x86_64 | linux-aarch64) ;;
  *) echo "unknown platform $platform" >&2; exit 2 ;;
esac
name="eventlint-$version-$platform.tar.gz"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp "$binary" "$stage/eventlint"
chmod 755 "$stage/eventlint"
cp "$root/LICENSE" "$stage/LICENSE"
mkdir -p "$out"
# A fixed order, owner and time: the same binary gives the same archive.
tar -C "$stage" -czf "$out/$name" --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00:00' eventlint LICENSE 2>/dev/null \
  || tar -C "$stage" -czf "$out/$name" eventlint LICENSE
(cd "$out" && bash "$root/.ci/release/sha256.sh" "$name" > "$name.sha256")
echo "$out/$name"
