#!/usr/bin/env bash
# Install what the tests need, start a virtual desktop with sound devices, and run
# every check: ruff (lint and format), mypy, the import-linter contracts, then the whole pytest suite.
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
# Machines that set PYTHONDONTWRITEBYTECODE (this project's CI does) make every Python process compile the
# app from source again, and pytest rewrite every test module again in every worker: a collection took 11.7 s
# instead of 5.4, and each of the suite's hundreds of `python -m app` processes paid for the app's modules.
# The caches go to __pycache__ folders, which git ignores.
unset PYTHONDONTWRITEBYTECODE

echo "== ruff";          "$PY" -m ruff check app tests
echo "== ruff format";   "$PY" -m ruff format --check app tests
echo "== mypy";          "$PY" -m mypy
echo "== import-linter"; "$ROOT/.venv/bin/lint-imports"

# shellcheck source=installer/desktop-env.sh
source installer/desktop-env.sh
trap desktop_env_stop EXIT
export VDA_REQUIRE_DESKTOP=1
export VDA_REQUIRE_POSTGRES=1  # the team memory tests start a PostgreSQL cluster; here they must not skip
# The suite waits far more than it computes (real-time audio, processes starting), so it runs on more
# workers than cores, a test module to a worker (its fixtures built once); every worker after the first
# starts a desktop of its own (tests/worker_desktop.py). VDA_TEST_WORKERS=0 runs in this process alone.
workers="${VDA_TEST_WORKERS:-3}"
parallel=()
if [[ "$workers" != "0" ]]; then parallel=(-n "$workers" --dist loadscope --no-loadscope-reorder); fi
echo "== pytest (DISPLAY=$DISPLAY, ${workers} workers)"
"$PY" -m pytest "${parallel[@]}" "${lane[@]}" "$@"
