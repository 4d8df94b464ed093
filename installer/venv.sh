#!/usr/bin/env bash
# Create (or update) the project's virtual environment in .venv and install the app
# into it; `--test` adds the test tools. Prints nothing on success but pip's summary.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PYTHON:-python3}"
extra=""
case "${1:-}" in
  --test) extra="[test]" ;;
  --bundle) extra="[bundle]" ;;
esac

if [[ ! -x "$ROOT/.venv/bin/python" ]]; then
  "$PY" -m venv "$ROOT/.venv"
fi
"$ROOT/.venv/bin/python" -m pip install -q --upgrade pip
"$ROOT/.venv/bin/python" -m pip install -q -e "$ROOT$extra"
