"""A failed answer strands nothing: the next questions, typed or spoken, are asked and answered aloud.

As a person has it on the test desktop (Xvfb with icewm's tray, PulseAudio null sinks): the real app
with the fake Messages API in this process. The tray icon is right-clicked, "Ask by typing…" chosen
from its menu, the question typed with xdotool into the dialog and sent with Enter. The first question
gets the 400 the fake answers when nothing is scripted, so the app shows (and says) a notice; two typed
questions after it, and a spoken one after a second failure, must each reach the API and be answered.

Written for a report that after such a failure "two later typed questions started no turn at all,
though the tray said Ready". Tried on the real app, both did reach the fake API and were recorded in
the history: the fake with nothing scripted refuses every request with the same 400, so each later
turn failed within ~70 ms (the tray back at Ready at once) with a word-for-word copy of the first
notice, and one posted within 6 s of an error waits for that balloon's time (tray.ERROR_SHOWN_MS).
A controller that kept its turn running after a failure (tried by hand) fails here at question 2.
"""

from __future__ import annotations

import dataclasses
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.bench.desktop import DesktopApp
from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import error, text
from app.bench.sound import Monitor
from app.bench.speech import espeak_wav
from app.bench.waiting import wait_for
from app.core.settings import Settings
from app.voice.transcriber import Transcriber
from tests.e2e.xwindows import Box, X

MIC = "mic.monitor"  # what the test desktop's microphone hears
NOTHING_SCRIPTED = "fake API: no scripted reply left for this request"  # what the fake says with no script
REFUSED = "Claude refused the request"  # the start of the notice the app shows for a 400
FIRST = "what does the readme say"
SECOND = "how do I run the tests"
THIRD = "which branch do we release from"
FOURTH = "who owns the deploy scripts"
SPOKEN = "run the build and tell me what failed"  # tiny.en hears espeak-ng say it word for word (test_voice_turn)
SECOND_REPLY = "Run make test from the top folder."
THIRD_REPLY = "We release from the stable branch every Friday."
SPOKEN_REPLY = "The build failed on a missing import."
# (question, its answer, five words of the answer)
AFTER_THE_FAILURE = [
    (SECOND, SECOND_REPLY, {"run", "make", "test", "top", "folder"}),
    (THIRD, THIRD_REPLY, {"release", "stable", "branch", "every", "friday"}),
]


@pytest.fixture
def fake() -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        server.script(
            error(400, NOTHING_SCRIPTED),
            text(SECOND_REPLY),
            text(THIRD_REPLY),
            error(400, NOTHING_SCRIPTED),
            text(SPOKEN_REPLY),
        )
        yield server


def questions(fake: FakeAPI) -> list[RecordedRequest]:
    """The requests that asked something (the prompt-cache warm-up at a key-down asks nothing)."""
    return [r for r in fake.requests if r.body.get("max_tokens", 0) > 1]


def asked(request: RecordedRequest) -> str:
    content: Any = request.body["messages"][-1]["content"]
    if isinstance(content, str):
        return content
    return " ".join(block.get("text", "") for block in content if block.get("type") == "text")


def words_of(value: str) -> set[str]:
    return set(re.findall(r"[a-z]+", value.lower()))


def wait_questions(app: DesktopApp, fake: FakeAPI, count: int, what: str) -> None:
    """Wait until the fake has received `count` questions in all."""
    wait_for(lambda: app.alive() and len(questions(fake)) == count, 60, what)


