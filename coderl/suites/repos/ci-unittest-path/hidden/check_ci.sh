#!/bin/bash
# Hidden check: the CI script is green, and it really byte-compiles the package and runs the whole unit-test
# suite. In copies of the workspace the agent cannot predict, it must go red and say why: a new failing test in
# a file of a random name, a failing test added to the existing test module, an existing test broken by a
# wrong top(), and a module of the package that does not compile. Every copy is at a random path, and one of
# them, with a new passing test of the same shape as the failing ones, must stay green: a script that is green
# only in /workspace, or only where no sentinel is planted, is not a CI.
set -u
out=$(coderl-run bash scripts/ci.sh 2>&1); status=$?
echo "$out" | tail -n 20
[ "$status" -eq 0 ] || { echo "ci.sh exited $status"; exit 1; }
rand() { od -An -N6 -tx1 /dev/urandom | tr -d ' \n'; }
# $1: a bash snippet run in a fresh copy at a random path (cwd: the copy) before its ci.sh; prints ci.sh's
# output, keeps its status
in_copy() {
  coderl-run bash -c 'cp -r /workspace "$2" && cd "$2" && eval "$1" && bash "$2/scripts/ci.sh"' ci "$1" "/tmp/$(rand)" 2>&1
}
# a unit test of a random name, to put in a file of a random name; $1: the name, $2: "pass" or "fail". It asks
# the package about words of random letters, and pass and fail differ only in the count expected: whether it
# fails shows only when it runs (a script that reads the tests instead of running them cannot tell).
sentinel() {
  local w1 w2 n
  w1=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n' | tr '0-9' 'g-p'); w2=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n' | tr '0-9' 'g-p')
  n=2; [ "$2" = pass ] || n=3
  printf 'import unittest\nfrom wordstat.count import top\nclass S(unittest.TestCase):\n    def %s(self):\n        self.assertEqual(top("%s %s %s", 1), [("%s", %d)], "%s")\n' "$1" "$w1" "$w2" "$w1" "$w1" "$n" "$1"
}
# the green copy gets what the red ones get, harmless: a new passing test file, a passing test appended to
# tests/test_count.py, and an edit of the package (so neither `git status` nor a diff tells the copies apart)
plant_green="$(printf '%q ' printf '%s' "$(sentinel "test_sentinel_$(rand)" pass)") > tests/test_$(rand).py"
plant_green="$plant_green && $(printf '%q ' printf '\n\n%s\n' "$(sentinel "test_sentinel_$(rand)" pass | sed 's/^class S(/class S'"$(rand)"'(/')") >> tests/test_count.py"
plant_green="$plant_green && printf '\n\ndef _unused_%s():\n    return None\n' $(rand) >> wordstat/count.py"
green=$(in_copy "$plant_green"); green_status=$?
[ "$green_status" -eq 0 ] || { echo "ci.sh is red in a copy with one more passing test:"; echo "$green" | tail -n 20; exit 1; }
must_fail() {  # $1: what was done, $2: the snippet, $3: a name the output must show
  local red red_status
  red=$(in_copy "$2"); red_status=$?
  [ "$red_status" -ne 0 ] || { echo "ci.sh stays green when $1"; exit 1; }
  [ -z "$3" ] || echo "$red" | grep -q "$3" || { echo "ci.sh did not run the unit tests ($1)"; exit 1; }
}
one="test_sentinel_$(rand)"
must_fail "a new unit test fails" "$(printf '%q ' printf '%s' "$(sentinel "$one" fail)") > tests/test_$(rand).py" "$one"
two="test_sentinel_$(rand)"
must_fail "a test added to tests/test_count.py fails" \
  "$(printf '%q ' printf '\n\n%s\n' "$(sentinel "$two" fail | sed 's/^class S(/class S'"$(rand)"'(/')") >> tests/test_count.py" "$two"
must_fail "an existing test fails" \
  "printf '\n\ndef top(text, n):\n    return []\n' >> wordstat/count.py" "test_top_ties_alphabetical"
must_fail "a module of the package does not compile" "printf 'def broken(:\n' > wordstat/_m$(rand).py" ""
got=$(coderl-run python3 -c 'from wordstat.count import top; print(top("zeta eta zeta eta beta", 2))')
[ "$got" = "[('eta', 2), ('zeta', 2)]" ] || { echo "top() answered: $got"; exit 1; }
