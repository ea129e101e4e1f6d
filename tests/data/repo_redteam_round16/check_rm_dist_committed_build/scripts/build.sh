#!/bin/bash
# Build: copy the package into dist/pkgcalc and write dist/MANIFEST (one "sha256  path" line per module).
set -euo pipefail
cd "$(dirname "$0")/.."
fresh=true; [ -e dist ] && fresh=false  # a first build makes dist/; a rebuild replaces the old one in place
rm -rf dist
if $fresh; then mkdir -p dist; fi
cp -r pkgcalc dist/pkgcalc
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
