"""A spoken turn end to end, as a person has it: the real app, a real hotkey, real sound in and out.

On the test desktop (Xvfb with icewm's tray, PulseAudio null sinks "mic" and "speaker"),
the real app process talks to the fake Messages API in another process. xdotool holds
Ctrl+Alt+Space while espeak-ng's question plays into the microphone; the app transcribes
it, the agent runs a real tool on the scenario repository and shows a panel, and the
reply comes out of the speaker, where the test records it and transcribes it back. A
second question gets a long reply, and a press of the hotkey while it is spoken must
silence it at once (barge-in). The app then quits cleanly on SIGTERM.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from app.bench.desktop import xdotool
from app.bench.fakereplies import text, tool_use
from app.bench.sound import Monitor
from app.bench.speech import espeak_wav
from app.bench.waiting import wait_for
from app.core import paths
from app.core.history import History
from app.voice import cues
from app.voice.transcriber import Transcriber
from tests.scenario import make_scenario_repo
from tests.voice.audio_fixtures import likeness

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
API_KEY = "sk-ant-test-e2e-fake-key-0123456789"
CHORD = "ctrl+alt+space"

# "why is the build red" is the question people ask, but tiny.en hears espeak-ng's "build" in it as
# "wheel" or "bill" at some audio offsets, with or without the repository's hotwords ("tell me why the
# build is red" too: "my bill is red" in a CI run). Measured at 8 offsets with the scenario's
# vocabulary, this wording came through word for word every time; the test is about the app, not tiny.en.
QUESTION = "run the build and tell me what failed"
PANEL_TITLE = "Why the build is red"
PANEL_MARKDOWN = (
    "## Build fails\n\n"
    "`reviewbot/orchestrator.py` line 6 still imports `ChangedFile`:\n\n"
    "```python\nfrom reviewbot.models import ChangedFile, Finding\n```\n\n"
    "| File | State |\n|---|---|\n| models.py | renamed |\n| orchestrator.py | old name |\n"
)
REPLY = "The build fails because ChangedFile was renamed halfway."
FOLLOW_UP = "tell me more about the rename"
LONG_REPLY = (
    "Here is the longer story of the rename. "
    "The model class got its new name in the models module, and the diff parser already uses it. "
    "The orchestrator still imports the old name on line six, so importing that module fails. "
    "That import error stops the build before a single test can run. "
    "The orchestrator tests are never collected for the same reason. "
    "To fix it, finish the rename in the orchestrator and run the build again. "
    "After that, one rule test still fails, because fix me markers are not flagged yet. "
    "That one is a separate bug in the rules module, and it is a small change."
)

BARGE_IN_LIMIT = 0.3  # seconds from the press until the speaker is silent


# ---- the processes -------------------------------------------------------------------------


@dataclass
class Rig:
    repo: Path
    home: Path
    requests_log: Path
    app: subprocess.Popen[bytes]
    app_stderr: Path
    monitor: Monitor

    @property
    def log_file(self) -> Path:
        return self.home / "logs" / paths.log_file().name

    def log_text(self) -> str:
        try:
            return self.log_file.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def requests(self) -> list[dict[str, Any]]:
        """The bodies of the questions' requests the fake API received, in order (complete lines only)."""
        try:
            lines = self.requests_log.read_text(encoding="utf-8").split("\n")[:-1]
        except FileNotFoundError:
            return []
        bodies = [json.loads(line)["body"] for line in lines if line.strip()]
        # The prompt-cache warm-up the app sends at key-down (one output token) asks nothing.
        return [body for body in bodies if body.get("max_tokens") != 1]

    def alive(self) -> None:
        if self.app.poll() is not None:
            raise AssertionError(
                f"the app exited with {self.app.returncode}:\n{self.app_stderr.read_text(errors='replace')[-3000:]}"
            )


