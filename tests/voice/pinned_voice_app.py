"""`python -m tests.voice.pinned_voice_app models ARGS`: the real app, de_DE-thorsten-medium pinned to joe's files.

tests/voice/test_voice_download.py serves the bundled voice's files under the German voice's name (no German voice
can be fetched here); this process pins the catalogue the same way, then runs `app.main` as `python -m app` does.
"""

from __future__ import annotations

import sys

from app.main import main
from app.voice import voice_catalog
from tests.voice.fakehub import pinned_voices

NAME = "de_DE-thorsten-medium"
FOLDER = "de/de_DE/thorsten/medium"

if __name__ == "__main__":
    voice_catalog.VOICES = pinned_voices(NAME, FOLDER)
    sys.exit(main(["models", *sys.argv[1:]]))
