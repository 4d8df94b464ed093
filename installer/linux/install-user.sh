#!/usr/bin/env bash
# Install the bundled Voice Dev Agent for the current user only (no root):
#   ~/.local/opt/voice-dev-agent/        the bundle
#   ~/.local/bin/voice-dev-agent         a link to its executable
#   ~/.local/share/applications/…        the desktop entry (menu)
#   ~/.local/share/icons/hicolor/…       the icon
# Usage: install-user.sh [BUNDLE_DIR]   (default: the folder this script is in)
# Uninstall with uninstall-user.sh, which reads the manifest written here.
set -euo pipefail

BUNDLE="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}"
if [[ ! -x "$BUNDLE/voice-dev-agent" ]]; then
  echo "No bundle found in $BUNDLE (expected an executable named voice-dev-agent)." >&2
  exit 1
fi

OPT="$HOME/.local/opt/voice-dev-agent"
BIN="$HOME/.local/bin"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
APPS="$DATA/applications"
ICONS="$DATA/icons/hicolor/scalable/apps"

if [[ "$(cd "$BUNDLE" && pwd -P)" != "$(mkdir -p "$OPT" && cd "$OPT" && pwd -P)" ]]; then
  # Copy into a fresh folder first and swap it in, so a failed copy leaves the old install working.
  staging="$(mktemp -d "$HOME/.local/opt/.voice-dev-agent.XXXXXX")"
  cp -a "$BUNDLE/." "$staging/"
  rm -rf "$OPT"
  mv "$staging" "$OPT"
fi

mkdir -p "$BIN" "$APPS" "$ICONS"
ln -sfn "$OPT/voice-dev-agent" "$BIN/voice-dev-agent"
icon_src="$OPT/_internal/resources/icons/voice-dev-agent.svg"
[[ -f "$icon_src" ]] || icon_src="$(find "$OPT" -path '*resources/icons/voice-dev-agent.svg' -print -quit)"
if [[ -n "$icon_src" && -f "$icon_src" ]]; then cp "$icon_src" "$ICONS/voice-dev-agent.svg"; fi

cat >"$APPS/voice-dev-agent.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Voice Dev Agent
Comment=Ask about your repository out loud
Exec="$OPT/voice-dev-agent"
Icon=voice-dev-agent
Terminal=false
Categories=Development;
Keywords=voice;assistant;git;build;
StartupNotify=false
DESKTOP

cat >"$OPT/.install-manifest" <<MANIFEST
$BIN/voice-dev-agent
$APPS/voice-dev-agent.desktop
$ICONS/voice-dev-agent.svg
MANIFEST

command -v update-desktop-database >/dev/null && update-desktop-database -q "$APPS" 2>/dev/null || true
echo "Installed Voice Dev Agent in $OPT."
case ":$PATH:" in *":$BIN:"*) ;; *) echo "Add $BIN to your PATH to run 'voice-dev-agent' from a terminal." ;; esac
