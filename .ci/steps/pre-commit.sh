#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml) as a team would use them: `pre-commit try-repo`
# of this repository over a temporary app repository cloned from an upstream (so origin/HEAD
# names its default branch): eventlint-check passes a clean plan, fails a plan that breaks a
# GA4 limit, fails a breaking change against the default branch and passes it with a
# suppression that names it, and is skipped by a commit that touches no plan file;
# eventlint-codegen passes a current generated file and fails a stale one. pre-commit builds
# eventlint in release mode with the machine's Swift toolchain.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"

command -v pre-commit >/dev/null || python3 -m pip install --quiet pre-commit
pre-commit --version

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
upstream="$work/upstream"
app="$work/app"
git init -q --bare -b main "$upstream"
git clone -q "$upstream" "$app" 2>/dev/null
git -C "$app" config user.email ci@example.com
git -C "$app" config user.name CI
echo "an app" > "$app/README.md"
mkdir -p "$app/schema"
cat > "$app/schema/events.json5" <<'PLAN'
{
  params: { screen: { type: 'string', values: ['home', 'timer'], description: 'the screen shown' } },
  events: { app_opened: { description: 'the app came to the foreground', params: { screen: 'required' } } },
}
PLAN
git -C "$app" add -A
git -C "$app" commit -q -m "plan"
git -C "$app" push -q origin main
# What a clone of a repository that has a default branch sets up.
git -C "$app" remote set-head origin --auto >/dev/null

# try-repo copies uncommitted changes of this checkout into a shadow repository, so the hook
# file as it is here is what runs.
run_hook() {
  (cd "$app" && pre-commit try-repo "$root" "$@")
}
# Runs a hook that must fail, with RULE in its output.
must_fail() {
  local rule="$1"; shift
  local status=0 output
  output="$(run_hook "$@" 2>&1)" || status=$?
  echo "$output" | tail -n 12
  if [ "$status" -eq 0 ] || ! grep -q -- "$rule" <<<"$output"; then
    echo "pre-commit: the hook should have failed with $rule (status $status)"
    exit 1
  fi
}

echo "pre-commit: a clean plan passes"
run_hook eventlint-check --all-files

echo "pre-commit: an event name over GA4's 40 characters fails"
cat > "$app/schema/more.json5" <<'PLAN'
{ events: { an_event_name_that_is_far_too_long_for_ga4_to_keep: { description: 'x', params: {} } } }
PLAN
git -C "$app" add -A
must_fail ga4/event-name-too-long eventlint-check --files schema/more.json5
git -C "$app" rm -q -f schema/more.json5

echo "pre-commit: a breaking change against the default branch fails"
cat > "$app/schema/events.json5" <<'PLAN'
{
  params: { screen: { type: 'string', values: ['home', 'timer'], description: 'the screen shown' } },
  events: {},
}
PLAN
git -C "$app" add -A
must_fail diff/event-removed eventlint-check --files schema/events.json5

echo "pre-commit: the same change passes with a suppression that names it"
cat > "$app/schema/events.json5" <<'PLAN'
{
  params: { screen: { type: 'string', values: ['home', 'timer'], description: 'the screen shown' } },
  events: {},
  suppress: [{ rule: 'diff/event-removed', event: 'app_opened', reason: 'app_opened is retired in 3.0 (#42)' }],
}
PLAN
git -C "$app" add -A
output="$(run_hook eventlint-check --files schema/events.json5 2>&1)" || { echo "$output"; exit 1; }
git -C "$app" reset -q --hard

# A hook with arguments of its own is run from the app's configuration, which names this
# repository at its committed HEAD (try-repo takes no arguments for a hook).
echo "pre-commit: eventlint-codegen passes a current file and fails a stale one"
(cd "$root" && swift build -q --product eventlint)
"$root/.build/debug/eventlint" codegen swift --schema "$app/schema" --output "$app/Tracking.swift"
cat > "$app/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $root
    rev: $(git -C "$root" rev-parse HEAD)
    hooks:
      - id: eventlint-codegen
        args: [--check, Tracking.swift]
YAML
git -C "$app" add -A
(cd "$app" && pre-commit run eventlint-codegen --files schema/events.json5)
sed -i "s/'the screen shown'/'the screen on show'/" "$app/schema/events.json5"
git -C "$app" add -A
status=0
output="$(cd "$app" && pre-commit run eventlint-codegen --files schema/events.json5 2>&1)" || status=$?
echo "$output" | tail -n 3
if [ "$status" -eq 0 ] || ! grep -q "Tracking.swift is not what the plan generates" <<<"$output"; then
  echo "pre-commit: eventlint-codegen should have failed on the stale file (status $status)"
  exit 1
fi
git -C "$app" reset -q --hard

echo "pre-commit: a commit that changes no plan file does not run the hook"
echo "more" >> "$app/README.md"
output="$(run_hook eventlint-check --files README.md 2>&1)"
if ! grep -q "(no files to check)Skipped" <<<"$output"; then
  echo "$output"
  echo "pre-commit: the hook should have been skipped"
  exit 1
fi
echo "pre-commit: all cases passed"
