"""Settings → Speech: choosing, downloading (with progress and cancel) and removing models, offscreen Qt.

Downloads go through the real hub client to a hub on loopback serving the bundled model's files.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.ui.speech_models import SpeechModels
from app.voice import model_catalog, models
from tests.voice.fakehub import FakeHub, pin_catalogue

pytestmark = pytest.mark.slow
MB = 1_000_000


@pytest.fixture
def hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.delenv("HF_TOKEN", raising=False)
    pin_catalogue(monkeypatch, "base.en", models.default_whisper_dir())
    with FakeHub({model_catalog.get("base.en").repo_id: models.default_whisper_dir()}) as server:
        monkeypatch.setenv("HF_ENDPOINT", server.url)
        yield server


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[SpeechModels]:
    widget = SpeechModels()
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    widget.shutdown()


def test_every_model_shows_size_and_trade_off_and_only_downloaded_ones_can_be_chosen(panel: SpeechModels) -> None:
    panel.set_chosen("tiny.en")
    assert panel.radios["tiny.en"].isChecked() and panel.radios["tiny.en"].isEnabled()
    assert "78 MB · bundled, works offline" in panel.details["tiny.en"].text()
    for name in ("base.en", "distil-small.en", "small.en"):
        assert not panel.radios[name].isEnabled() and panel.buttons[name].text() == "Download"
        assert model_catalog.get(name).trade_off in panel.details[name].text()
    assert "487 MB · download to use" in panel.details["small.en"].text()
    assert not panel.buttons["tiny.en"].isVisible(), "the bundled model cannot be removed"
    assert not panel.progress.isVisible()


def test_download_shows_progress_then_the_model_is_chosen_with_its_speed(
    qtbot: QtBot, panel: SpeechModels, hub: FakeHub
) -> None:
    hub.faults.bytes_per_second = 60 * MB
    labels: list[str] = []
    panel.progress.valueChanged.connect(lambda _v: labels.append(panel.progress_label.text()))
    with qtbot.waitSignal(panel.download_done, timeout=120_000) as done:
        qtbot.mouseClick(panel.buttons["base.en"], Qt.MouseButton.LeftButton)
        assert panel.progress.isVisible() and panel.cancel_button.isEnabled()
        assert not panel.buttons["small.en"].isEnabled(), "one download at a time"
    assert done.args == ["base.en", ""]
    assert any("MB of 78 MB" in text and "/s" in text and "left" in text for text in labels), labels[:5]
    assert not panel.progress.isVisible()
    assert panel.chosen() == "base.en" and panel.radios["base.en"].isChecked()
    assert "downloaded" in panel.details["base.en"].text()
    assert "s per second of speech here" in panel.details["base.en"].text()
    assert "current model keeps working" in panel.status.text()
    assert panel.buttons["base.en"].text() == "Remove"

    qtbot.mouseClick(panel.buttons["base.en"], Qt.MouseButton.LeftButton)
    assert panel.chosen() == "tiny.en" and not panel.radios["base.en"].isEnabled()
    assert "download to use" in panel.details["base.en"].text()


def test_cancel_keeps_the_part_and_says_the_next_download_resumes(
    qtbot: QtBot, panel: SpeechModels, hub: FakeHub
) -> None:
    hub.faults.bytes_per_second = 20 * MB
    qtbot.mouseClick(panel.buttons["base.en"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.progress.value() > 50, timeout=30_000)
    with qtbot.waitSignal(panel.download_done, timeout=30_000) as done:
        qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    assert "cancelled" in done.args[1]
    assert "resumes" in panel.status.text() and not panel.progress.isVisible()
    assert "downloaded, resumes" in panel.details["base.en"].text()
    assert panel.chosen() == "tiny.en" and not panel.radios["base.en"].isEnabled()


def test_offline_download_says_so_and_changes_nothing(
    qtbot: QtBot, panel: SpeechModels, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeHub({}) as dead:
        monkeypatch.setenv("HF_ENDPOINT", dead.url)
    with qtbot.waitSignal(panel.download_done, timeout=30_000):
        qtbot.mouseClick(panel.buttons["small.en"], Qt.MouseButton.LeftButton)
    assert "offline" in panel.status.text() and panel.chosen() == "tiny.en"
    assert panel.buttons["small.en"].isEnabled() and panel.buttons["small.en"].text() == "Download"
