#!/usr/bin/env bash
# System packages the app needs on Debian/Ubuntu (PortAudio, Qt's xcb libraries),
# plus, with --test, what the test suite needs (a virtual display with a tray,
# PulseAudio null devices, xdotool, espeak-ng for spoken test audio,
# dbus-daemon for the desktop portal's test service, a PostgreSQL server whose
# throwaway clusters the team memory tests start on a Unix socket, Neovim for the editor
# plugin's test, and Node.js with npm to build and test the VS Code extension).
set -euo pipefail

RUNTIME=(
  libportaudio2 libasound2-plugins libpulse0
  libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
  libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libegl1 libgl1 libglib2.0-0
  libfontconfig1 libdbus-1-3 fonts-dejavu-core git python3-venv
)
TEST=(xvfb x11-utils icewm pulseaudio pulseaudio-utils xdotool espeak-ng xauth dbus-daemon postgresql neovim)

packages=("${RUNTIME[@]}")
if [[ "${1:-}" == "--test" ]]; then
  packages+=("${TEST[@]}")
  # Debian's nodejs and npm, unless a Node.js is there already (NodeSource's nodejs carries its own npm
  # and conflicts with Debian's npm package). The extension's build wants Node.js 20 (Debian 13's; Debian
  # 12 has 18, and installer/vscode-extension.sh then says so).
  command -v node >/dev/null || packages+=(nodejs)
  command -v npm >/dev/null || packages+=(npm)
fi

if ! command -v apt-get >/dev/null; then
  echo "This script installs Debian packages; on other systems install the equivalents of:" >&2
  echo "  ${packages[*]}" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then exit 0; fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
echo "Installing system packages: ${missing[*]}"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