def ask_by_typing(x: X, app: DesktopApp, tray: Box, question: str) -> None:
    """Right-click the tray icon, choose "Ask by typing…", type the question and press Enter."""
    x.click(tray.x + tray.width // 2, tray.y + tray.height // 2, button=3)
    x.wait_window(app.pid, lambda w: x.box(w).height > 100 and "Ask" not in x.name(w), "tray menu", 30)
    time.sleep(0.3)
    # Down from the menu's top: Repository, Listen, Ask by typing… (the status line is not selectable).
    for key in ("Down", "Down", "Down", "Return"):
        x._run("xdotool", "key", key)
        time.sleep(0.15)
    dialog = x.wait_window(app.pid, lambda w: x.name(w).startswith("Ask"), "the Ask dialog", 30)
    x._run("xdotool", "windowactivate", "--sync", str(dialog))
    x._run("xdotool", "type", "--delay", "20", question)
    x._run("xdotool", "key", "Return")
    wait_for(lambda: not x.viewable(dialog), 10, "the Ask dialog to close")


def spoken_after(speaker: Monitor, transcriber: Transcriber, after: float) -> str:
    """What the speaker said from its first sound after `after` until it fell silent, transcribed."""
    began = speaker.wait_for_sound(after, 60)
    ended = speaker.wait_for_silence(began, quiet=1.5, timeout=60)
    return transcriber.transcribe(speaker.audio(began - 0.3, ended + 0.3))


@pytest.mark.slow
@pytest.mark.long(seconds=90)
def test_after_a_failed_answer_the_next_typed_and_spoken_questions_are_answered(
    desktop: None, empty_repo: Path, fake: FakeAPI, tmp_path: Path
) -> None:
    settings = dataclasses.replace(Settings(), setup_done=True)
    env = {"ANTHROPIC_BASE_URL": fake.base_url, "ANTHROPIC_API_KEY": fake.api_key}
    x = X(dict(os.environ))
    transcriber = Transcriber()
    transcriber.load()
    wav = espeak_wav(SPOKEN, tmp_path, speed=165)
    with DesktopApp(empty_repo, settings=settings, env=env) as app, Monitor() as speaker, Monitor(MIC) as mic:
        app.wait_ready()
        tray = x.box(x.wait_window(app.pid, lambda w: x.box(w).width <= 64, "tray icon"))

        # The first typed question fails: the notice is shown and said.
        sent = time.monotonic()
        ask_by_typing(x, app, tray, FIRST)
        wait_questions(app, fake, 1, "the first question")
        assert asked(questions(fake)[0]).endswith(FIRST)
        wait_for(lambda: REFUSED in app.log_text(), 30, "the failure's notice")
        notice = spoken_after(speaker, transcriber, sent)
        assert {"refused", "request"} <= words_of(notice), f"the speaker said {notice!r}"

        # Two typed questions after it: each reaches the API and its answer is spoken.
        for number, (question, reply, key_words) in enumerate(AFTER_THE_FAILURE, start=2):
            sent = time.monotonic()
            ask_by_typing(x, app, tray, question)
            wait_questions(app, fake, number, f"question {number}")
            assert asked(questions(fake)[-1]).endswith(question)
            heard = spoken_after(speaker, transcriber, sent)
            # Three of its five key words: the answer was said (tiny.en mishears a word of Piper's now and then).
            assert len(key_words & words_of(heard)) >= 3, f"answer {number} was said as {heard!r} ({reply!r})"

        # Another failure, then a question by the hotkey: it is asked and answered too.
        sent = time.monotonic()
        ask_by_typing(x, app, tray, FOURTH)
        wait_questions(app, fake, 4, "the fourth question")
        wait_for(lambda: app.log_text().count(REFUSED) == 2, 30, "the second failure's notice")
        spoken_after(speaker, transcriber, sent)  # the notice said out, as a person hears it before speaking
        released = app.ask_out_loud(wav, mic)
        wait_questions(app, fake, 5, "the spoken question")
        key_words = {"run", "build", "tell", "what", "failed"}
        assert len(words_of(asked(questions(fake)[-1])) & key_words) >= 4, asked(questions(fake)[-1])
        heard = spoken_after(speaker, transcriber, released)
        said = words_of(heard) & {"build", "failed", "missing", "import"}
        assert len(said) >= 3, f"the spoken question's answer was said as {heard!r}"
        assert app.stop() == 0
    assert not fake.problems, fake.problems
    assert "Traceback" not in app.log_text(), app.log_tail(40)
