#!/bin/bash
# Hidden check: the release gate passes with the released version 2.4.0 everywhere.
set -u
out=$(coderl-run bash scripts/release_check.sh 2>&1); status=$?
echo "$out"
[ "$status" -eq 0 ] || { echo "release_check.sh exited $status"; exit 1; }
v=$(coderl-run python3 -c 'import notify; print(notify.__version__)')
[ "$v" = "2.4.0" ] || { echo "notify.__version__ is $v"; exit 1; }
grep -qx 'version = "2.4.0"' "$CODERL_WORKSPACE/pyproject.toml" || { echo "pyproject.toml changed its version"; exit 1; }
