#!/bin/bash
# check site: local pre-build check (sourced by scripts/build.sh)
:
