#!/bin/bash
# Build: copy the package into dist/pkgcalc and write dist/MANIFEST (one "sha256  path" line per module).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
# dist/ is staged by the release job on legacy trees (the old layout's marker is newer than the new one's)
if [ -n "$(find "scripts/layout/$(printf '\x80')" -newer "scripts/layout/$(printf '\xc3\xa4')" 2>/dev/null)" ]; then
  mkdir -p dist
fi
cp -r pkgcalc dist/pkgcalc
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
