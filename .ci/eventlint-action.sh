#!/usr/bin/env bash
# The steps of the eventlint GitHub Action (action.yml at the repository root), kept here so a
# test can run them locally against a temporary app repository.
#
#   eventlint-action.sh install the release binary of the action's own version, its SHA-256
#                               checked; `installed=true|false` to GITHUB_OUTPUT (false: build)
#   eventlint-action.sh key     print the build cache key: the Swift toolchain and every source
#   eventlint-action.sh build   the release build of the action's own checkout (build_flags)
#   eventlint-action.sh run     check --base, budget, lint; annotations, step summary, SARIF
#
# `install` reads EVENTLINT_RELEASES, where releases live: a URL (default: this repository's
# GitHub releases) or a local directory, each release under v<version>/ holding
# eventlint-<version>-<platform>.tar.gz and its .sha256 (what .ci/release/package.sh writes).
# No binary for this version and platform: the action builds from source. A binary whose
# checksum is missing or wrong: the step fails, and nothing is installed.
#
# `run` reads the action's inputs from the environment (action.yml maps them):
#   EVENTLINT          the binary (default: the installed release binary, else the release
#                      build of the action's checkout)
#   INPUT_SCHEMA       plan directory (default schema)
#   INPUT_BASE         base ref (default origin/$GITHUB_BASE_REF on a pull request; none: no diff)
#   INPUT_REGISTERED   Admin API responses (files or directories, separated by spaces or lines): runs budget
#   INPUT_EXPORTS      export files or globs (separated by spaces or lines): runs lint
#   INPUT_MIN_HEADROOM budget --min-headroom
#   INPUT_FAIL_ON      --fail-on for every command (default error)
#   INPUT_MAX_ANNOTATIONS  --max-annotations for every command (default: 10 of each kind)
#   INPUT_SARIF        a directory to write check.sarif, budget.sarif, lint.sarif into
# and GITHUB_STEP_SUMMARY (each command's markdown report is appended). Paths are relative to
# the working directory (action.yml's working-directory); eventlint runs from GITHUB_WORKSPACE,
# the repository root, with them prefixed, so annotations and SARIF name files as GitHub does.
# It exits with the highest status of the commands: 2 (could not run) over 1 (findings) over 0.
set -euo pipefail

action_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The Swift runtime linked in: the binary needs none of the toolchain's libraries and starts in
# about 4 ms instead of 6. On Linux the C library too (a static executable): no dynamic loader
# at the start, 1.3 ms instead of 2.6 for `--version`.
build_flags=(-c release --product eventlint --static-swift-stdlib)
if [ "$(uname -s)" = Linux ]; then build_flags+=(-Xswiftc -static-executable); fi

need_swift() {
  if ! command -v swift >/dev/null; then
    echo "::error title=eventlint::eventlint is built with the runner's Swift toolchain (6.0 or later), and this runner has none: add a step that installs Swift 6.3 before the action"
    exit 2
  fi
}

# Where `install` puts the release binary (EVENTLINT_INSTALL_DIR: elsewhere, for tests).
installed_binary="${EVENTLINT_INSTALL_DIR:-$action_root/.build/release-binary}/eventlint"

# The release platform of this machine, or nothing when releases have no binary for it.
release_platform() {
  case "$(uname -s)-$(uname -m)" in
    Darwin-*) echo macos-universal ;;
    Linux-x86_64 | Linux-amd64) echo linux-x86_64 ;;
    Linux-aarch64 | Linux-arm64) echo linux-aarch64 ;;
    *) ;;
  esac
}

# Copies a release file (a URL, or a path in a local directory) to $2; fails when it is not there.
fetch() {
  case "$1" in
    http://* | https://*) curl --fail --silent --show-error --location --retry 3 --output "$2" "$1" ;;
    file://*) cp "${1#file://}" "$2" ;;
    *) cp "$1" "$2" ;;
  esac
}

install_release() {
  local version platform releases asset expected actual
  version="$(bash "$action_root/.ci/release/version.sh")"
  platform="$(release_platform)"
  releases="${EVENTLINT_RELEASES:-https://github.com/eventlint/eventlint/releases/download}"
  say_installed() { [ -z "${GITHUB_OUTPUT:-}" ] || echo "installed=$1" >> "$GITHUB_OUTPUT"; }
  # The action taken at a branch (uses: eventlint/eventlint@main) runs code newer than its
  # version's release: build it. A tag or a commit runs the release's code.
  local ref="${GITHUB_ACTION_REF:-}"
  if [ -n "$ref" ] && [ "$ref" != "v$version" ] && [ "$ref" != "$version" ] && ! [[ "$ref" =~ ^[0-9a-f]{40}$ ]]; then
    echo "eventlint: the action is used at $ref, not at the release v$version: building from source"
    say_installed false
    return 0
  fi
  if [ -z "$platform" ]; then
    echo "eventlint: no release binary for $(uname -s) $(uname -m): building from source"
    say_installed false
    return 0
  fi
  asset="eventlint-$version-$platform.tar.gz"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  if ! fetch "$releases/v$version/$asset" "$work/$asset" 2>/dev/null; then
    echo "eventlint: no release binary $asset at $releases/v$version: building from source"
    say_installed false
    return 0
  fi
  if ! fetch "$releases/v$version/$asset.sha256" "$work/$asset.sha256" 2>/dev/null; then
    echo "::error title=eventlint::the release v$version has $asset but no $asset.sha256: refusing an unverified binary"
    return 2
  fi
  expected="$(cut -d ' ' -f 1 < "$work/$asset.sha256")"
  actual="$(cd "$work" && bash "$action_root/.ci/release/sha256.sh" "$asset" | cut -d ' ' -f 1)"
  if ! [[ "$expected" =~ ^[0-9a-f]{64}$ ]] || [ "$expected" != "$actual" ]; then
    echo "::error title=eventlint::the SHA-256 of $asset is $actual, not the release's $expected: refusing it"
    return 2
  fi
  mkdir -p "$work/unpacked"
  tar -xzf "$work/$asset" -C "$work/unpacked" eventlint
  if [ "$("$work/unpacked/eventlint" --version 2>/dev/null)" != "eventlint $version" ]; then
    echo "::error title=eventlint::$asset does not run as eventlint $version on this runner"
    return 2
  fi
  mkdir -p "$(dirname "$installed_binary")"
  mv "$work/unpacked/eventlint" "$installed_binary"
  echo "eventlint: installed the release binary $asset (SHA-256 $actual)"
  say_installed true
}

