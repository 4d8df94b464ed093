"""`python -m app bench --voice`: how fast and how accurate the ears and the mouth are here.

Speech comes from espeak-ng (cached under the cache folder). Streaming is measured by
feeding the recording in 100 ms blocks at FEED_SPEED times real time while "the key is
held" (1.0: the worker gets exactly the time it would get live; faster feeding would only
make streaming look worse), and release → final text is timed from the last block on,
exactly as after a real release. The one-pass figure is a transcription of the whole
recording started at the same moment. First audio latency is measured at the playback
callback (when the first sample of the sentence is handed to the device), with the output
prepared when listening started as the app does, and needs an output device.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from app.core import paths
from app.voice.transcriber import SAMPLE_RATE, Transcriber, read_audio
from app.voice.vocabulary import Vocabulary

RELEASE_LAG = 0.4  # seconds between the last word and letting go of the key
FEED_SPEED = 1.0
STREAM_RUNS = 3  # real-time feeding is slow: at most this many streaming runs per length
BLOCK = SAMPLE_RATE // 10

UTTERANCES = {
    "3s": "Why is the build red? Check the last commit.",
    "8s": "Can you look at the last three commits? One of them changed the settings loader, "
    "and I want to know which one.",
    "20s": "Please open the session manager and check why the build failed this morning. "
    "I think the change in the review orchestrator broke the tests, because the list of "
    "changed files is now empty. Run the tests in the agent folder, then tell me which test "
    "fails first, and show the error on screen.",
}

# (what is said, identifiers a correct transcript contains) over the sample repository.
IDENTIFIER_SET: list[tuple[str, tuple[str, ...]]] = [
    ("Why does the review orchestrator skip the first file?", ("ReviewOrchestrator",)),
    ("Open the changed file class and explain it.", ("ChangedFile",)),
    ("Is the session manager thread safe?", ("SessionManager",)),
    ("Where is the token budget computed?", ("TokenBudget",)),
    ("Run pie test on the memory store.", ("pytest", "MemoryStore")),
    ("What does parse chord return for an empty string?", ("parse_chord",)),
    ("Explain the retry policy to me.", ("RetryPolicy",)),
    ("Does the hotkey listener ignore key repeats?", ("HotkeyListener",)),
    ("Why is load settings so slow?", ("load_settings",)),
    ("Who calls the sentence splitter?", ("SentenceSplitter",)),
]

SAMPLE_FILES = {
    "src/review/review_orchestrator.py": "class ReviewOrchestrator:\n    def run(self) -> None: ...\n",
    "src/review/changed_file.py": "from dataclasses import dataclass\n\n@dataclass\nclass ChangedFile:\n"
    "    path: str\n",
    "src/session/session_manager.py": "class SessionManager:\n    pass\n\nclass TokenBudget:\n    limit = 0\n",
    "src/memory/memory_store.py": "class MemoryStore:\n    pass\n\ndef load_settings() -> dict: ...\n",
    "src/input/hotkeys.py": "def parse_chord(text: str) -> list[str]: ...\n\nclass HotkeyListener:\n    pass\n",
    "src/net/retry.py": "class RetryPolicy:\n    attempts = 3\n",
    "src/speech/text.py": "class SentenceSplitter:\n    pass\n",
    "tests/test_review.py": "from review.review_orchestrator import ReviewOrchestrator\n\n"
    "def test_review_orchestrator_runs() -> None:\n    ReviewOrchestrator().run()\n",
    "README.md": "# Sample\nA sample project.\n",
}


def make_sample_repo(parent: Path) -> Path:
    """A small git repository whose identifiers the IDENTIFIER_SET mentions."""
    repo = parent / "sample-project"
    for rel, text in SAMPLE_FILES.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    env = {"GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com", "HOME": str(parent)}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "sample"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)
    return repo


def espeak_wav(text: str, folder: Path, *, voice: str = "en-us", speed: int = 165) -> Path:
    """A WAV of `text` spoken by espeak-ng, cached in `folder` by content."""
    key = hashlib.sha256(f"{voice}|{speed}|{text}".encode()).hexdigest()[:16]
    path = folder / f"{key}.wav"
    if not path.is_file():
        if shutil.which("espeak-ng") is None:
            raise RuntimeError("espeak-ng is not installed")
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, suffix=".wav", delete=False) as tmp:
            pass
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", tmp.name, text], check=True,
                       capture_output=True, timeout=60)
        Path(tmp.name).replace(path)
    return path


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def word_accuracy(reference: str, hypothesis: str) -> float:
    """1 - word error rate (edit distance over words), floored at 0."""
    ref, hyp = words(reference), words(hypothesis)
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return max(0.0, 1.0 - row[len(hyp)] / max(1, len(ref)))


# Everyday questions with no identifier in them: the vocabulary must not make these worse.
ORDINARY_QUESTIONS = [
    "Why is the build red?",
    "What was I doing on Friday?",
    "Run the tests.",
    "What branch am I on?",
    "Show me the last commit.",
    "Which tests are failing?",
    "What changed since yesterday?",
    "Explain this error to me.",
    "Start a new session.",
    "Read me the notes from last week.",
]
PADS = (0.3, 0.6)  # seconds of silence before the speech: Whisper's reading shifts with the offset


def padded(samples: np.ndarray, pad: float) -> np.ndarray:
    """`samples` with `pad` seconds of silence either side, like a real hold of the key."""
    silence = np.zeros(int(pad * SAMPLE_RATE), np.float32)
    return np.concatenate([silence, samples, silence])


def vocabulary_effect(
    transcriber: Transcriber,
    vocabulary: Vocabulary,
    identifier_set: list[tuple[str, tuple[str, ...]]],
    audio: Callable[[str], np.ndarray],
) -> dict[str, float]:
    """Without and with `vocabulary`, at each of PADS: word accuracy on ORDINARY_QUESTIONS,
    the share of expected identifiers spelled exactly on `identifier_set`, and the median
    seconds one transcription takes."""
    acc: dict[str, list[float]] = {"without": [], "with": []}
    hits = {"without": 0, "with": 0}
    seconds: dict[str, list[float]] = {"without": [], "with": []}
    total = 0

    def both(samples: np.ndarray) -> dict[str, str]:
        out = {}
        for key, vocab in (("without", None), ("with", vocabulary)):
            started = time.perf_counter()
            out[key] = transcriber.transcribe(samples, vocab)
            seconds[key].append(time.perf_counter() - started)
        return out

    for pad in PADS:
        for said in ORDINARY_QUESTIONS:
            for key, text in both(padded(audio(said), pad)).items():
                acc[key].append(word_accuracy(said, text))
        for said, expected in identifier_set:
            total += len(expected)
            for key, text in both(padded(audio(said), pad)).items():
                hits[key] += sum(name in text for name in expected)
    return {
        "ordinary_without": round(statistics.mean(acc["without"]), 3),
        "ordinary_with": round(statistics.mean(acc["with"]), 3),
        "identifiers_without": round(hits["without"] / total, 3),
        "identifiers_with": round(hits["with"] / total, 3),
        "seconds_without": _median(seconds["without"]),
        "seconds_with": _median(seconds["with"]),
    }


def _stream(transcriber: Transcriber, audio: np.ndarray) -> tuple[float, str, float, bool]:
    """(release → text seconds, text, tail seconds, guessed) for one simulated hold of the key."""
    stream = transcriber.stream()
    for start in range(0, audio.size, BLOCK):
        stream.feed(audio[start : start + BLOCK])
        time.sleep(BLOCK / SAMPLE_RATE / FEED_SPEED)
    released = time.perf_counter()
    text = stream.finish()
    return time.perf_counter() - released, text, stream.tail_seconds, stream.guessed


def _held(samples: np.ndarray) -> np.ndarray:
    """The recording of a hold: people let go of the key a beat after their last word."""
    return np.concatenate([samples, np.zeros(int(RELEASE_LAG * SAMPLE_RATE), np.float32)])


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 3) if values else float("nan")


def _first_audio_latency(runs: int) -> dict[str, Any]:
    from app.core.errors import AudioDeviceError
    from app.voice.playback import resolve_output_device
    from app.voice.speaker import Speaker

    try:
        resolve_output_device("")
    except AudioDeviceError as exc:
        return {"first_audio_ms": None, "note": str(exc)}
    speaker = Speaker()
    speaker.load()
    latencies = []
    sentence = "The build is red because two tests fail in the review orchestrator. "
    for _ in range(runs):
        speaker.prepare()  # the app does this when listening starts
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


def run_voice_bench(runs: int, echo: bool) -> dict[str, Any]:
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
    say(f"model load (first in this process / median of {len(loads_w)}): whisper {loads['whisper_first']} / "
        f"{loads['whisper']} s, piper {loads['piper_first']} / {loads['piper']} s")

    say(f"release → final text (streaming fed at {FEED_SPEED}× real time vs one pass after release; "
        f"key released {RELEASE_LAG} s after the last word):")
    rtfs = []
    for name, text in UTTERANCES.items():
        audio = _held(read_audio(espeak_wav(text, audio_dir)))
        duration = audio.size / SAMPLE_RATE
        whole_t, stream_t, tails, acc_w, acc_s, guesses = [], [], [], [], [], 0
        for _ in range(min(runs, STREAM_RUNS)):
            started = time.perf_counter()
            whole = transcriber.transcribe(audio)
            whole_t.append(time.perf_counter() - started)
            seconds, streamed, tail, guessed = _stream(transcriber, audio)
            guesses += guessed
            stream_t.append(seconds)
            tails.append(tail)
            acc_w.append(word_accuracy(text, whole))
            acc_s.append(word_accuracy(text, streamed))
        rtfs.append(statistics.median(whole_t) / duration)
        row = {
            "audio_seconds": round(duration, 2),
            "whole_pass_seconds": _median(whole_t),
            "streaming_tail_seconds": _median(stream_t),
            "tail_audio_seconds": _median(tails),
            "ratio": round(statistics.median(stream_t) / statistics.median(whole_t), 2),
            "word_accuracy_whole": _median(acc_w),
            "word_accuracy_streaming": _median(acc_s),
            "final_text_ready_at_release": f"{guesses}/{len(stream_t)}",
        }
        results[f"utterance_{name}"] = row
        say(f"  {name} ({row['audio_seconds']} s): whole {row['whole_pass_seconds']} s, streaming "
            f"{row['streaming_tail_seconds']} s (ratio {row['ratio']}, tail audio {row['tail_audio_seconds']} s); "
            f"word accuracy whole {row['word_accuracy_whole']}, streaming {row['word_accuracy_streaming']}; "
            f"text guessed before release {row['final_text_ready_at_release']}")
    results["transcription_rtf"] = _median(rtfs)

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
    say(f"first sentence ready → first audio sample out: {latency.get('first_audio_ms')} ms "
        f"{latency.get('note', '')}".rstrip())

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
    say(f"  identifiers spelled right ({len(IDENTIFIER_SET)} questions): without {effect['identifiers_without']:.0%}, "
        f"with {effect['identifiers_with']:.0%}")
    say(f"  word accuracy of {len(ORDINARY_QUESTIONS)} everyday questions: without {effect['ordinary_without']:.3f}, "
        f"with {effect['ordinary_with']:.3f}")
    say(f"  one transcription (median): without {effect['seconds_without']} s, with {effect['seconds_with']} s "
        f"(a plain decode was added to check {checked} of {asked} hotword decodes)")
    return results
