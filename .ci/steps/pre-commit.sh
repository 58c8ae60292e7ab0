#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml) as a team uses them: an app repository, cloned
# from an upstream so origin/HEAD names its default branch, whose .pre-commit-config.yaml names
# this repository at its HEAD commit. eventlint-check passes a clean plan, fails a plan that
# breaks a GA4 limit, fails a breaking change against the default branch and passes it with a
# suppression that names it, and is skipped by a commit that touches no plan file;
# eventlint-codegen passes a current generated file and fails a stale one.
#
# pre-commit builds eventlint in release mode with the machine's Swift toolchain once, in its
# cache, for this commit (`try-repo` would build it again for every call). What runs is the
# committed HEAD: uncommitted changes of this checkout are not part of it.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"

command -v pre-commit >/dev/null || python3 -m pip install --quiet pre-commit
pre-commit --version
if [ -n "$(git status --porcelain -- .pre-commit-hooks.yaml Package.swift Sources)" ]; then
  echo "pre-commit: note: the hooks run at the committed HEAD; this checkout has uncommitted changes"
fi

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
(cd "$root" && swift build -q --product eventlint)
"$root/.build/debug/eventlint" codegen swift --schema "$app/schema" --output "$app/Tracking.swift"
cat > "$app/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $root
    rev: $(git -C "$root" rev-parse HEAD)
    hooks:
      - id: eventlint-check
      - id: eventlint-codegen
        args: [--check, Tracking.swift]
YAML
git -C "$app" add -A
git -C "$app" commit -q -m "plan"
git -C "$app" push -q origin main
# What a clone of a repository that has a default branch sets up.
git -C "$app" remote set-head origin --auto >/dev/null

run_hook() {
  (cd "$app" && pre-commit run "$@")
}
# Runs a hook that must fail, with TEXT in its output.
must_fail() {
  local text="$1"; shift
  local status=0 output
  output="$(run_hook "$@" 2>&1)" || status=$?
  echo "$output" | tail -n 12
  if [ "$status" -eq 0 ] || ! grep -q -- "$text" <<<"$output"; then
    echo "pre-commit: the hook should have failed with $text (status $status)"
    exit 1
  fi
}

echo "pre-commit: a clean plan passes (the hooks' environment is built here, once)"
run_hook --all-files

echo "pre-commit: an event name over GA4's 40 characters fails"
cat > "$app/schema/more.json5" <<'PLAN'
{ events: { an_event_name_that_is_far_too_long_for_ga4_to_keep: { description: 'x', params: {} } } }
PLAN
git -C "$app" add -A
must_fail ga4/event-name-too-long eventlint-check --files schema/more.json5
git -C "$app" reset -q --hard

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
output="$(run_hook eventlint-check --verbose --files schema/events.json5 2>&1)" || { echo "$output"; exit 1; }
grep -q "1 breaking change let through by a suppression" <<<"$output" \
  || { echo "$output"; echo "pre-commit: the verdict should name the change let through"; exit 1; }
git -C "$app" reset -q --hard

echo "pre-commit: eventlint-codegen passes the current file and fails a stale one"
run_hook eventlint-codegen --files schema/events.json5
sed -i "s/'the screen shown'/'the screen on show'/" "$app/schema/events.json5"
git -C "$app" add -A
must_fail "Tracking.swift is not what the plan generates" eventlint-codegen --files schema/events.json5
git -C "$app" reset -q --hard

echo "pre-commit: a commit that changes no plan file does not run the hooks"
echo "more" >> "$app/README.md"
output="$(run_hook --files README.md 2>&1)"
if [ "$(grep -c "(no files to check)Skipped" <<<"$output")" -ne 2 ]; then
  echo "$output"
  echo "pre-commit: both hooks should have been skipped"
  exit 1
fi
echo "pre-commit: all cases passed"
