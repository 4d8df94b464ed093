"""What the user reads when the microphone fails: PortAudio's own errors turned into advice."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import sounddevice

from app.voice.devices import Device, open_error

MIC = Device(index=3, name="USB Audio: Mic (hw:1,0)", default_samplerate=48_000.0, max_channels=1)


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (sounddevice.PortAudioError("Device unavailable", -9985), "in use by another program"),
        (sounddevice.PortAudioError("Error opening InputStream: Device or resource busy", -9999), "in use"),
        (sounddevice.PortAudioError("Invalid device", -9996), "no longer available"),
        (sounddevice.PortAudioError("Unanticipated host error", -9999), "could not be opened"),
    ],
)
def test_portaudio_failures_become_advice(error: Exception, words: str) -> None:
    problem = open_error(error, MIC)
    assert words in problem.message
    assert "USB Audio: Mic (hw:1,0)" in problem.message
    assert "Settings, Audio" in problem.hint


@pytest.mark.slow
def test_without_any_sound_device_recording_says_so(app_home: Path) -> None:
    """A headless box: PortAudio finds nothing, the press explains instead of crashing."""
    script = (
        "from app.core.errors import AudioDeviceError\n"
        "from app.voice.audio import Recorder\n"
        "r = Recorder()\n"
        "for attempt in range(2):\n"
        "    try:\n"
        "        r.start()\n"
        "    except AudioDeviceError as exc:\n"
        "        print(exc)\n"
        "print(r.stop().is_speech)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PULSE_SERVER",)}
    env["PULSE_RUNTIME_PATH"] = str(app_home / "nowhere")
    result = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == lines[1]  # the same clear message each time, nothing stuck
    assert "No microphone was found" in lines[0] or "no default microphone" in lines[0].lower()
    assert lines[2] == "False"