def _spawn_fake(tmp_path: Path, replies: list[dict[str, Any]]) -> tuple[subprocess.Popen[str], str, Path]:
    script = tmp_path / "replies.json"
    script.write_text(json.dumps(replies), encoding="utf-8")
    log = tmp_path / "requests.jsonl"
    command = [
        "-m",
        "app.bench.fakeapi",
        "--port",
        "0",
        "--api-key",
        API_KEY,
        "--script",
        str(script),
        "--log",
        str(log),
    ]
    fake = subprocess.Popen([sys.executable, *command], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert fake.stdout is not None
    first = fake.stdout.readline()
    fake.stdout.close()  # only the first line matters; the requests go to the log file
    match = re.search(r"listening on (http://\S+)", first)
    if not match:
        fake.kill()
        fake.wait(timeout=10)
        raise AssertionError(f"the fake API did not start: {first!r}")
    return fake, match.group(1), log


@pytest.fixture
def rig(desktop: None, tmp_path: Path) -> Iterator[Rig]:
    repo = make_scenario_repo(tmp_path)
    home = tmp_path / "home"
    replies = [
        tool_use("build"),
        tool_use("show_on_screen", {"title": PANEL_TITLE, "text": PANEL_MARKDOWN}),
        text(REPLY),
        text(LONG_REPLY),
    ]
    fake, base_url, requests_log = _spawn_fake(tmp_path, replies)
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env.update(
        VOICE_DEV_AGENT_HOME=str(home),
        ANTHROPIC_BASE_URL=base_url,
        ANTHROPIC_API_KEY=API_KEY,
        QT_QPA_PLATFORM="xcb",
        PYTHONUNBUFFERED="1",
    )
    # The developer trusts the repository the way a person would, so the scripted build may run.
    trusting = [sys.executable, "-m", "app", "trust", "--repo", str(repo)]
    subprocess.run(trusting, cwd=ROOT, env=env, check=True, timeout=60, capture_output=True)
    with running_app(repo, home, env, fake, requests_log, tmp_path) as rig:
        yield rig


@contextlib.contextmanager
def running_app(
    repo: Path, home: Path, env: dict[str, str], fake: subprocess.Popen[str], requests_log: Path, tmp_path: Path
) -> Iterator[Rig]:
    """The app on `repo` with the speaker's monitor listening; afterwards the app, the fake and the chord let go."""
    monitor = Monitor("speaker.monitor")
    stderr = tmp_path / "app-stderr.txt"
    with stderr.open("wb") as err:
        app = subprocess.Popen(
            [sys.executable, "-m", "app", "--repo", str(repo)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    rig = Rig(repo, home, requests_log, app, stderr, monitor)
    try:
        yield rig
    finally:
        for proc in (app, fake):
            if proc.poll() is None:
                proc.kill()  # the test already asserted a clean quit where it mattered
                proc.wait(timeout=10)
        subprocess.run(["xdotool", "keyup", CHORD], timeout=10, check=False)
        monitor.stop()


def output(*command: str) -> str:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=60).stdout


def find_window(title: str) -> list[str]:
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title], capture_output=True, text=True)
    return found.stdout.split()


def ask_out_loud(rig: Rig, wav: Path) -> float:
    """Hold the hotkey, play the question into the microphone, let go; returns the release time."""
    recordings = rig.log_text().count("recording from")
    xdotool("keydown", CHORD)
    # Speak once the app listens, as a person watching the tray icon would.
    wait_for(lambda: rig.log_text().count("recording from") > recordings, 30, "the app to start recording")
    subprocess.run(["paplay", "--device=mic", str(wav)], check=True, timeout=60)
    time.sleep(0.3)  # a person lets go a moment after the last word
    released = time.monotonic()
    xdotool("keyup", CHORD)
    return released


def words_of(value: str) -> set[str]:
    return set(re.findall(r"[a-z]+", value.lower()))


def user_text(body: dict[str, Any]) -> str:
    """The words of the request's newest user message (text blocks only)."""
    content = body["messages"][-1]["content"]
    if isinstance(content, str):
        return content
    return " ".join(block.get("text", "") for block in content if block.get("type") == "text")


# ---- the test ------------------------------------------------------------------------------


