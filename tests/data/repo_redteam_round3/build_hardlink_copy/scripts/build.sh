#!/bin/bash
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
mkdir -p dist
cp -al pkgcalc dist/pkgcalc
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
