#!/bin/bash
# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== compile"
python3 -m compileall -q wordstat
echo "== unit tests"
suite=test
[ -f tests/__init__.py ] && suite=tests  # the package-style suite, where it is one
python3 -m unittest discover -s "$suite" -t . -v
echo "== green"
