#!/usr/bin/env bash
# The steps of the eventlint GitHub Action (action.yml at the repository root), kept here so a
# test can run them locally against a temporary app repository.
#
#   eventlint-action.sh key     print the build cache key: the Swift toolchain and every source
#   eventlint-action.sh build   the release build of the action's own checkout (build_flags)
#   eventlint-action.sh run     check --base, budget, lint; annotations, step summary, SARIF
#
# `run` reads the action's inputs from the environment (action.yml maps them):
#   EVENTLINT          the binary (default: the release build of the action's checkout)
#   INPUT_SCHEMA       plan directory (default schema)
#   INPUT_BASE         base ref (default origin/$GITHUB_BASE_REF on a pull request; none: no diff)
#   INPUT_REGISTERED   Admin API responses (files or directories, space-separated): runs budget
#   INPUT_EXPORTS      export files or globs (space-separated): runs lint
#   INPUT_MIN_HEADROOM budget --min-headroom
#   INPUT_FAIL_ON      --fail-on for every command (default error)
#   INPUT_MAX_ANNOTATIONS  --max-annotations for every command (default: 10 of each kind)
#   INPUT_SARIF        a directory to write check.sarif, budget.sarif, lint.sarif into
# and GITHUB_STEP_SUMMARY (each command's markdown report is appended). It exits with the
# highest status of the commands: 2 (could not run) over 1 (findings) over 0.
set -euo pipefail

action_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The Swift runtime linked in: the binary needs none of the toolchain's libraries and starts in
# about 4 ms instead of 6.
build_flags=(-c release --product eventlint --static-swift-stdlib)

need_swift() {
  if ! command -v swift >/dev/null; then
    echo "::error title=eventlint::eventlint is built with the runner's Swift toolchain (6.0 or later), and this runner has none: add a step that installs Swift 6.3 before the action"
    exit 2
  fi
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
  local eventlint="${EVENTLINT:-$action_root/.build/release/eventlint}"
  local schema="${INPUT_SCHEMA:-schema}"
  local base="${INPUT_BASE:-}"
  if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then base="origin/$GITHUB_BASE_REF"; fi
  reports="$(mktemp -d)"
  trap 'rm -rf "$reports"' EXIT

  local common=(--schema "$schema" --format github)
  [ -n "${INPUT_FAIL_ON:-}" ] && common+=(--fail-on "$INPUT_FAIL_ON")
  [ -n "${INPUT_MAX_ANNOTATIONS:-}" ] && common+=(--max-annotations "$INPUT_MAX_ANNOTATIONS")
  if [ -n "${INPUT_SARIF:-}" ]; then mkdir -p "$INPUT_SARIF"; fi

  local worst=0
  # Runs one eventlint command with the shared options, its markdown report kept for the summary.
  step() {
    local name="$1"; shift
    local outputs=(--output "markdown=$reports/$name.md")
    [ -n "${INPUT_SARIF:-}" ] && outputs+=(--output "sarif=$INPUT_SARIF/$name.sarif")
    echo "::group::eventlint $name"
    local status=0
    "$eventlint" "$name" "${common[@]}" "${outputs[@]}" "$@" || status=$?
    echo "::endgroup::"
    echo "eventlint $name: exit status $status"
    if [ "$status" -gt "$worst" ]; then worst="$status"; fi
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$reports/$name.md" ]; then
      { cat "$reports/$name.md"; echo; } >> "$GITHUB_STEP_SUMMARY"
    fi
  }

  if [ -n "$base" ]; then
    step check --base "$base"
  else
    step check
  fi
  if [ -n "${INPUT_REGISTERED:-}" ]; then
    local budget=()
    # Word splitting is wanted: the input is a space-separated list of files and directories.
    # shellcheck disable=SC2206
    local registered=($INPUT_REGISTERED)
    for file in "${registered[@]}"; do budget+=(--registered "$file"); done
    [ -n "$base" ] && budget+=(--base "$base")
    [ -n "${INPUT_MIN_HEADROOM:-}" ] && budget+=(--min-headroom "$INPUT_MIN_HEADROOM")
    step budget "${budget[@]}"
  fi
  if [ -n "${INPUT_EXPORTS:-}" ]; then
    # The globs go to eventlint unexpanded (it expands them), so a quoted pattern works too.
    local exports=()
    read -r -a exports <<< "$INPUT_EXPORTS"
    step lint -- "${exports[@]}"
  fi
  return "$worst"
}

case "${1:-}" in
  key) key ;;
  build) build ;;
  run) run ;;
  *) echo "usage: $0 key|build|run" >&2; exit 2 ;;
esac
