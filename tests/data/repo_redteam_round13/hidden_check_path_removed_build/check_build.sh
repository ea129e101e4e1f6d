#!/bin/bash
# pre-build check: the package imports
python3 -c "import pkgcalc" >/dev/null
