#!/usr/bin/env bash
# Build the one-folder app bundle for this platform with PyInstaller, then package it:
#   Linux:   dist/voice-dev-agent-<version>-linux-<arch>.tar.gz  (bundle + install/uninstall scripts)
#   macOS:   dist/Voice Dev Agent.app
#   Windows: run installer/windows/build.ps1 instead (PyInstaller + Inno Setup)
# Prints the bundle size and the build time.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
"$ROOT/installer/system-deps.sh"
if [[ ! -x "$ROOT/.venv/bin/pyinstaller" ]]; then
  "$ROOT/installer/venv.sh" --bundle
fi
PY="$ROOT/.venv/bin/python"
version="$("$PY" -c 'import app; print(app.__version__)')"
start=$(date +%s)
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" installer/pyinstaller/voice-dev-agent.spec
elapsed=$(( $(date +%s) - start ))

if [[ "$(uname -s)" == "Linux" ]]; then
  cp installer/linux/install-user.sh installer/linux/uninstall-user.sh dist/voice-dev-agent/
  tarball="dist/voice-dev-agent-${version}-linux-$(uname -m).tar.gz"
  tar -C dist -czf "$tarball" voice-dev-agent
  echo "tarball: $tarball ($(du -sh "$tarball" | cut -f1))"
fi
echo "bundle: dist/voice-dev-agent ($(du -sh dist/voice-dev-agent | cut -f1)), built in ${elapsed}s"
