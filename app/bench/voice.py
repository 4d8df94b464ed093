"""`python -m app bench --voice`: how fast and how accurate the ears and the mouth are here.

Speech comes from espeak-ng and the Piper voice (cached under the cache folder). Streaming is
measured by feeding the recording in 100 ms blocks while "the key is held", at the worker's
pace (`feed_as_held`: a pass gets exactly the time it would get live, and only the time in
which the worker waits for its next look is skipped, since its choices count samples, not
seconds), and release → final text is timed on the wall clock from the last block on, exactly
as after a real release. The one-pass figure is a transcription of the whole recording after
release, on the same recording. First audio latency is measured at the playback
callback (when the first sample of the sentence is handed to the device), with the output
opened when listening started by the start cue, as the app does (sound cues on, the default),
and needs an output device.
"""

from __future__ import annotations

import hashlib
import re
import statistics
import tempfile
import time
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from app.bench.speech import UTTERANCES, espeak_wav, word_accuracy
from app.bench.vocabulary import (
    EVERYDAY_SENTENCES,
    IDENTIFIER_SET,
    ORDINARY_QUESTIONS,
    PADS,
    make_sample_repo,
    vocabulary_effect,
)
from app.core import paths
from app.voice import SAMPLE_RATE
from app.voice.resampler import resample
from app.voice.streaming import StreamingTranscription, feed_as_held
from app.voice.transcriber import Transcriber, read_audio
from app.voice.vocabulary import Vocabulary

RELEASE_LAG = 0.4  # seconds between the last word and letting go of the key
FEED_SPEED = 1.0
STREAM_RUNS = 3  # streaming runs per length in the models bench
BLOCK = SAMPLE_RATE // 10
QUESTIONS_PER_LENGTH = 30
LENGTHS = (("short", 0.0, 4.0), ("medium", 4.0, 10.0), ("long", 10.0, 28.0))  # seconds of speech
GOAL_MEDIAN, GOAL_SLOWEST = 0.4, 0.6  # release → text, seconds


def _stream(transcriber: Transcriber, audio: np.ndarray) -> tuple[float, str, float, bool]:
    """(release → text seconds, text, tail seconds, guessed) for one simulated hold of the key."""
    stream = StreamingTranscription(transcriber)
    feed_as_held(stream, audio, block=BLOCK)
    released = time.perf_counter()
    text = stream.finish()
    return time.perf_counter() - released, text, stream.tail_seconds, stream.guessed


def _held(samples: np.ndarray) -> np.ndarray:
    """The recording of a hold: people let go of the key a beat after their last word."""
    return np.concatenate([samples, np.zeros(int(RELEASE_LAG * SAMPLE_RATE), np.float32)])


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 3) if values else float("nan")


def _candidates() -> list[str]:
    """Questions of one to seven everyday sentences, in a fixed order (the bench is paired, not sampled)."""
    sentences = list(EVERYDAY_SENTENCES)
    found = [*UTTERANCES.values()]
    for size in (1, 2, 3, 4, 5, 6, 7):
        found += [" ".join(sentences[i : i + size]) for i in range(0, len(sentences) - size + 1, max(1, size - 1))]
    return found


def _errors(reference: str, heard: str) -> int:
    """Words wrong: the edit distance over words."""
    return round((1.0 - word_accuracy(reference, heard)) * max(1, len(reference.split())))