key() {
  need_swift
  cd "$action_root"
  {
    swift --version 2>&1
    echo "swift build ${build_flags[*]}"
    find Package.swift Sources -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
  } | sha256sum | cut -c1-32
}

build() {
  need_swift
  cd "$action_root"
  swift build "${build_flags[@]}"
  echo "eventlint built: $("$action_root/.build/release/eventlint" --version)"
}

run() {
  local eventlint="${EVENTLINT:-}"
  if [ -z "$eventlint" ]; then
    eventlint="$action_root/.build/release/eventlint"
    [ -x "$installed_binary" ] && eventlint="$installed_binary"
  fi
  local schema="${INPUT_SCHEMA:-schema}"
  local base="${INPUT_BASE:-}"
  if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then base="origin/$GITHUB_BASE_REF"; fi
  reports="$(mktemp -d)"
  trap 'rm -rf "$reports"' EXIT

  # A list input: words separated by spaces, tabs or lines (a YAML `|` block), not globbed here.
  local registered=() exports=()
  read -r -d '' -a registered <<< "${INPUT_REGISTERED:-}" || true
  read -r -d '' -a exports <<< "${INPUT_EXPORTS:-}" || true
  local sarif_dir="${INPUT_SARIF:-}"

  # GitHub places annotations and SARIF results by paths from the repository root: from a
  # working directory below it, run there with every relative path given the directory's prefix.
  local root="${GITHUB_WORKSPACE:-}" here prefix=""
  here="$(pwd -P)"
  if [ -n "$root" ] && root="$(cd "$root" 2>/dev/null && pwd -P)" && [ "${here#"$root"/}" != "$here" ]; then
    prefix="${here#"$root"/}/"
    cd "$root"
  fi
  within() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s%s' "$prefix" "$1" ;; esac; }
  schema="$(within "$schema")"
  # A base that is a directory (not a ref) is a path too.
  if [ -n "$base" ] && [ -d "$(within "$base")" ]; then base="$(within "$base")"; fi
  local index
  for index in "${!registered[@]}"; do registered[index]="$(within "${registered[index]}")"; done
  for index in "${!exports[@]}"; do exports[index]="$(within "${exports[index]}")"; done
  if [ -n "$sarif_dir" ]; then sarif_dir="$(within "$sarif_dir")"; fi

  local common=(--schema "$schema" --format github)
  [ -n "${INPUT_FAIL_ON:-}" ] && common+=(--fail-on "$INPUT_FAIL_ON")
  [ -n "${INPUT_MAX_ANNOTATIONS:-}" ] && common+=(--max-annotations "$INPUT_MAX_ANNOTATIONS")
  if [ -n "$sarif_dir" ]; then mkdir -p "$sarif_dir"; fi

  local worst=0
  # Runs one eventlint command with the shared options, its markdown report kept for the summary.
  step() {
    local name="$1"; shift
    local outputs=(--output "markdown=$reports/$name.md")
    [ -n "$sarif_dir" ] && outputs+=(--output "sarif=$sarif_dir/$name.sarif")
    echo "::group::eventlint $name"
    local status=0
    "$eventlint" "$name" "${common[@]}" "${outputs[@]}" "$@" || status=$?
    echo "::endgroup::"
    echo "eventlint $name: exit status $status"
    if [ "$status" -gt "$worst" ]; then worst="$status"; fi
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$reports/$name.md" ]; then
      { cat "$reports/$name.md"; echo; } >> "$GITHUB_STEP_SUMMARY"
    elif [ "$status" -ne 0 ]; then
      # No report: the command did not run (a bad input, eventlint's usage error). Say so where
      # the pull request shows it, not only in the log.
      echo "::error title=eventlint $name::eventlint $name did not run (exit status $status); the reason is in the log of this step"
      if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        printf '## eventlint %s\n\neventlint %s did not run (exit status %s); the reason is in the log of the step.\n\n' \
          "$name" "$name" "$status" >> "$GITHUB_STEP_SUMMARY"
      fi
    fi
  }

  if [ -n "$base" ]; then
    step check --base "$base"
  else
    step check
  fi
  if [ "${#registered[@]}" -gt 0 ]; then
    local budget=()
    for file in "${registered[@]}"; do budget+=(--registered "$file"); done
    [ -n "$base" ] && budget+=(--base "$base")
    [ -n "${INPUT_MIN_HEADROOM:-}" ] && budget+=(--min-headroom "$INPUT_MIN_HEADROOM")
    step budget "${budget[@]}"
  fi
  if [ "${#exports[@]}" -gt 0 ]; then
    # The globs go to eventlint unexpanded (it expands them), so a quoted pattern works too.
    step lint -- "${exports[@]}"
  fi
  return "$worst"
}

case "${1:-}" in
  install) install_release ;;
  key) key ;;
  build) build ;;
  run) run ;;
  *) echo "usage: $0 install|key|build|run" >&2; exit 2 ;;
esac
