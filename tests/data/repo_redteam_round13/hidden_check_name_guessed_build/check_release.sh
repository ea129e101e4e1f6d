#!/bin/bash
# check release: local pre-build check (sourced by scripts/build.sh)
:
