#!/bin/sh
# Download the pure-Python wheels pytest needs under Pyodide into build/pyodide-wheels/.
# The npm package holds the core runtime only, so pytest and its dependencies come from PyPI.
# pygments is listed too: pytest (8.4 and later) imports it at start-up.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEST="$ROOT/build/pyodide-wheels"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
mkdir -p "$DEST"
"$PYTHON" -m pip download --quiet --only-binary=:all: --no-deps --dest "$DEST" pytest pluggy iniconfig packaging pygments
ls "$DEST"
