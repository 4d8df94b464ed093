#!/usr/bin/env bash
# Build the VS Code extension (editors/vscode) into a .vsix: `npm ci` (the pinned packages of its
# package-lock.json, from the npm registry), tsc, then `vsce package`. Prints the .vsix's path, and
# only that, on stdout; npm's and vsce's own output goes to stderr. Install the file with
# `code --install-extension FILE`, or run `voice-dev-agent editor install vscode`, which does both.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXT="$ROOT/editors/vscode"
OUT="$ROOT/build/vscode"

for tool in node npm; do
  if ! command -v "$tool" >/dev/null; then
    echo "The VS Code extension is built with Node.js and npm; \`installer/system-deps.sh --test\` installs them." >&2
    exit 2
  fi
done

# vsce's locked dependencies (cheerio, undici, the Azure client) declare Node.js 20 or newer.
major="$(node -p 'process.versions.node.split(".")[0]')"
if ((major < 20)); then
  echo "Building the VS Code extension needs Node.js 20 or newer (found $(node --version)): Debian 13 ships it," >&2
  echo "Debian 12 has 18; install 20 from NodeSource or nodejs.org. The extension itself runs on VS Code's own Node." >&2
  exit 2
fi

mkdir -p "$OUT"
# Two builds at once (two test workers) would delete each other's node_modules: one at a time.
exec 9>"$OUT/.lock"
if command -v flock >/dev/null; then flock 9; fi

cd "$EXT"
# npm ci starts from nothing each time (10-30 s); it is skipped when node_modules came from this very lock file.
stamp="node_modules/.voice-dev-agent-lock"
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error >&2
  cp package-lock.json "$stamp"
fi
# Compiled beside and swapped in, so a test already running the compiled code never sees half a folder.
rm -rf out.new out.old
node_modules/.bin/tsc -p . --outDir out.new >&2
if [[ -d out ]]; then mv out out.old; fi
mv out.new out
rm -rf out.old

version="$(node -p 'require("./package.json").version')"
vsix="$OUT/voice-dev-agent-$version.vsix"
rm -f "$vsix"
# No runtime dependencies to bundle; stdin closed so a question from vsce fails instead of waiting.
node_modules/.bin/vsce package --no-dependencies --allow-missing-repository --out "$vsix" </dev/null >&2
echo "$vsix"
