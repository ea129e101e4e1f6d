#!/bin/bash
# check build: local pre-build check (sourced by scripts/build.sh)
:
