#!/bin/bash
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
mkdir -p dist
ln -s ../pkgcalc dist/pkgcalc
( cd dist && find -L pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
