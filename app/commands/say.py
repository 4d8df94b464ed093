"""`python -m app say TEXT [--out FILE.wav]`: speak text with the local voice, or write it to a WAV."""

from __future__ import annotations

import argparse
import os
import tempfile
import wave
from pathlib import Path
from typing import Any

import numpy as np

from app.core import settings as settings_module
from app.core.errors import UserFacingError
from app.voice.playback import resolve_output_device
from app.voice.speaker import Speaker
from app.voice.speech_text import to_speech


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "say",
        help="speak text (Markdown welcome) with the local voice, or write a WAV",
        description="Speak TEXT as a reply would be spoken (Markdown syntax, code and links are not "
        "read out). With --out, write a 16-bit mono WAV instead; no audio device is needed then.",
    )
    parser.add_argument("text", nargs="+", help="what to say")
    parser.add_argument("--out", metavar="FILE.wav", help="write the speech to this WAV file")
    parser.set_defaults(func=run)


def write_wav(path: Path, samples: np.ndarray, sample_rate: int) -> None:
    """A 16-bit mono WAV, written beside the target and renamed over it (never half-written)."""
    pcm = np.clip(samples * 32767.0, -32767, 32767).astype("<i2")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".wav", dir=path.parent)
    os.close(fd)
    try:
        with wave.open(tmp, "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(sample_rate)
            wav.writeframes(pcm.tobytes())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def run(args: argparse.Namespace) -> int:
    settings = settings_module.load().settings
    speaker = Speaker(settings.piper_voice, settings.output_device, settings.speech_rate, settings.volume)
    text = " ".join(args.text)
    if args.out:
        samples, rate = speaker.synthesize(to_speech(text))
        try:
            write_wav(Path(args.out), samples, rate)
        except OSError as exc:
            raise UserFacingError(f"Cannot write {args.out}: {exc.strerror or exc}.") from exc
        return 0
    resolve_output_device(settings.output_device)  # a missing speaker is one clear error, not a stack
    speaker.load()
    speaker.say(text)
    speaker.wait()
    speaker.close()
    return 0
