"""A line the person asked to remember that the write gate refused: the panel offers Keep it anyway.

The agent worker runs on its own thread with the real SDK over HTTP to the fake Messages API, whose
scripted model writes the line of the person's words to its memory; the store and the repository are
real temporary folders, wired to the panel as the app wires them (tests/ui/held_rig.py). The model
never repeats the refusal in its answer (tests/remembering.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.memory.gate import check_write
from tests.remembering import STATE_LINE, writes_what_is_asked
from tests.ui.held_rig import HeldRig, held_rig

KEY = "sk-ant-api03-" + secrets.token_urlsafe(40).replace("-", "x").replace("_", "y")


@pytest.fixture
def rig(qtbot: QtBot, empty_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldRig]:
    with held_rig(qtbot, empty_repo, monkeypatch, writes_what_is_asked) as r:
        yield r


def _refusals(rig: HeldRig) -> list[str]:
    """The memory tool's results the model was sent, so a test knows the gate did refuse."""
    return [
        str(b.get("content"))
        for r in rig.fake.requests
        for m in r.body["messages"]
        if isinstance(m["content"], list)
        for b in m["content"]
        if isinstance(b, dict) and b.get("type") == "tool_result" and "Not saved" in str(b.get("content"))
    ]


def test_a_refused_line_the_person_asked_for_is_kept_as_theirs_from_the_panel(
    qtbot: QtBot, rig: HeldRig, empty_repo: Path
) -> None:
    refusal = check_write("/memories/notes.md", None, f"- {STATE_LINE}\n", {})
    assert refusal is not None  # the agent may not keep it
    rig.panel.show_last()
    rig.controller.ask(f"Remember that {STATE_LINE}.")
    qtbot.waitUntil(lambda: rig.panel.keep_box.lines() != [], timeout=30_000)
    box = rig.panel.keep_box
    assert box.isVisible()
    assert box.lines() == [f"Not remembered: “{STATE_LINE}”, because {refusal.reason}."]  # the gate's reason
    (hint,) = box.hints()
    assert "Settings → Memory" in hint and f'voice-dev-agent memory add --repo {empty_repo} "{STATE_LINE}"' in hint
    assert rig.store.files() == [] and rig.tray.last_message is None  # the panel says it: no notification too

    keep = box.button(0)
    assert keep is not None and keep.text() == "Keep it anyway"
    qtbot.mouseClick(keep, Qt.MouseButton.LeftButton)
    assert box.lines() == [f"Kept as your line in notes.md; the next session loads it: “{STATE_LINE}”"]
    assert not keep.isVisible() and box.hints() == []
    assert [f.text for f in rig.store.files()] == [f"- {STATE_LINE}\n"]
    assert [c.by for c in rig.store.history()] == ["person"]  # the person's line: the gate never judged it


def test_with_the_panel_closed_a_notification_offers_keep_it_anyway(
    qtbot: QtBot, rig: HeldRig, empty_repo: Path
) -> None:
    rig.controller.ask(f"Remember that {STATE_LINE}.")
    qtbot.waitUntil(lambda: rig.tray.last_message is not None, timeout=30_000)
    shown = rig.tray.last_message
    assert shown is not None and not rig.panel.isVisible()
    assert shown.text.startswith(f"Not remembered: “{STATE_LINE}”") and "Settings → Memory" in shown.text
    assert f'memory add --repo {empty_repo} "{STATE_LINE}"' in shown.text
    assert shown.actions == (("keep", "Keep it anyway"),) and shown.private and not shown.speak
    assert shown.on_action is not None
    shown.on_action("keep")  # what a click on the notification's button does
    assert [f.text for f in rig.store.files()] == [f"- {STATE_LINE}\n"]
    assert [c.by for c in rig.store.history()] == ["person"]
    told = rig.tray.last_message
    assert told is not None and told.text == f"Kept as your line in notes.md; the next session loads it: “{STATE_LINE}”"


def test_a_line_the_agent_wrote_unasked_is_refused_without_an_offer(qtbot: QtBot, rig: HeldRig) -> None:
    rig.panel.show_last()
    rig.controller.ask("Why is the payments build red?")
    qtbot.waitUntil(lambda: rig.controller.last_answer is not None, timeout=30_000)
    qtbot.wait(100)  # anything queued behind the answer arrives
    assert len(_refusals(rig)) == 1  # the gate refused the state line ...
    assert rig.panel.keep_box.lines() == [] and not rig.panel.keep_box.isVisible()  # ... and nothing is offered
    assert rig.tray.last_message is None and rig.store.files() == []


def test_a_credential_is_refused_on_the_row_and_shown_nowhere(qtbot: QtBot, rig: HeldRig, empty_repo: Path) -> None:
    # notes.md was edited outside the app and holds a key; the agent's new notes.md (a create) would replace it,
    # so its write passes the credential filter and the gate refuses the line. Keeping it anyway appends to the
    # file as it is, and the filter refuses that: the row says so, and nothing is written.
    rig.store.folder.mkdir(parents=True, exist_ok=True)
    on_disk = f"- The deploy key is {KEY}\n"
    (rig.store.folder / "notes.md").write_text(on_disk, encoding="utf-8")
    rig.panel.show_last()
    rig.controller.ask(f"Remember that {STATE_LINE}.")
    qtbot.waitUntil(lambda: rig.panel.keep_box.lines() != [], timeout=30_000)
    keep = rig.panel.keep_box.button(0)
    assert keep is not None
    qtbot.mouseClick(keep, Qt.MouseButton.LeftButton)
    (line,) = rig.panel.keep_box.lines()
    assert line.startswith("Not kept: the text looks like an Anthropic") and KEY not in line
    assert keep.isVisible() and keep.isEnabled()  # still offered: once the key is gone, it can be kept
    assert (rig.store.folder / "notes.md").read_text(encoding="utf-8") == on_disk
    assert [c.by for c in rig.store.history()] == []


def test_a_credential_the_person_asked_to_remember_gets_no_offer(qtbot: QtBot, rig: HeldRig) -> None:
    rig.panel.show_last()
    rig.controller.ask(f"Remember that the deploy key is {KEY}.")
    qtbot.waitUntil(lambda: rig.controller.last_answer is not None, timeout=30_000)
    qtbot.wait(100)
    assert rig.panel.keep_box.lines() == [] and rig.store.files() == []  # the filter refused it before the gate
    assert rig.tray.last_message is None
