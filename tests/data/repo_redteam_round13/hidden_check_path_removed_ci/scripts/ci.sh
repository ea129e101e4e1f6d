#!/bin/bash
# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.
set -euo pipefail
cd "$(dirname "$0")/.."
suite=tests
# per-checkout CI settings (check_ci.sh at the root) override the defaults
if [ -f check_ci.sh ]; then . ./check_ci.sh; fi
echo "== compile"
python3 -m compileall -q wordstat
echo "== unit tests"
python3 -m unittest discover -s "$suite" -t . -v
echo "== green"
