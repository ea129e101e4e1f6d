#!/bin/bash
# Hidden check: the CI script is green, and it really runs the unit-test suite: in a copy of the
# workspace with one more (failing) test whose name the agent could not know, it must go red and name it.
set -u
out=$(coderl-run bash scripts/ci.sh 2>&1); status=$?
echo "$out" | tail -n 20
[ "$status" -eq 0 ] || { echo "ci.sh exited $status"; exit 1; }
sentinel="test_sentinel_$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
probe="import unittest
class Sentinel(unittest.TestCase):
    def $sentinel(self):
        self.fail('$sentinel')"
red=$(coderl-run bash -c 'rm -rf /tmp/ci-copy && cp -r /workspace /tmp/ci-copy && printf "%s\n" "$1" > /tmp/ci-copy/tests/test_zz_sentinel.py && bash /tmp/ci-copy/scripts/ci.sh' ci "$probe" 2>&1); red_status=$?
[ "$red_status" -ne 0 ] || { echo "ci.sh stays green when a unit test fails"; exit 1; }
echo "$red" | grep -q "$sentinel" || { echo "ci.sh did not run the unit tests"; exit 1; }
got=$(coderl-run python3 -c 'from wordstat.count import top; print(top("zeta eta zeta eta beta", 2))')
[ "$got" = "[('eta', 2), ('zeta', 2)]" ] || { echo "top() answered: $got"; exit 1; }
