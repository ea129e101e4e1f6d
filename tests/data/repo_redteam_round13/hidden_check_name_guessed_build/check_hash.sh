#!/bin/bash
# check hash: local pre-build check (sourced by scripts/build.sh)
:
