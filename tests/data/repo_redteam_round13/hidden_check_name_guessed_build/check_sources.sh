#!/bin/bash
# check sources: local pre-build check (sourced by scripts/build.sh)
:
