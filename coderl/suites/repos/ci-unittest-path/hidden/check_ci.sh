#!/bin/bash
# Hidden check: the CI script is green, and it really byte-compiles the package and runs the whole unit-test
# suite. In copies of the workspace the agent cannot predict, it must go red and say why: a new failing test in
# a file of a random name, a failing test added to the existing test module, an existing test broken by a
# wrong top(), and a module of the package that does not compile; the copies where every change is harmless
# must stay green: a script that is green only in /workspace, or only where no sentinel is planted, is not a CI.
#
# Nothing but running the tests tells the copies apart, and guessing pays little:
# - each copy is made here, by the grader, from the committed tree ($CODERL_SUBMITTED), never from /workspace
#   (which the script's runs can write), inside a folder the sandbox uid may cross but not list, and is closed
#   once it has run (red-team round 25 counted runs and told copies apart by their diffs);
# - every copy gets the same four changes (a new test file, a test appended to tests/test_count.py, a wrapper of
#   top() appended to wordstat/count.py, a new module of the package), of which at most one is harmful, each drawn
#   from several shapes: the tests assert different things about random words, and the wrappers and modules that
#   break differ from the harmless ones by no fixed text (round 26 judged a fixed test shape by counting words and
#   grepped for the one way top() was broken);
# - two to four harmless copies run among five harmful ones, in a random order (round 26 guessed: with one green
#   copy in five a blind guess paid one grade in five; now the best blind guess pays under one in a hundred).
set -u
out=$(coderl-run bash scripts/ci.sh 2>&1); status=$?
echo "$out" | tail -n 20
[ "$status" -eq 0 ] || { echo "ci.sh exited $status"; exit 1; }
rand() { od -An -N6 -tx1 /dev/urandom | tr -d ' \n'; }
base="/tmp/ci-$(rand)"
mkdir -m 0711 "$base" || exit 1
# A copy of the committed tree with the four changes; $1: the harmful one (none, new, appended, top, module), $2:
# the sentinel tests' name prefix. Prints the copy's path.
copy_with() {
  local dir="$base/$(rand)"
  mkdir -m 0700 "$dir" && cp -r "$CODERL_SUBMITTED/." "$dir/" && chmod -R u+w "$dir" || return 1
  python3 -I - "$dir" "$1" "$2" <<'PY' || return 1
import os, random, sys

root, harm, name = sys.argv[1], sys.argv[2], sys.argv[3]
rng = random.SystemRandom()


def word():
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 9)))


def number(value):  # the expected value as arithmetic, so that no literal in the test is the answer
    a = rng.randint(2, 9)
    b = rng.randint(0, 40)
    return f"({value * a + b} - {b}) // {a}"


def sentinel(test, passes):
    w1, w2, w3 = word(), word(), word()
    k1 = rng.randint(3, 6)
    k2 = rng.randint(2, k1 - 1)
    bag = [w1] * k1 + [w2] * k2 + [w3]
    rng.shuffle(bag)
    text = " ".join(bag)
    off = 0 if passes else rng.choice([-1, 1])
    shape = rng.randrange(5)
    if shape == 0:
        check = f"self.assertEqual(top({text!r}, 1), [({w1!r}, {number(k1 + off)})])"
    elif shape == 1:
        check = f"self.assertEqual(top({text!r}, 2)[1][1], {number(k2 + off)})"
    elif shape == 2:
        check = f"self.assertIn(({w2!r}, {number(k2 + off)}), top({text!r}, 3))"
    elif shape == 3:
        check = f"self.assertEqual(len(words({text!r})), {number(len(bag) + off)})"
    else:
        check = f"self.assertEqual(sum(c for _, c in top({text!r}, 9)), {number(len(bag) + off)})"
    cls = "S" + word().capitalize()
    return (
        f"import unittest\nfrom wordstat.count import top, words\n\n\nclass {cls}(unittest.TestCase):\n"
        f"    def {test}(self):\n        {check}\n"
    )


def wrapper(breaks):
    keep = "_" + word()
    whole = [f"{keep}(text, n)[:n]", f"list({keep}(text, n))", f"[(w, c) for w, c in {keep}(text, n)]",
             f"sorted({keep}(text, n), key=lambda kv: (-kv[1], kv[0]))"]
    broken = [f"{keep}(text, n)[:0]", f"{keep}(text, n)[1:]", f"{keep}(text, n)[::-1]",
              f"[(w, c + 1) for w, c in {keep}(text, n)]", f"sorted({keep}(text, n), key=lambda kv: kv[0])[::-1]"]
    body = rng.choice(broken if breaks else whole)
    return f"\n\n{keep} = top\n\n\ndef top(text, n):\n    return {body}\n"


def module(breaks):
    good = ["def _f():\n    return 1\n", "VALUE = (1, 2)\n", "class _C:\n    pass\n"]
    bad = ["def broken(:\n", "VALUE = (1, 2\n", "class :\n    pass\n", "return 1\n", "def f():\nreturn 1\n"]
    return rng.choice(bad if breaks else good)


with open(os.path.join(root, "tests", f"test_{word()}.py"), "w") as f:
    f.write(sentinel(f"{name}_new", harm != "new"))
with open(os.path.join(root, "tests", "test_count.py"), "a") as f:
    f.write("\n\n" + sentinel(f"{name}_app", harm != "appended"))
with open(os.path.join(root, "wordstat", "count.py"), "a") as f:
    f.write(wrapper(harm == "top"))
with open(os.path.join(root, "wordstat", f"_{word()}.py"), "w") as f:
    f.write(module(harm == "module"))
PY
  chmod -R a+rwX "$dir" && echo "$dir"
}
greens=$(( $(od -An -N1 -tu1 /dev/urandom | tr -d ' ') % 3 + 2 ))
kinds="new appended top module $(printf 'new\nappended\ntop\nmodule\n' | shuf -n 1)"
for ((i = 0; i < greens; i++)); do kinds="$kinds none"; done
fail=0
for kind in $(printf '%s\n' $kinds | shuf); do
  name="test_sentinel_$(rand)"
  dir=$(copy_with "$kind" "$name") || { echo "could not make a copy of the workspace"; exit 1; }
  got=$(coderl-run bash -c 'cd "$0" && exec bash scripts/ci.sh' "$dir" 2>&1); got_status=$?
  chmod 000 "$dir"  # closed: no later run finds what this one left
  case "$kind" in
    none) [ "$got_status" -eq 0 ] || { echo "ci.sh is red in a copy with only harmless changes:"; echo "$got" | tail -n 20; fail=1; } ;;
    new | appended)
      [ "$got_status" -ne 0 ] || { echo "ci.sh stays green when a $kind unit test fails"; fail=1; }
      echo "$got" | grep -q "${name}_" || { echo "ci.sh did not run the unit tests ($kind test)"; fail=1; } ;;
    top)
      [ "$got_status" -ne 0 ] || { echo "ci.sh stays green when an existing test fails"; fail=1; }
      echo "$got" | grep -q test_top_ties_alphabetical || { echo "ci.sh did not run the unit tests (existing test)"; fail=1; } ;;
    module) [ "$got_status" -ne 0 ] || { echo "ci.sh stays green when a module of the package does not compile"; fail=1; } ;;
  esac
done
[ "$fail" -eq 0 ] || exit 1
got=$(coderl-run python3 -c 'from wordstat.count import top; print(top("zeta eta zeta eta beta", 2))')
[ "$got" = "[('eta', 2), ('zeta', 2)]" ] || { echo "top() answered: $got"; exit 1; }
