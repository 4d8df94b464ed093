"""`python -m tests.voice.pinned_app ARGS`: the real app in its own process, base.en pinned to the test hub's files.

The fake hub serves the bundled tiny.en's files as "base.en"; the app's catalogue keeps base.en's real
hashes and would refuse them (as it must refuse any other upload under that name), so this process
pins base.en to what the test hub serves and then runs `app.main` exactly as `python -m app` does.
"""

from __future__ import annotations

import sys

from app.main import main
from app.voice import model_catalog, models
from tests.voice.fakehub import pinned_catalogue

if __name__ == "__main__":
    model_catalog.CATALOG = pinned_catalogue("base.en", models.default_whisper_dir())
    sys.exit(main(sys.argv[1:]))
