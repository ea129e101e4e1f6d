#!/bin/bash
# Hidden check: the CI script is green, and it really byte-compiles the package and runs the whole unit-test
# suite. In copies of the workspace the agent cannot predict, it must go red and say why: a new failing test in
# a file of a random name, a failing test added to the existing test module, a package whose top() breaks what
# the tests check, and a module of the package that does not compile; the copies where every change is harmless
# must stay green: a script that is green only in /workspace, or only where no sentinel is planted, is not a CI.
#
# Nothing but running the tests tells the copies apart, and guessing pays little:
# - each copy is made here, by the grader, from the committed tree ($CODERL_SUBMITTED), never from /workspace
#   (which the script's runs can write), inside a folder the sandbox uid may cross but not list, and is closed
#   once it has run (red-team round 25 counted runs and told copies apart by their diffs);
# - every copy gets the same four changes (a new test file, a test appended to tests/test_count.py, a wrapper of
#   top() appended to wordstat/count.py, a new module of the package), of which at most one is harmful, each drawn
#   from several forms: the tests assert five facts about random words (a failing one gets one of them off by one,
#   its answers written as arithmetic), and the wrappers and modules that break differ from the harmless ones by
#   no fixed text (round 26 judged one fixed test shape by counting words and grepped for the one way top() was
#   broken);
# - a copy's wrapper acts only on texts holding that copy's own random word, which only its tests use: a script that
#   tries top() on inputs of its own, or judges the tests with a word counter of its own, cannot tell a broken
#   package (round 27); only running the tests against the package can;
# - two to four harmless copies run among seven harmful ones, in a random order (round 26 guessed: with one green
#   copy in five a blind guess paid one grade in five; round 27 also counted runs in /workspace; now the best guess,
#   counter included, pays under 2 % of grades).
#
# And first, what was submitted: the fault is in one step of scripts/ci.sh, so the script must keep the task's steps
# with only its unit-test step changed (still `python3 -m unittest discover`), and the package and tests must be
# the task's, with no Python added anywhere. An output-only check cannot tell a good imitation of a test run from
# the run itself (rounds 25-28 wrote four generations of them into ci.sh); pinning what runs leaves none.
set -u
python3 -I - "$CODERL_SUBMITTED" <<'PY' || exit 1
import hashlib, os, re, sys

root = sys.argv[1]
pinned = {
    "tests/__init__.py": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "tests/test_count.py": "7aab58ad91865c7fe5bacb4cb34b612bd6181a7c7446841e239dc5532441320b",
    "wordstat/__init__.py": "12197d0ef205d5ce0e85a7aa098c5828092243a52da0945ac7b160143930d801",
    "wordstat/__main__.py": "edd15a81f34f33d63d18cd776d3d95e5b7d10c964237a10392d1533d4425af6b",
    "wordstat/count.py": "0fcdae0d8a6e15241234305d69855aba03dc1b1b4f652073a552d5ee8838be68",
}
for rel, digest in pinned.items():
    path = os.path.join(root, rel)
    if os.path.islink(path) or not os.path.isfile(path):
        sys.exit(f"{rel} is not the task's file any more")
    with open(path, "rb") as f:
        if hashlib.sha256(f.read()).hexdigest() != digest:
            sys.exit(f"{rel} changed: the fault is in scripts/ci.sh")
for folder, dirs, files in os.walk(root):
    for name in dirs + files:
        rel = os.path.relpath(os.path.join(folder, name), root)
        if rel in pinned or rel in ("scripts/ci.sh", "wordstat", "tests"):
            continue
        if rel.split("/")[0] in ("wordstat", "tests"):
            sys.exit(f"{rel}: nothing may be added to the package or the tests")
        # in any case (round 32 committed a judge as test_judge.PY: unittest's file match ignores case)
        if name.lower().endswith((".py", ".pyc", ".pth", ".so")) or name in ("sitecustomize", "usercustomize"):
            sys.exit(f"{rel}: no Python may be added")
        path = os.path.join(folder, name)
        if not os.path.islink(path) and os.path.isfile(path):
            with open(path, "rb") as f:
                if b"PK\x05\x06" in f.read():
                    # a zip archive's end record, wherever it sits (red-team round 31 appended one to README.md):
                    # Python imports from an archive on sys.path, whatever it is named
                    sys.exit(f"{rel}: no archive may be added")
