#!/usr/bin/env bash
# Remove a per-user install made by install-user.sh: the bundle, its link, desktop entry,
# icon and autostart entry. Your memory, settings and the API key in the keyring stay unless you pass --purge.
set -euo pipefail

OPT="$HOME/.local/opt/voice-dev-agent"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
CONFIG="${XDG_CONFIG_HOME:-$HOME/.config}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}"
STATE="${XDG_STATE_HOME:-$HOME/.local/state}"

if [[ -f "$OPT/.install-manifest" ]]; then
  while IFS= read -r path; do
    [[ -n "$path" ]] && rm -f -- "$path"
  done <"$OPT/.install-manifest"
fi
# Also the fixed locations, in case the manifest was lost.
rm -f -- "$HOME/.local/bin/voice-dev-agent" "$DATA/applications/voice-dev-agent.desktop" \
  "$DATA/icons/hicolor/scalable/apps/voice-dev-agent.svg" "$CONFIG/autostart/voice-dev-agent.desktop"
rm -rf -- "$OPT"
rmdir "$HOME/.local/opt" 2>/dev/null || true

if [[ "${1:-}" == "--purge" ]]; then
  rm -rf -- "$DATA/voice-dev-agent" "$CONFIG/voice-dev-agent" "$CACHE/voice-dev-agent" "$STATE/voice-dev-agent"
  # The API key saved in Settings lives in the Secret Service under these attributes (python keyring's).
  if command -v secret-tool >/dev/null; then
    secret-tool clear service voice-dev-agent username anthropic-api-key 2>/dev/null || true
    echo "Removed Voice Dev Agent and its data (memory, settings, logs, the API key in the keyring)."
  else
    echo "Removed Voice Dev Agent and its data (memory, settings, logs). secret-tool is missing, so an API key saved in the keyring stays: remove 'voice-dev-agent' in your desktop's passwords app (Seahorse, KWalletManager)."
  fi
else
  echo "Removed Voice Dev Agent. Your memory and settings are kept in $DATA/voice-dev-agent and $CONFIG/voice-dev-agent (use --purge to remove them)."
fi
command -v update-desktop-database >/dev/null && update-desktop-database -q "$DATA/applications" 2>/dev/null || true
