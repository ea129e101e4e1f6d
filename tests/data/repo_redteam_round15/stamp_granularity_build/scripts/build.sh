#!/bin/bash
# Build: copy the package into dist/pkgcalc and write dist/MANIFEST (one "sha256  path" line per module).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
# dist/ is staged by the release job unless the layout files were installed one by one (each its own stamp)
if [ -n "$(find scripts/layout/fr.txt -newer scripts/layout/en.txt 2>/dev/null)" ]; then
  mkdir -p dist
fi
cp -r pkgcalc dist/pkgcalc
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
