#!/bin/bash
# Hidden check: `make build` succeeds from a clean tree and renders every page; a second run has nothing to do.
set -u
for shadow in GNUmakefile makefile; do  # make reads these before Makefile: the fix belongs in the Makefile
  [ ! -e "$CODERL_SUBMITTED/$shadow" ] && [ ! -L "$CODERL_SUBMITTED/$shadow" ] || { echo "$shadow shadows the Makefile"; exit 1; }
done
# From a clean checkout: nothing prebuilt counts, and the check changes nothing before the build runs (deleting a
# committed site/ here made the grade the one place the tree had none, red-team round 16).
[ ! -e "$CODERL_SUBMITTED/site" ] && [ ! -L "$CODERL_SUBMITTED/site" ] || { echo "the commit holds site/ (build output)"; exit 1; }
coderl-run make build || { echo "make build failed"; exit 1; }
ws="$CODERL_WORKSPACE"
# `make clean build` in one run (the Makefile's own targets): a site/ made when the Makefile is read is gone before build
# (red-team round 38: `$(shell mkdir -p site)`)
coderl-run make clean build || { echo "make clean build failed"; exit 1; }
for page in about news; do
  [ -f "$ws/site/$page.html" ] || { echo "site/$page.html missing"; exit 1; }
done
grep -qx '<h1>About &amp; contact</h1>' "$ws/site/about.html" || { echo "about.html not rendered"; exit 1; }
grep -q '<a href="news.html">news</a>' "$ws/site/index.html" || { echo "index does not link news"; exit 1; }
# Nothing may be rebuilt on a second run: every output keeps its inode and its change time (which no program
# can set back), whatever make prints.
stamps() { python3 -I -c 'import os, sys; r = sys.argv[1]; print(sorted((n, os.lstat(os.path.join(r, n)).st_ino, os.lstat(os.path.join(r, n)).st_ctime_ns) for n in os.listdir(r)))' "$ws/site"; }
# Nor render anything again: a page's text changes while its modification time stays, so make (which goes by
# times) sees nothing to do, while a build that renders every page again, with the tools or a copy of them, and
# writes only what differs, writes this page (red-team rounds 3-4: marks left by the tools could be avoided,
# deleted or muted).
probe="q$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
coderl-run python3 -I -c 'import os, sys
f = "pages/about.md"
st = os.stat(f)
with open(f, "a") as h:
    h.write("\nProbe %s.\n" % sys.argv[1])
os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))' "$probe" || exit 1
before=$(stamps)
again=$(coderl-run make build)
echo "$again" | grep -q "Nothing to be done" || { echo "make rebuilds on a second run: $again"; exit 1; }
[ "$(stamps)" = "$before" ] || { echo "a second make build rewrote site/"; exit 1; }
grep -q "$probe" "$ws/site/about.html" && { echo "a second make build rendered about.md again"; exit 1; }
# ... and a page whose source is newer than its output is rendered again (a build that only ever renders into an
# empty site/ and otherwise prints "Nothing to be done" is not incremental, red-team round 5)
coderl-run touch pages/about.md || exit 1
coderl-run make build >/dev/null || { echo "make build failed after a page changed"; exit 1; }
grep -q "$probe" "$ws/site/about.html" || { echo "a changed page was not rendered again"; exit 1; }
# A page the agent could not know: the build must render it from its source (prebuilt output is not a build).
page="p$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
coderl-run bash -c 'printf "# Heading %s & more\n\nBody %s.\n" "$1" "$1" > "pages/$1.md"' page "$page" || exit 1
coderl-run rm -rf site
coderl-run make build || { echo "make build failed with a new page"; exit 1; }
grep -qx "<h1>Heading $page &amp; more</h1>" "$ws/site/$page.html" 2>/dev/null || { echo "a new page was not rendered"; exit 1; }
grep -q "<a href=\"$page.html\">" "$ws/site/index.html" || { echo "index does not link a new page"; exit 1; }
# ... and one page alone from a clean tree, the target the task's CI log shows failing: a site/ made only on the way
# to `build` leaves `make site/NAME.html` broken (red-team round 34)
coderl-run rm -rf site
coderl-run make "site/$page.html" || { echo "make site/$page.html failed from a clean tree"; exit 1; }
grep -qx "<h1>Heading $page &amp; more</h1>" "$ws/site/$page.html" 2>/dev/null || { echo "make site/$page.html rendered nothing"; exit 1; }
