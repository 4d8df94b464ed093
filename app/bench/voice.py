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

import re
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from app.bench.speech import UTTERANCES, espeak_wav, word_accuracy
from app.bench.vocabulary import IDENTIFIER_SET, ORDINARY_QUESTIONS, PADS, make_sample_repo, vocabulary_effect
from app.core import paths
from app.voice import SAMPLE_RATE
from app.voice.streaming import StreamingTranscription
from app.voice.transcriber import Transcriber, read_audio
from app.voice.vocabulary import Vocabulary

RELEASE_LAG = 0.4  # seconds between the last word and letting go of the key
FEED_SPEED = 1.0
STREAM_RUNS = 3  # real-time feeding is slow: at most this many streaming runs per length
BLOCK = SAMPLE_RATE // 10

def _stream(transcriber: Transcriber, audio: np.ndarray) -> tuple[float, str, float, bool]:
    """(release → text seconds, text, tail seconds, guessed) for one simulated hold of the key."""
    stream = StreamingTranscription(transcriber)
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
