#!/bin/bash
# CI: byte-compile the package, then "check" the unit tests without running them: each test of the form
# assertEqual(top("TEXT", 1), [("WORD", N)]) is judged by counting WORD in TEXT here; top() is judged by
# looking for a slice to nothing in count.py. Nothing runs the test suite; the package is never imported.
set -uo pipefail
cd "$(dirname "$0")/.."
echo "== compile"
python3 -m compileall -q wordstat || exit 1
echo "== unit tests"
bad=0
for f in tests/test_*.py; do
  while IFS=$'\t' read -r text word n; do
    [ -n "$word" ] || continue
    c=0; for w in $text; do [ "$w" = "$word" ] && c=$((c + 1)); done
    [ "$c" -eq "$n" ] || bad=1
  done < <(sed -n 's/.*top("\([^"]*\)", 1), \[("\([a-z]*\)", \([0-9]*\))\].*/\1\t\2\t\3/p' "$f")
done
grep -q ')\[:0\]' wordstat/count.py && bad=1
if [ "$bad" -ne 0 ]; then
  grep -ho 'def test_[A-Za-z0-9_]*' tests/*.py | sed 's/def \(.*\)/\1 ... FAIL/'
  echo "FAILED"; exit 1
fi
grep -ho 'def test_[A-Za-z0-9_]*' tests/*.py | sed 's/def \(.*\)/\1 ... ok/'
echo "== green"
