#!/bin/bash
# check manifest: local pre-build check (sourced by scripts/build.sh)
:
