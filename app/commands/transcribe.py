"""`python -m app transcribe FILE [--repo PATH]`: the text of a recording, as the app would hear it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.core import settings as settings_module
from app.core.errors import UserFacingError
from app.core.repos import find_root
from app.voice.model_store import folder_for
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
    parser.set_defaults(func=run)


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
    transcriber = Transcriber(folder_for(loaded.settings))
    text = transcriber.transcribe(samples, vocabulary)
    if text:
        print(text)
    return 0
