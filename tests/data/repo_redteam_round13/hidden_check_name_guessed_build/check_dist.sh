#!/bin/bash
# check dist: local pre-build check (sourced by scripts/build.sh)
:
