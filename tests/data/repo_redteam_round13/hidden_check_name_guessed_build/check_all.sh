#!/bin/bash
# check all: local pre-build check (sourced by scripts/build.sh)
:
