"""`python -m app bench --models`: the figures behind the choice of speech model, for each one installed.

Per model: real-time factor on the bundled clip (as the settings show it), release → final
text with streaming for the 3 s and 8 s questions (measured as the voice bench does, by
feeding the recording at real time), and the share of identifiers spelled right with the
sample repository's vocabulary. Models not downloaded are listed as such, not skipped silently.
"""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.bench.speech import UTTERANCES, espeak_wav, word_accuracy
from app.bench.vocabulary import IDENTIFIER_SET, make_sample_repo, vocabulary_effect
from app.bench.voice import STREAM_RUNS, _held, _median, _stream
from app.core import paths
from app.voice import model_store
from app.voice.model_speed import measure_folder
from app.voice.transcriber import SAMPLE_RATE, Transcriber, read_audio
from app.voice.vocabulary import Vocabulary

STREAMED = ("3s", "8s")


def bench_model(folder: Path, runs: int, audio_dir: Path) -> dict[str, Any]:
    """The figures of the model in `folder`."""
    rtf, _seconds = measure_folder(folder)
    transcriber = Transcriber(str(folder))
    transcriber.load()
    row: dict[str, Any] = {"rtf": round(rtf, 3), "load_seconds": round(transcriber.load_seconds, 2)}
    for name in STREAMED:
        text = UTTERANCES[name]
        audio = _held(read_audio(espeak_wav(text, audio_dir)))
        tails, accuracy = [], []
        for _ in range(min(runs, STREAM_RUNS)):
            seconds, streamed, _tail, _guessed = _stream(transcriber, audio)
            tails.append(seconds)
            accuracy.append(word_accuracy(text, streamed))
        row[f"release_to_text_{name}"] = _median(tails)
        row[f"word_accuracy_{name}"] = round(statistics.median(accuracy), 3)
        row[f"audio_seconds_{name}"] = round(audio.size / SAMPLE_RATE, 2)
    with tempfile.TemporaryDirectory() as tmp:
        vocabulary = Vocabulary.for_repository(make_sample_repo(Path(tmp)))
        effect = vocabulary_effect(
            transcriber, vocabulary, IDENTIFIER_SET, lambda said: read_audio(espeak_wav(said, audio_dir))
        )
    row["identifiers_with_vocabulary"] = effect["identifiers_with"]
    row["identifiers_without_vocabulary"] = effect["identifiers_without"]
    row["everyday_word_accuracy"] = effect["ordinary_with"]
    return row


def run_models_bench(runs: int, echo: bool) -> dict[str, Any]:
    say: Callable[[str], None] = print if echo else (lambda _line: None)
    audio_dir = paths.cache_dir() / "bench-audio"
    results: dict[str, Any] = {}
    say("speech models (rtf: seconds of work per second of speech; release → text with streaming):")
    for state in model_store.states():
        name = state.model.name
        if state.folder is None:
            results[name] = {"installed": False}
            say(f"  {name}: not downloaded (python -m app models download {name})")
            continue
        row = bench_model(state.folder, runs, audio_dir)
        results[name] = {"installed": True, **row}
        say(
            f"  {name}: rtf {row['rtf']}, load {row['load_seconds']} s; release → text "
            f"3 s question {row['release_to_text_3s']} s, 8 s question {row['release_to_text_8s']} s; "
            f"word accuracy {row['word_accuracy_3s']} / {row['word_accuracy_8s']}; identifiers spelled right "
            f"{row['identifiers_with_vocabulary']:.0%} with vocabulary "
            f"({row['identifiers_without_vocabulary']:.0%} without); everyday words {row['everyday_word_accuracy']}"
        )
    return results
