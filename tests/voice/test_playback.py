"""The real output path (sounddevice → ALSA → PulseAudio null sink), recorded from the sink's monitor."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from app.core.errors import AudioDeviceError
from app.voice import playback
from app.voice.playback import Player, output_devices, resolve_output_device
from tests.voice.audio_fixtures import MonitorRecording, sound_span, warm_up

RATE = 22050


def tone(seconds: float, freq: float = 440.0, level: float = 0.5) -> np.ndarray:
    t = np.arange(int(seconds * RATE)) / RATE
    return (level * np.sin(2 * np.pi * freq * t)).astype(np.float32)


def test_devices_are_found_by_name(desktop: None) -> None:
    names = output_devices()
    assert names, "PortAudio sees no output device"
    assert resolve_output_device("") is None
    assert resolve_output_device(names[0]) is not None
    assert resolve_output_device(names[0].upper()[:3]) is not None  # part of the name, any case
    with pytest.raises(AudioDeviceError, match="no output device called"):
        resolve_output_device("no such speakers")


def test_queued_audio_plays_without_gaps(desktop: None, tmp_path: Path) -> None:
    player = Player(RATE)
    warm_up(player)
    try:
        with MonitorRecording(tmp_path) as recording:
            for _ in range(4):  # four pieces, as four sentences would arrive
                player.play(tone(0.4))
            assert player.wait(10)
        samples = recording.samples()
    finally:
        player.close()
    start, end = sound_span(samples)
    assert 1.5 < end - start < 1.75
    frame = 160
    body = samples[int(start * 16000) + frame : int(end * 16000) - frame]
    rms = np.sqrt(np.mean(np.square(body[: body.size // frame * frame].reshape(-1, frame)), axis=1))
    assert rms.min() > 0.2, "a gap between queued pieces"


def test_stop_silences_within_100_ms(desktop: None, tmp_path: Path) -> None:
    player = Player(RATE)
    warm_up(player)
    try:
        with MonitorRecording(tmp_path) as recording:
            item = player.play(tone(5.0))
            player.play(tone(5.0))
            time.sleep(1.0)
            player.stop()
            stopped = player.stopped_at
            assert not player.busy
            time.sleep(0.5)
        samples = recording.samples()
    finally:
        player.close()
    start, end = sound_span(samples)
    # The recording and the callback clock share the device latency, so the audible span
    # minus the time from the first sample to stop() is how long stop() took to be heard.
    latency = (end - start) - (stopped - item.started_at)
    assert latency < 0.1, f"still audible {latency * 1000:.0f} ms after stop()"


def test_play_after_stop_works_again(desktop: None, tmp_path: Path) -> None:
    player = Player(RATE)
    try:
        player.play(tone(2.0))
        time.sleep(0.2)
        player.stop()
        with MonitorRecording(tmp_path) as recording:
            player.play(tone(0.5))
            assert player.wait(5)
        start, end = sound_span(recording.samples())
    finally:
        player.close()
    assert 0.4 < end - start < 0.65


def test_the_quiet_comes_again_after_a_sound_played_while_the_last_quiet_was_handled(
    desktop: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The owner's quiet work (the speaker letting its voices go) can take a moment; a reply that starts the
    # output in that moment must still be followed by a quiet of its own, or its voices are held for good.
    monkeypatch.setattr(playback, "IDLE_CLOSE", 0.5)
    quiets: list[float] = []
    player: Player

    def slow_owner() -> None:
        quiets.append(time.monotonic())
        if len(quiets) == 1:
            player.play(np.zeros(2205, np.float32))  # the next reply's first sound, during the quiet
            time.sleep(0.5)

    player = Player(RATE, on_quiet=slow_owner)
    try:
        player.warm()
        deadline = time.monotonic() + 10
        while len(quiets) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(quiets) == 2, "the output stayed up after the sound played during the last quiet"
        assert not player.running
    finally:
        player.close()