def _piper_audio(speaker: Any, text: str, folder: Path) -> np.ndarray:
    """Piper's voice saying `text` at 16 kHz, cached: its voice varies from run to run, and the
    bench compares two versions of the app on the same recordings."""
    key = hashlib.sha256(f"piper|{text}".encode()).hexdigest()[:16]
    path = folder / f"{key}.wav"
    if not path.is_file():
        samples, rate = speaker.synthesize(text)
        folder.mkdir(parents=True, exist_ok=True)
        pcm = np.clip(resample(samples, rate) * 32767.0, -32767, 32767).astype("<i2")
        tmp = path.with_suffix(".tmp")
        with wave.open(str(tmp), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(SAMPLE_RATE)
            out.writeframes(pcm.tobytes())
        tmp.replace(path)
    return read_audio(path)


def question_sets(
    voices: dict[str, Callable[[str], np.ndarray]], per_length: int
) -> dict[str, list[tuple[str, np.ndarray]]]:
    """`per_length` questions of each length in each voice: (text, the recording), sorted by speech length."""
    sets: dict[str, list[tuple[str, np.ndarray]]] = {}
    for voice, say in voices.items():
        buckets: dict[str, list[tuple[str, np.ndarray]]] = {name: [] for name, _lo, _hi in LENGTHS}
        for text in _candidates():
            if all(len(found) >= per_length for found in buckets.values()):
                break
            samples = say(text)
            seconds = samples.size / SAMPLE_RATE
            for name, lo, hi in LENGTHS:
                if lo <= seconds < hi and len(buckets[name]) < per_length:
                    buckets[name].append((text, samples))
        for name, found in buckets.items():
            sets[f"{voice} {name}"] = found
    return sets


def compare_modes(
    transcriber: Transcriber,
    questions: list[tuple[str, np.ndarray]],
    stream_class: Callable[[Transcriber], Any] = StreamingTranscription,
) -> dict[str, Any]:
    """One pass after release against streaming, question by question, on the same recordings.

    A question whose decode the temperature fallback settled samples, so two passes of the same
    audio can differ: each question gets a second pass, and where the two differ ("sampled"),
    what streaming lost or gained is that chance, counted apart, not what streaming heard.
    """
    lost = gained = differ = guesses = errors_pass = errors_stream = words = 0
    sampled = lost_sampled = gained_sampled = 0
    waits, passes, worse = [], [], []
    for text, samples in questions:
        audio = _held(samples)
        started = time.perf_counter()
        whole = transcriber.transcribe(audio)
        passes.append(time.perf_counter() - started)
        chance = transcriber.transcribe(audio) != whole
        stream = stream_class(transcriber)
        feed_as_held(stream, audio, block=BLOCK)
        released = time.perf_counter()
        streamed = stream.finish()
        waits.append(time.perf_counter() - released)
        guesses += bool(stream.guessed)
        one, two = _errors(text, whole), _errors(text, streamed)
        errors_pass, errors_stream, words = errors_pass + one, errors_stream + two, words + len(text.split())
        worse_by, better_by = max(0, two - one), max(0, one - two)
        lost, gained = lost + worse_by, gained + better_by
        if chance:
            sampled += 1
            lost_sampled, gained_sampled = lost_sampled + worse_by, gained_sampled + better_by
        differ += whole != streamed
        if two > one:
            worse.append({"said": text, "one_pass": whole, "streamed": streamed, "sampled": chance})
    return {
        "questions": len(questions),
        "words": words,
        "audio_seconds_median": _median([(s.size / SAMPLE_RATE) for _t, s in questions]),
        "word_accuracy_one_pass": round(1 - errors_pass / max(1, words), 3),
        "word_accuracy_streamed": round(1 - errors_stream / max(1, words), 3),
        "words_lost": lost,
        "words_gained": gained,
        "sampled": sampled,
        "words_lost_sampled": lost_sampled,
        "words_gained_sampled": gained_sampled,
        "texts_differ": differ,
        "guess_used": guesses,
        "release_to_text_median": _median(waits),
        "release_to_text_slowest": round(max(waits), 3) if waits else float("nan"),
        "one_pass_median": _median(passes),
        "one_pass_slowest": round(max(passes), 3) if passes else float("nan"),
        "worse": worse,
    }


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def _modes_report(
    transcriber: Transcriber, speaker: Any, audio_dir: Path, say: Callable[[str], None]
) -> dict[str, Any]:
    voices: dict[str, Callable[[str], np.ndarray]] = {
        "espeak en-us": lambda text: read_audio(espeak_wav(text, audio_dir)),
        "piper": lambda text: _piper_audio(speaker, text, audio_dir / "piper"),
    }
    started = time.perf_counter()
    sets = question_sets(voices, QUESTIONS_PER_LENGTH)
    say(
        f"streaming against one pass after release, paired, {QUESTIONS_PER_LENGTH} questions per length and voice "
        f"(key let go {RELEASE_LAG} s after the last word; load {_load()}):"
    )
    rows: dict[str, Any] = {"load_before": _load()}
    for name, questions in sets.items():
        row = compare_modes(transcriber, questions)
        rows[name] = row
        met = (
            row["words_lost"] - row["words_lost_sampled"] <= row["words_gained"] - row["words_gained_sampled"]
            and row["release_to_text_median"] <= GOAL_MEDIAN
            and row["release_to_text_slowest"] <= GOAL_SLOWEST
        )
        row["goal_met"] = met
        say(
            f"  {name:20} {row['questions']} questions (median {row['audio_seconds_median']} s): words lost "
            f"{row['words_lost']}, gained {row['words_gained']} ({row['words_lost_sampled']} and "
            f"{row['words_gained_sampled']} of them on {row['sampled']} questions whose two passes differ, by "
            f"sampling; accuracy one pass {row['word_accuracy_one_pass']}, "
            f"streamed {row['word_accuracy_streamed']}); release → text median {row['release_to_text_median']} s, "
            f"slowest {row['release_to_text_slowest']} s (one pass {row['one_pass_median']} / "
            f"{row['one_pass_slowest']} s); guess used {row['guess_used']}; {'goal met' if met else 'GOAL MISSED'}"
        )
        for case in row["worse"][:3]:
            chance = ", sampled" if case["sampled"] else ""
            say(f"      worse streamed: {case['streamed']!r} (one pass {case['one_pass']!r}{chance})")
    rows["load_after"] = _load()
    rows["seconds"] = round(time.perf_counter() - started, 1)
    say(f"  ({rows['seconds']} s; load after {rows['load_after']})")
    return rows


def _first_audio_latency(runs: int) -> dict[str, Any]:
    from app.core.errors import AudioDeviceError
    from app.voice.playback import resolve_output_device
    from app.voice.speaker import Speaker

    try:
        resolve_output_device("")
    except AudioDeviceError as exc:
        return {"first_audio_ms": None, "note": str(exc)}
    speaker = Speaker(keep_timings=True)
    speaker.load()
    latencies = []
    sentence = "The build is red because two tests fail in the review orchestrator. "
    for _ in range(runs):
        speaker.play_cue("listen_start")  # the app's start cue opens the output when listening starts
        time.sleep(2.0)  # listening, transcription and the agent's first tokens take longer than this
        speaker.timings.clear()
        for piece in re.findall(r"\S+\s*", sentence):  # tokens arrive like a streaming reply
            speaker.feed(piece)
            time.sleep(0.02)
        speaker.end()
        speaker.wait(timeout=20)
        ready_at, item = speaker.timings[0]
        latencies.append((item.started_at - ready_at) * 1000)
    speaker.close()
    return {"first_audio_ms": _median(latencies)}


def run_voice_bench(runs: int, echo: bool, language: str = "") -> dict[str, Any]:
    if language and language != "en":  # another language's recognition, beside tiny.en's English
        from app.bench.languages import run_language_bench

        return run_language_bench(language, runs, echo)
    say: Callable[[str], None] = print if echo else (lambda _line: None)
    audio_dir = paths.cache_dir() / "bench-audio"
    results: dict[str, Any] = {"runs": runs, "feed_speed": FEED_SPEED}

    from app.voice.speaker import Speaker

    loads_w, loads_p = [], []
    for _ in range(min(runs, 3)):
        t = Transcriber()
        t.load()
        loads_w.append(t.load_seconds)
        s = Speaker()
        s.load()
        loads_p.append(s.load_seconds)
    transcriber, speaker = t, s
    results["load_seconds"] = {
        "whisper_first": round(loads_w[0], 3),
        "whisper": _median(loads_w),
        "piper_first": round(loads_p[0], 3),
        "piper": _median(loads_p),
    }
    loads = results["load_seconds"]
    say(
        f"model load (first in this process / median of {len(loads_w)}): whisper {loads['whisper_first']} / "
        f"{loads['whisper']} s, piper {loads['piper_first']} / {loads['piper']} s"
    )

    results["modes"] = modes = _modes_report(transcriber, speaker, audio_dir, say)
    results["transcription_rtf"] = _median(
        [row["one_pass_median"] / row["audio_seconds_median"] for row in modes.values() if isinstance(row, dict)]
    )

    synth = []
    sentence = "The build is red because two tests fail in the review orchestrator."
    for _ in range(runs):
        started = time.perf_counter()
        samples, rate = speaker.synthesize(sentence)
        synth.append((time.perf_counter() - started) / (samples.size / rate))
    results["synthesis_rtf"] = _median(synth)
    say(f"real-time factor: transcription {results['transcription_rtf']}, synthesis {results['synthesis_rtf']}")

    latency = _first_audio_latency(runs)
    results.update(latency)
    say(
        f"first sentence ready → first audio sample out: {latency.get('first_audio_ms')} ms "
        f"{latency.get('note', '')}".rstrip()
    )

    with tempfile.TemporaryDirectory() as tmp:
        vocabulary = Vocabulary.for_repository(make_sample_repo(Path(tmp)))
        second_before = transcriber.second_decodes
        effect = vocabulary_effect(
            transcriber, vocabulary, IDENTIFIER_SET, lambda said: read_audio(espeak_wav(said, audio_dir))
        )
    results["vocabulary"] = effect
    checked = transcriber.second_decodes - second_before
    asked = len(PADS) * (len(ORDINARY_QUESTIONS) + len(IDENTIFIER_SET))
    say(f"with the sample repository's vocabulary, over {len(PADS)} audio offsets:")
    say(
        f"  identifiers spelled right ({len(IDENTIFIER_SET)} questions): without {effect['identifiers_without']:.0%}, "
        f"with {effect['identifiers_with']:.0%}"
    )
    say(
        f"  word accuracy of {len(ORDINARY_QUESTIONS)} everyday questions: without {effect['ordinary_without']:.3f}, "
        f"with {effect['ordinary_with']:.3f}"
    )
    say(
        f"  one transcription (median): without {effect['seconds_without']} s, with {effect['seconds_with']} s "
        f"(a plain decode was added to check {checked} of {asked} hotword decodes)"
    )
    return results
