#!/bin/bash
# check: local pre-build check (sourced by scripts/build.sh)
:
