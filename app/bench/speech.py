"""Spoken test material for the benches and tests: espeak-ng recordings and word accuracy."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import tempfile
import wave
from pathlib import Path

import numpy as np

from app.voice import SAMPLE_RATE

# Questions of about 3, 8 and 20 seconds as espeak-ng says them.
UTTERANCES = {
    "3s": "Why is the build red? Check the last commit.",
    "8s": "Can you look at the last three commits? One of them changed the settings loader, "
    "and I want to know which one.",
    "20s": "Please open the session manager and check why the build failed this morning. "
    "I think the change in the review orchestrator broke the tests, because the list of "
    "changed files is now empty. Run the tests in the agent folder, then tell me which test "
    "fails first, and show the error on screen.",
}


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
        subprocess.run(
            ["espeak-ng", "-v", voice, "-s", str(speed), "-w", tmp.name, text],
            check=True,
            capture_output=True,
            timeout=60,
        )
        Path(tmp.name).replace(path)
    return path


def without_trailing_silence(wav: Path, *, keep: float = 0.02, level: float = 0.01) -> Path:
    """A copy of a 16-bit WAV ending `keep` s after its last sample above `level` of full scale.

    espeak-ng ends every file with about a third of a second of silence: a bench that lets
    go of the key "0.3 s after the last word" must count from the word, not from the file.
    """
    path = wav.with_name(f"{wav.stem}-trimmed.wav")
    if path.is_file() and path.stat().st_mtime >= wav.stat().st_mtime:
        return path
    with wave.open(str(wav), "rb") as source:
        params = source.getparams()
        samples = np.frombuffer(source.readframes(params.nframes), dtype=np.int16)
    if params.sampwidth != 2:
        raise ValueError(f"{wav} is not 16-bit audio")
    loud = np.flatnonzero(np.abs(samples.reshape(-1, params.nchannels)).max(axis=1) > level * 32767)
    end = int(loud[-1]) + 1 + int(keep * params.framerate) if loud.size else 0
    with tempfile.NamedTemporaryFile(dir=wav.parent, suffix=".wav", delete=False) as tmp:
        pass
    with wave.open(tmp.name, "wb") as target:
        target.setparams(params)
        target.writeframes(samples[: end * params.nchannels].tobytes())
    Path(tmp.name).replace(path)
    return path


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def word_edits(ref: list[str], hyp: list[str]) -> int:
    """Words inserted, dropped or changed to turn `ref` into `hyp` (edit distance over words)."""
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[len(hyp)]


def word_accuracy(reference: str, hypothesis: str) -> float:
    """1 - word error rate (edit distance over words), floored at 0."""
    ref = words(reference)
    return max(0.0, 1.0 - word_edits(ref, words(hypothesis)) / max(1, len(ref)))


def padded(samples: np.ndarray, pad: float) -> np.ndarray:
    """`samples` with `pad` seconds of silence either side, like a real hold of the key."""
    silence = np.zeros(int(pad * SAMPLE_RATE), np.float32)
    return np.concatenate([silence, samples, silence])
