#!/bin/sh
# Download the pinned pure-Python wheels pytest needs under Pyodide (tests/pyodide/wheels.txt:
# exact versions and sha256) into build/pyodide-wheels/, once: scripts/setup --test runs this.
# The npm package holds the core runtime only, so pytest and its dependencies come from PyPI.
# A wheel already there with the pinned hash is kept; pip checks every hash it downloads.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PINS="$ROOT/tests/pyodide/wheels.txt"
DEST="$ROOT/build/pyodide-wheels"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
mkdir -p "$DEST"

# Every pinned wheel present with its hash? Then there is nothing to download.
all_there=1
for pin in $(grep -o '^[A-Za-z0-9_.-]*==[^ ]*' "$PINS"); do
  name=${pin%%==*}
  version=${pin#*==}
  hash=$(grep "^$pin " "$PINS" | sed 's/.*--hash=sha256://')
  file=$(ls "$DEST" | grep -i "^$(echo "$name" | tr '-' '_')-$version-.*\.whl$" | head -1 || true)
  if [ -z "$file" ] || [ "$(sha256sum "$DEST/$file" | cut -d' ' -f1)" != "$hash" ]; then
    all_there=0
  fi
done
[ "$all_there" = 1 ] && exit 0

echo "[setup] downloading the pinned wheels for the Pyodide test into build/pyodide-wheels/" >&2
# Drop whatever else is there (an older or unpinned download), so that only the pinned wheels load.
find "$DEST" -maxdepth 1 -name '*.whl' -delete
"$PYTHON" -m pip download --quiet --only-binary=:all: --no-deps --require-hashes \
  --dest "$DEST" -r "$PINS"
