"""A stalled answer never strands the person: the tray menu's Cancel answer ends a turn that thinks or speaks."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.agent.events import TextDelta, TurnEnded
from app.ui.app_menu import AppMenu
from app.ui.application import connect_turn_controls
from app.ui.controller import State
from app.ui.tray import Tray
from tests.ui.test_controller import Rig


def _wired(qtbot: QtBot, tmp_path: Path) -> tuple[Rig, AppMenu, Tray]:
    rig = Rig(tmp_path)
    menu = AppMenu()
    qtbot.addWidget(menu)
    tray = Tray(menu, use_tray=False)  # offscreen has no tray: the status window carries the same menu
    rig.controller.state_changed.connect(lambda state, detail: tray.show_state(state.value, detail))
    connect_turn_controls(rig.controller, menu)
    return rig, menu, tray


def test_cancel_answer_is_offered_while_thinking_and_ends_the_turn(qtbot: QtBot, tmp_path: Path) -> None:
    rig, menu, _tray = _wired(qtbot, tmp_path)
    assert "Cancel answer" in menu.texts() and not menu.cancel_action.isEnabled()
    rig.controller.ask("why is the build red")
    assert rig.state is State.THINKING and menu.cancel_action.isEnabled()
    menu.cancel_action.trigger()
    assert rig.agent.cancels == 1  # the worker stops between calls; its build or test process is killed
    assert rig.state is State.IDLE and menu.status_action.text() == "Ready (cancelled)"
    assert not menu.cancel_action.isEnabled()


def test_a_stalled_spoken_answer_is_cancelled_from_the_menu(qtbot: QtBot, tmp_path: Path) -> None:
    rig, menu, _tray = _wired(qtbot, tmp_path)
    rig.controller.ask("summarise the failing tests")
    turn = rig.agent.last_turn
    rig.agent.turn_event.emit(turn, TextDelta("Two tests fail. "))
    rig.speech.speaking_started.emit(turn)
    assert menu.status_action.text() == "Speaking…" and menu.cancel_action.isEnabled()
    stops = rig.speech.stops
    menu.cancel_action.trigger()  # the stream stalled: no end, no "done" ever comes
    assert rig.speech.stops == stops + 1 and rig.agent.cancels == 1
    assert rig.state is State.IDLE and not menu.cancel_action.isEnabled()
    rig.agent.finished.emit(turn, TurnEnded("Two tests fail. The rest."))  # a late end of the cancelled turn
    assert rig.state is State.IDLE and rig.speech.ended == []  # changes nothing, says nothing more