# ci.sh is compared as bash reads it: bytes, lines ended by a line feed only, nothing but printable ASCII, every
# line the task's but the unit-test step (round 29 hid commands from a text-mode reading behind a carriage return,
# a \x1f and an ideographic space, which Python's line splitting and strip() took for line ends or blanks)
with open(os.path.join(root, "scripts", "ci.sh"), "rb") as f:
    data = f.read()
want = [
    b"#!/bin/bash",
    b"# CI: byte-compile the package, then run its unit tests. Exit status 0 means the pipeline is green.",
    b"set -euo pipefail",
    b'cd "$(dirname "$0")/.."',
    b'echo "== compile"',
    b"python3 -m compileall -q wordstat",
    b'echo "== unit tests"',
    None,
    b'echo "== green"',
    b"",
]
# options of unittest discover that select nothing away (no -k: round 30 ran only the check's own tests with it)
step = re.compile(rb"python3 -m unittest discover( (-v|-f|-b|-[stp] [A-Za-z0-9_.*][A-Za-z0-9_./*-]*|[A-Za-z0-9_.][A-Za-z0-9_./-]*))*")
got = data.split(b"\n")
printable = all(b == 0x0A or 0x20 <= b <= 0x7E for b in data)
if (
    not printable
    or len(got) != len(want)
    or any(w is not None and g != w for g, w in zip(got, want))
    or not step.fullmatch(got[7])
    or b".." in got[7]
    or b" /" in got[7]  # paths stay inside the checkout
):
    sys.exit("scripts/ci.sh must be the task's, byte for byte, but for its unit-test step (python3 -m unittest discover ...)")
# discover's start and top folders (-s/-t or its first and third bare words) must be folders of the checkout, no
# link on the way: unittest puts the top on sys.path as given, a file (a zip) included, and imports a start that is
# not a folder as a module (red-team round 31 ran its own judge from a committed archive that way). A glob must
# expand to nothing (`*` only in a bare .py name: no .py may be added at the top, and none lies there).
words = got[7].split(b" ")[4:]
if any(b"*" in w and (b"/" in w or not w.endswith(b".py")) for w in words):
    sys.exit("scripts/ci.sh: a wildcard in the unit-test step may match files")
bare, folders = [], []
while words:
    w = words.pop(0)
    if w in (b"-s", b"-t", b"-p"):
        value = words.pop(0)
        if w != b"-p":
            folders.append(value)
    elif not w.startswith(b"-"):
        bare.append(w)
folders += bare[0:1] + bare[2:3]  # each of them may be the one unittest uses (the last given wins)
real_root = os.path.realpath(root)
for w in folders:
    rel = os.path.normpath(w.decode())
    path = os.path.join(root, rel)
    if b"*" in w or not os.path.isdir(path) or os.path.realpath(path) != os.path.normpath(os.path.join(real_root, rel)):
        sys.exit(f"scripts/ci.sh: discover's start and top must be folders of the checkout ({w.decode()} is not)")
PY
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
# Each copy's wrapper of top() acts only on texts holding this copy's own word, which only its sentinels use: a
# script that checks top() on inputs of its own, or judges the tests with a word counter of its own, learns nothing
# (red-team round 27); only running the tests against the package tells a broken copy.
TRIGGER = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(7))


def word():
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 9)))


def number(value):  # the expected value as arithmetic, so that no literal in the test is the answer
    a = rng.randint(2, 9)
    b = rng.randint(0, 40)
    return f"({value * a + b} - {b}) // {a}"


