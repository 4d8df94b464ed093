#!/usr/bin/env bash
# The app's translations (issue 42): `update` runs pyside6-lupdate over every file with the app's own words
# (app/ui, and the app/core and app/voice modules that mark words with app.core.ui_text), keeping what is
# translated; `release` compiles each .ts to the .qm the app loads. Both are committed: a fresh install needs
# no Qt tools, and tests/ui/test_translations.py fails when a .qm is older than its .ts or a message is open.
# A new language: `installer/translations.sh update xx` creates voice_dev_agent_xx.ts; translate it in Qt
# Linguist (pyside6-linguist), run `installer/translations.sh release`, add it to LANGUAGES in app/ui/translation.py.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
bin="${VDA_QT_BIN:-$(dirname "$(command -v python3)")}"
[ -x "$bin/pyside6-lupdate" ] || bin="$here/.venv/bin"
dir=resources/translations
sources() { ls app/ui/*.py; grep -rl "from app.core.ui_text import QT_TRANSLATE_NOOP" app/core app/voice | sort; }
case "${1:-}" in
  update)
    shift
    langs=("$@")
    [ ${#langs[@]} -gt 0 ] || langs=($(ls $dir/voice_dev_agent_*.ts | sed 's/.*_\(.*\)\.ts/\1/'))
    for lang in "${langs[@]}"; do
      "$bin/pyside6-lupdate" -locations none -no-obsolete $(sources) -ts "$dir/voice_dev_agent_$lang.ts"
    done ;;
  release)
    for ts in $dir/voice_dev_agent_*.ts; do "$bin/pyside6-lrelease" -silent "$ts" -qm "${ts%.ts}.qm"; done ;;
  *) echo "usage: installer/translations.sh update [lang...] | release" >&2; exit 2 ;;
esac