def stop_cue_end(monitor: Monitor, after: float, timeout: float = 5.0) -> float:
    """When the "listening stopped" cue finished playing after `after`.

    Found by its shape, a known glide, not by a gap after it: a quick reply can follow it too closely
    to be heard as a separate sound. A loaded machine can play it in two pieces, so either the whole
    glide matches or its two halves do, in order. Speech matches the whole glide at most 0.57 and
    either half at most 0.67 (measured on seven Piper sentences); the cue itself matches about 1.
    """
    cue = cues.synthesize("listen_stop", Monitor.RATE)
    half = cue.size // 2
    most_apart = int(0.5 * Monitor.RATE)

    def found() -> list[float]:
        begins, audio = monitor.recording(after, after + 3.0)
        whole = likeness(audio, cue)
        if whole.size and whole.max() >= 0.85:
            return [begins + (int(whole.argmax()) + cue.size) / Monitor.RATE]
        head = likeness(audio, cue[:half])
        if head.size and head.max() >= 0.8:
            rest_from = int(head.argmax()) + half
            rest = likeness(audio[rest_from : rest_from + most_apart + cue.size - half], cue[half:])
            if rest.size and rest.max() >= 0.8:
                return [begins + (rest_from + int(rest.argmax()) + cue.size - half) / Monitor.RATE]
        return []

    try:
        return float(wait_for(found, timeout, "the cue that listening stopped", every=0.1)[0])
    except AssertionError as exc:
        raise AssertionError(f"no sound cue when listening stopped: {exc}") from None


def reply_onset(monitor: Monitor, released: float, timeout: float) -> float:
    """The first sound after the "listening stopped" cue that followed the release at `released`."""
    return monitor.wait_for_sound(stop_cue_end(monitor, released), timeout)