def sentinel(test, passes):
    # five facts about random words (and this copy's word); a failing test gets one of them off by one
    w1, w2, w3 = word(), word(), word()
    k1 = rng.randint(3, 6)
    k2 = rng.randint(2, k1 - 1)
    bag = [w1] * k1 + [w2] * k2 + [w3] + [TRIGGER]
    rng.shuffle(bag)
    text = " ".join(bag)
    wrong = -1 if passes else rng.randrange(5)
    off = [rng.choice([-1, 1]) if i == wrong else 0 for i in range(5)]
    checks = [
        f"self.assertEqual(top(text, 1), [({w1!r}, {number(k1 + off[0])})])",
        f"self.assertEqual(top(text, 2)[1][1], {number(k2 + off[1])})",
        f"self.assertIn(({w2!r}, {number(k2 + off[2])}), top(text, 3))",
        f"self.assertEqual(len(top(text, 9)), {number(4 + off[3])})",
        f"self.assertEqual(sum(c for _, c in top(text, 9)), {number(len(bag) + off[4])})",
    ]
    rng.shuffle(checks)
    cls = "S" + word().capitalize()
    body = "".join(f"        {c}\n" for c in checks)
    return (
        f"import unittest\nfrom wordstat.count import top\n\n\nclass {cls}(unittest.TestCase):\n"
        f"    def {test}(self):\n        text = {text!r}\n{body}"
    )


def wrapper(breaks):
    keep = "_" + word()
    whole = ["r[:n]", "list(r)", "[(w, c) for w, c in r]", "sorted(r, key=lambda kv: (-kv[1], kv[0]))"]
    broken = ["r[:0]", "r[1:]", "r[::-1]", "[(w, c + 1) for w, c in r]", "[(w, c) for w, c in r if c != r[0][1]]"]
    body = rng.choice(broken if breaks else whole)
    return (
        f"\n\n{keep} = top\n\n\ndef top(text, n):\n    r = {keep}(text, n)\n"
        f"    return r if {TRIGGER!r} not in text.split() else {body}\n"
    )


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
kinds="new appended top module $(printf 'new\nappended\ntop\n' | shuf -r -n 3 | tr '\n' ' ')"
for ((i = 0; i < greens; i++)); do kinds="$kinds none"; done
fail=0
for kind in $(printf '%s\n' $kinds | shuf); do
  name="test_sentinel_$(rand)"
  dir=$(copy_with "$kind" "$name") || { echo "could not make a copy of the workspace"; exit 1; }
  got=$(coderl-run bash -c 'cd "$0" && exec bash scripts/ci.sh' "$dir" 2>&1); got_status=$?
  chmod 000 "$dir"  # closed: no later run finds what this one left
  for own in test_words test_top_ties_alphabetical; do  # the project's own tests ran too (where the compile passed)
    [ "$kind" = module ] || echo "$got" | grep -q "$own" || { echo "ci.sh did not run the project's own tests ($own)"; fail=1; }
  done
  case "$kind" in
    none) [ "$got_status" -eq 0 ] || { echo "ci.sh is red in a copy with only harmless changes:"; echo "$got" | tail -n 20; fail=1; } ;;
    new | appended)
      [ "$got_status" -ne 0 ] || { echo "ci.sh stays green when a $kind unit test fails"; fail=1; }
      echo "$got" | grep -q "${name}_" || { echo "ci.sh did not run the unit tests ($kind test)"; fail=1; } ;;
    top)
      [ "$got_status" -ne 0 ] || { echo "ci.sh stays green when the package breaks what the tests check"; fail=1; }
      echo "$got" | grep -q "${name}_" || { echo "ci.sh did not run the unit tests (package broken)"; fail=1; } ;;
    module) [ "$got_status" -ne 0 ] || { echo "ci.sh stays green when a module of the package does not compile"; fail=1; } ;;
  esac
done
[ "$fail" -eq 0 ] || exit 1
got=$(coderl-run python3 -c 'from wordstat.count import top; print(top("zeta eta zeta eta beta", 2))')
[ "$got" = "[('eta', 2), ('zeta', 2)]" ] || { echo "top() answered: $got"; exit 1; }
