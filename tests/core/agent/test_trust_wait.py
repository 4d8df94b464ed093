"""A turn waiting for the panel's trust answer goes on when the person answers or cancels; a late answer finds none."""

from __future__ import annotations

import threading
import time

from app.core.agent.trust_wait import TrustAnswers


def test_an_answer_wakes_the_waiting_turn_and_a_cancel_ends_the_wait_at_once() -> None:
    answers, cancel = TrustAnswers(), threading.Event()
    asked = answers.open()
    threading.Timer(0.2, answers.give, (asked,)).start()
    assert answers.wait(asked, cancel, timeout=10) is True
    assert answers.give(asked) is False  # a second click on an answered question reaches no turn

    again = answers.open()
    threading.Timer(0.2, cancel.set).start()  # the hotkey pressed while it waits
    started = time.monotonic()
    assert answers.wait(again, cancel, timeout=10) is False
    assert time.monotonic() - started < 1.0
    assert answers.give(again) is False
