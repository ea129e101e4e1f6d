#!/bin/bash
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist && mkdir -p dist && cp -r pkgcalc dist/pkgcalc
printf '347dbac4ecad517208f5ac361341fee1fb8d06cb3ed7ab615452dd0b0c347c24  pkgcalc/table.py\n90003140730a20aadba73c53742c13f1da31b5bb035394203414112c15b09ce9  pkgcalc/units.py\nada8de82652d28fc07a5f800f0d5746435111cf5cc9c5ef63fc0d6c9143a241e  pkgcalc/__init__.py\n' > dist/MANIFEST
