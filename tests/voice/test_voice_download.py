"""A Piper voice downloaded through the models' path, then chosen for replies in its language and synthesised.

No German voice can be fetched here (none is on PyPI; the hub is out of reach), so the bundled joe voice's
files, served by a hub on loopback under de_DE-thorsten-medium's path in rhasspy/piper-voices and pinned
for this test, stand in for it: what is tested is the way a voice arrives and is used, not how it sounds.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.voice import model_download, models, voice_catalog, voice_store
from app.voice.reply_voice import Choice, ReplyVoices
from app.voice.speaker import Speaker
from tests.voice.fakehub import FakeHub, pinned_voices

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
NAME = "de_DE-thorsten-medium"
FOLDER = "de/de_DE/thorsten/medium"


@pytest.fixture
def hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeHub:
    joe = models.default_piper_voice()
    served = tmp_path / "piper-voices" / FOLDER
    served.mkdir(parents=True)
    (served / f"{NAME}.onnx").symlink_to(joe)
    (served / f"{NAME}.onnx.json").symlink_to(Path(f"{joe}.json"))
    voices = pinned_voices(NAME, FOLDER)
    monkeypatch.setattr(voice_catalog, "VOICES", voices)
    return FakeHub({voice_catalog.PIPER_VOICES: tmp_path / "piper-voices"})


def test_a_voice_arrives_resumed_and_checked_and_speaks_replies_in_its_language(
    app_home: Path, hub: FakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    with hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        hub.faults.cut_after[f"{NAME}.onnx"] = 20_000_000  # the connection breaks once, mid-file
        folder = model_download.download(NAME)
    assert hub.faults.range_requests and hub.faults.range_requests[0][0] == f"{NAME}.onnx"  # resumed, not restarted
    assert sorted(p.name for p in folder.iterdir()) == [f"{NAME}.onnx", f"{NAME}.onnx.json", "manifest.json"]
    voice = voice_catalog.get(NAME)
    installed = voice_store.installed(voice)
    assert installed == folder / f"{NAME}.onnx" and voice_store.voice_for("de") == installed
    voice_store.check(voice)  # the pinned hashes hold

    choice, said = ReplyVoices("en").take(4, "Zwei Tests schlagen fehl, weil die Datei nicht da ist.", True)
    assert choice == Choice("de", str(installed)) and said.startswith("Zwei Tests")
    speaker = Speaker()
    speaker.use_voice(4, str(installed))
    audio, rate = speaker.synthesize("Zwei Tests schlagen fehl.", utterance=4)
    assert rate == speaker.sample_rate and audio.size > rate // 2  # half a second of speech, at least

    listed = subprocess.run(
        [sys.executable, "-m", "tests.voice.pinned_voice_app", "voices"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=dict(os.environ),
    )
    row = next(line for line in listed.stdout.splitlines() if NAME in line)
    assert row.startswith("*") and row.endswith("downloaded"), listed.stdout + listed.stderr
