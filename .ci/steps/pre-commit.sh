#!/usr/bin/env bash
# The pre-commit hook (.pre-commit-hooks.yaml) as a team would use it: `pre-commit try-repo` of
# this repository over a temporary app repository, once with a clean plan (passes), once with a
# plan that breaks a GA4 limit (fails), once with a commit that touches no plan file (skipped).
# pre-commit builds eventlint in release mode with the machine's Swift toolchain.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"

command -v pre-commit >/dev/null || python3 -m pip install --quiet pre-commit
pre-commit --version

app="$(mktemp -d)"
trap 'rm -rf "$app"' EXIT
git -C "$app" init -q -b main
git -C "$app" config user.email ci@example.com
git -C "$app" config user.name CI
mkdir -p "$app/schema"
cat > "$app/schema/events.json5" <<'PLAN'
{
  params: { screen: { type: 'string', values: ['home', 'timer'], description: 'the screen shown' } },
  events: { app_opened: { description: 'the app came to the foreground', params: { screen: 'required' } } },
}
PLAN
echo "an app" > "$app/README.md"
git -C "$app" add -A
git -C "$app" commit -q -m "plan"

# try-repo copies uncommitted changes of this checkout into a shadow repository, so the hook
# file as it is here is what runs.
run_hook() {
  (cd "$app" && pre-commit try-repo "$root" eventlint-check "$@")
}

echo "pre-commit: a clean plan passes"
run_hook --all-files

echo "pre-commit: an event name over GA4's 40 characters fails"
cat > "$app/schema/more.json5" <<'PLAN'
{ events: { an_event_name_that_is_far_too_long_for_ga4_to_keep: { description: 'x', params: {} } } }
PLAN
git -C "$app" add -A
status=0
output="$(run_hook --files schema/more.json5 2>&1)" || status=$?
echo "$output" | tail -n 20
if [ "$status" -eq 0 ] || ! grep -q "ga4/event-name-too-long" <<<"$output"; then
  echo "pre-commit: the hook should have failed with ga4/event-name-too-long (status $status)"
  exit 1
fi

echo "pre-commit: a commit that changes no plan file does not run the hook"
echo "more" >> "$app/README.md"
output="$(run_hook --files README.md 2>&1)"
if ! grep -q "(no files to check)Skipped" <<<"$output"; then
  echo "$output"
  echo "pre-commit: the hook should have been skipped"
  exit 1
fi
echo "pre-commit: all cases passed"
