"""`python -m app transcribe FILE [--repo PATH] [--stream [--json]]`: the text of a recording, as the app hears it.

With --stream the file goes through the same streaming path as a held key, in real time, and
the key is let go RELEASE_LAG seconds after the file ends: how a person (or a test) checks what
the app hears while the key is held, and how long the text takes after the release.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from app import APP_NAME
from app.core import settings as settings_module
from app.core.errors import UserFacingError
from app.core.repos import find_root
from app.voice import SAMPLE_RATE
from app.voice.model_store import folder_for
from app.voice.streaming import StreamingTranscription, feed_as_held
from app.voice.transcriber import Transcriber, read_audio
from app.voice.vocabulary import Vocabulary


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "transcribe",
        help="transcribe an audio file with the local model (silence prints nothing)",
        description="Print the text of an audio file (WAV or anything ffmpeg reads), transcribed "
        "on this computer. With --repo, the repository's identifiers are used as vocabulary.",
    )
    parser.add_argument("file", metavar="FILE", help="the recording, e.g. question.wav")
    parser.add_argument("--repo", metavar="PATH", help="use this repository's vocabulary")
    parser.add_argument(
        "--stream",
        action="store_true",
        help=f"feed the file in real time as a held key would, let go {RELEASE_LAG} s after it ends",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="with --stream: print the text, release → text seconds and whether a guess was used",
    )
    parser.set_defaults(func=run)


RELEASE_LAG = 0.4  # seconds between the end of the file and letting go of the key


def run(args: argparse.Namespace) -> int:
    loaded = settings_module.load()
    try:
        samples = read_audio(Path(args.file))
    except ValueError as exc:
        raise UserFacingError(f"Cannot read {args.file}: {exc}.") from exc
    vocabulary = None
    if args.repo:
        repo = find_root(Path(args.repo))
        vocabulary = Vocabulary.for_active_repository(repo, loaded.settings)
    if args.json and not args.stream:
        raise UserFacingError("--json goes with --stream.", hint=f"Run: {APP_NAME} transcribe --stream --json FILE")
    transcriber = Transcriber(folder_for(loaded.settings), language=loaded.settings.speech_language)
    if not args.stream:
        text = transcriber.transcribe(samples, vocabulary)
        if text:
            print(text)
        return 0
    transcriber.load()  # before the key goes down, as the app has it loaded
    stream = StreamingTranscription(transcriber, vocabulary)
    held = np.concatenate([samples, np.zeros(int(RELEASE_LAG * SAMPLE_RATE), np.float32)])
    feed_as_held(stream, held, realtime=True)
    released = time.perf_counter()
    text = stream.finish()
    seconds = time.perf_counter() - released
    if args.json:
        print(json.dumps({"text": text, "release_to_text_seconds": round(seconds, 3), "guess_used": stream.guessed}))
    elif text:
        print(text)
    return 0
