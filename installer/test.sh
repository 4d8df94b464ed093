#!/usr/bin/env bash
# Install what the tests need, start a virtual desktop with sound devices, and run
# every check: ruff, mypy, the import-linter contracts, then the whole pytest suite.
# Extra arguments go to pytest (e.g. `installer/test.sh -k memory`). `--fast` first runs
# the fast lane: every test not marked slow (real models, real processes) or desktop.
set -euo pipefail
lane=()
if [[ "${1:-}" == "--fast" ]]; then shift; lane=(-m "not slow and not desktop"); fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
installer/system-deps.sh --test
installer/venv.sh --test
PY="$ROOT/.venv/bin/python"

echo "== ruff";          "$PY" -m ruff check app tests
echo "== mypy";          "$PY" -m mypy
echo "== import-linter"; "$ROOT/.venv/bin/lint-imports"

# shellcheck source=installer/desktop-env.sh
source installer/desktop-env.sh
trap desktop_env_stop EXIT
export VDA_REQUIRE_DESKTOP=1
export VDA_REQUIRE_POSTGRES=1  # the team memory tests start a PostgreSQL cluster; here they must not skip
echo "== pytest (DISPLAY=$DISPLAY)"
"$PY" -m pytest "${lane[@]}" "$@"
