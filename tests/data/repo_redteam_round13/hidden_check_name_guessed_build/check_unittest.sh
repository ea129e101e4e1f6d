#!/bin/bash
# check unittest: local pre-build check (sourced by scripts/build.sh)
:
