#!/bin/bash
# check sha256: local pre-build check (sourced by scripts/build.sh)
:
