"""PyAV (about 17 MB resident with its FFmpeg libraries) loads only when a file is decoded."""

from __future__ import annotations

import pytest

from tests.fresh_process import run_python

_TRAY_SPEECH = """
import sys
if sys.argv[1] == "tray":  # Qt's import hook looks at every module imported after it, the stand-in too
    import app.ui.application
    from app.ui import import_hook
    if sys.argv[2] == "checked":
        import_hook.read_sources_without_keeping()
from app.voice import first_use, pyav
from app.voice.streaming import StreamingTranscription
from app.voice.transcriber import Transcriber, read_audio
from app.voice import vad
vad.warm_up()  # the VAD that judges each recording

transcriber = Transcriber()
transcriber.load()
heard = first_use.warm(transcriber)  # what the speech worker does before the app says it is ready
print(pyav.loaded(), "build" in heard.lower())
samples = read_audio(first_use.clip())  # `transcribe FILE`, a model's speed check
print(pyav.loaded(), samples.size)
"""


@pytest.mark.parametrize("process", [("plain", ""), ("tray", "checked"), ("tray", "as PySide6 checks")])
def test_the_app_loads_pyav_only_to_read_a_file(process: tuple[str, str]) -> None:
    done = run_python(_TRAY_SPEECH, *process, timeout=300)
    assert done.returncode == 0, done.stderr
    waiting, reading = done.stdout.split("\n")[:2]
    assert waiting == "False True"  # the model loaded and heard its warm-up without PyAV
    loaded, size = reading.split()
    assert loaded == "True" and int(size) > 16_000 * 5  # the 6 s clip decoded from its file