@pytest.mark.long(seconds=20)
def test_spoken_question_is_answered_aloud_with_a_panel_and_barge_in_silences_it(rig: Rig, tmp_path: Path) -> None:
    started = time.monotonic()
    question_wav = espeak_wav(QUESTION, tmp_path, speed=175)
    follow_up_wav = espeak_wav(FOLLOW_UP, tmp_path, speed=175)

    # The app says when it can be used: tray shown, hotkey listening, models loaded.
    ready = wait_for(lambda: (rig.alive(), re.search(r"ready: .*", rig.log_text()))[1], 180, "the ready line")
    ready_line = ready.group(0)
    assert "tray shown" in ready_line and "hotkey listening" in ready_line, ready_line
    assert "microphone open" in ready_line, ready_line  # kept open for the pre-roll
    assert "transcriber loaded" in ready_line and "speaker ready" in ready_line, ready_line
    ready_at = time.monotonic()

    # --- a question by voice ---
    released = ask_out_loud(rig, question_wav)
    wait_for(lambda: (rig.alive(), len(rig.requests()) >= 3)[1], 120, "the agent's three requests")
    first, after_tool, after_screen = rig.requests()[:3]
    heard = words_of(user_text(first))
    # Four of its five key words: the spoken question reached the model (one word misheard now and
    # then by tiny.en is not what this test is about).
    key_words = {"run", "build", "tell", "what", "failed"}
    assert len(heard & key_words) >= 4, f"the question reached the model as {user_text(first)!r}"
    # It was transcribed while the key was held: only the tail after the last cut was left for the release.
    assert re.search(r"streamed [\d.]+ s in \d+ passes while held", rig.log_text()), "no streaming transcription"
    build_result = after_tool["messages"][-1]["content"][0]
    assert build_result["type"] == "tool_result"
    # The real build ran on the scenario repository and its failure went back to the model.
    assert "ChangedFile" in json.dumps(build_result["content"])
    assert after_screen["messages"][-1]["content"][0]["type"] == "tool_result"

    # The panel popped up with the scripted content's title.
    window = wait_for(lambda: find_window(PANEL_TITLE), 30, "the answer panel")[0]
    geometry = dict(line.split("=", 1) for line in output("xdotool", "getwindowgeometry", "--shell", window).split())
    x, y, w, h = (int(geometry[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
    assert w >= 200 and h >= 150, geometry

    # The reply was spoken: record the speaker until it falls silent, then listen to it. Before it,
    # a short cue said that listening had stopped (reply_onset fails without it).
    spoke_at = reply_onset(rig.monitor, released, 120)
    spoken_until = rig.monitor.wait_for_silence(spoke_at, quiet=1.5, timeout=60)
    shot = SHOTS / "e2e-panel.png"
    screen = json.loads(output(sys.executable, "-m", "tests.e2e.screen", str(shot), *map(str, (x, y, w, h))))
    assert screen["saved"] and shot.stat().st_size > 10_000
    assert screen["colours"] > 20, f"the panel's area looks empty in {shot}: {screen}"

    transcriber = Transcriber()
    transcriber.load()
    reply_heard = transcriber.transcribe(rig.monitor.audio(spoke_at - 0.3, spoken_until + 0.3))
    assert {"build", "renamed"} <= words_of(reply_heard), f"the speaker said {reply_heard!r}"
    assert words_of(reply_heard) & {"fails", "fail", "failed"}, f"the speaker said {reply_heard!r}"
    turn_seconds = spoke_at - released

    # The turn is in the history: what was heard, the tool that ran, the page shown and the reply.
    (turn,) = History(tmp_path / "home" / "data" / "history.sqlite3").turns()
    assert len(words_of(turn.heard) & key_words) >= 4 and turn.reply == REPLY, turn
    assert "build" in [t.name for t in turn.tools] and [p.title for p in turn.pages] == [PANEL_TITLE], turn

    # --- barge-in: a press while a long reply is spoken silences it ---
    released = ask_out_loud(rig, follow_up_wav)
    wait_for(lambda: (rig.alive(), len(rig.requests()) >= 4)[1], 120, "the follow-up request")
    follow_up = user_text(rig.requests()[3])
    assert {"tell", "more"} <= words_of(follow_up), f"the follow-up reached the model as {follow_up!r}"
    long_start = reply_onset(rig.monitor, released, 120)

    # Let it talk for a few seconds, then interrupt in the middle of a word (not in a pause
    # between sentences, where silence would prove nothing).
    def mid_word() -> bool:
        now = rig.monitor.now()
        return now - long_start >= 3.0 and bool(rig.monitor.loud_times(now - 0.06))

    wait_for(mid_word, 30, "the long reply to be heard mid-word", every=0.01)
    pressed = time.monotonic()
    xdotool("keydown", CHORD)
    wait_for(lambda: rig.monitor.now() >= pressed + 3.0, 30, "three seconds after the press")
    before = rig.monitor.loud_times(long_start, pressed)
    after = rig.monitor.loud_times(pressed)
    xdotool("keyup", CHORD)
    # It was talking most of the time before the press; LONG_REPLY lasts over 20 s, so without the
    # barge-in the three seconds after it would be about as loud.
    assert len(before) * Monitor.FRAME / Monitor.RATE >= 0.5 * (pressed - long_start), "the reply was hardly audible"
    silent_after = (after[-1] + Monitor.FRAME / Monitor.RATE - pressed) if after else 0.0
    assert silent_after <= BARGE_IN_LIMIT, f"the speaker went on for {silent_after:.2f} s after the press"

    # --- quit as the session manager would ---
    rig.alive()
    rig.app.send_signal(signal.SIGTERM)
    code = rig.app.wait(timeout=30)
    stderr = rig.app_stderr.read_text(errors="replace")
    assert code == 0, stderr[-3000:]
    assert "Traceback" not in stderr, stderr[-3000:]
    assert "Traceback" not in rig.log_text(), rig.log_text()[-3000:]
    print(
        f"\ne2e: ready after {ready_at - started:.1f} s; release to first spoken sound {turn_seconds:.1f} s; "
        f"silent {silent_after * 1000:.0f} ms after the barge-in press; whole test {time.monotonic() - started:.1f} s"
    )
