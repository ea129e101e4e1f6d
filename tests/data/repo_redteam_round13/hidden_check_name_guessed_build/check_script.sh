#!/bin/bash
# check script: local pre-build check (sourced by scripts/build.sh)
:
