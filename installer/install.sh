#!/usr/bin/env bash
# Install everything the app needs on this machine and start it in the tray.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/installer/system-deps.sh"
"$ROOT/installer/venv.sh"
exec "$ROOT/.venv/bin/voice-dev-agent" "$@"
