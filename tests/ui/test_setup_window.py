"""The first-run setup window: every step can be skipped, the key works without a keyring, a question asked
before a repository is kept, and the hotkey step lights up on a press instead of recording."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core import api_key, messages
from app.core.settings import Settings
from app.ui.controller import Controller, State
from app.ui.setup_flow import SetupFlow
from app.ui.setup_window import STEPS, SetupWindow
from tests.ui.fakes import FakeAgent, FakeMicrophone, FakeSpeech

KEY = "sk-ant-api03-setup-test-1234"


@pytest.mark.usefixtures("no_keyring")
def test_without_a_keyring_the_key_step_says_so_plainly_and_the_key_works_until_the_app_quits(qtbot: QtBot) -> None:
    window = SetupWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.step_label.text() == "Step 1 of 5: API key"
    window.key_edit.setText(KEY)
    qtbot.mouseClick(window.next_button, Qt.MouseButton.LeftButton)
    said = window.key_status.text()
    assert window.step == 0, "the key was not kept: the step stays, saying why"
    assert "Secret Service" in said and "ANTHROPIC_API_KEY" in said and "Error" not in said
    assert window.key_session.isVisible() and api_key.find_api_key() == ("", "")
    qtbot.mouseClick(window.key_session, Qt.MouseButton.LeftButton)
    assert api_key.find_api_key() == (KEY, "session") and "until the app quits" in window.key_status.text()
    qtbot.mouseClick(window.next_button, Qt.MouseButton.LeftButton)
    assert window.step == STEPS.index("Repository")


def test_every_step_can_be_skipped_and_finishing_says_so_once(qtbot: QtBot) -> None:
    window = SetupWindow()
    qtbot.addWidget(window)
    finished: list[bool] = []
    window.finished_setup.connect(lambda: finished.append(True))
    window.show()
    seen = []
    for _ in STEPS[:-1]:
        seen.append(window.step_label.text())
        qtbot.mouseClick(window.skip_button, Qt.MouseButton.LeftButton)
    assert seen == [f"Step {i + 1} of 5: {name}" for i, name in enumerate(STEPS[:-1])]
    assert window.step == STEPS.index("Privacy") and window.skip_button.isHidden()
    assert window.next_button.text() == "Finish"
    qtbot.mouseClick(window.next_button, Qt.MouseButton.LeftButton)
    assert finished == [True] and not window.isVisible()


def _flow(qtbot: QtBot, controller: Controller, repo: list[Path]) -> SetupFlow:
    def choose(folder: Path) -> None:
        repo.append(folder)
        controller.set_repository(folder)

    return SetupFlow(
        microphone=None, anchor=lambda: None, settings=Settings, repo=lambda: controller.repo,
        choose_repository=choose, done=lambda: None, press=controller.press, release=controller.release,
    )  # fmt: skip


def test_a_question_before_a_repository_is_kept_and_asked_once_one_is_chosen(qtbot: QtBot, tmp_path: Path) -> None:
    said: list[messages.Message] = []
    messages.set_sink(said.append)
    agent = FakeAgent()
    controller = Controller(
        speech=FakeSpeech(), agent=agent, microphone=FakeMicrophone(), settings=Settings(), repo=None
    )
    controller.start()
    chosen: list[Path] = []
    flow = _flow(qtbot, controller, chosen)
    controller.question_waiting.connect(flow.ask_for_repository)
    try:
        controller.ask("why is the build red")
        assert agent.turns == [] and controller.state is State.IDLE  # nothing was thrown away, nothing sent
        assert any("is kept and asked once you do" in m.text for m in said)
        window = flow.window
        assert window is not None and window.isVisible() and window.step == STEPS.index("Repository")
        qtbot.addWidget(window)
        assert "“why is the build red” is kept" in window.waiting_label.text()
        window.choose_folder = lambda: tmp_path
        qtbot.mouseClick(window.repo_button, Qt.MouseButton.LeftButton)
        assert chosen == [tmp_path] and controller.repo == tmp_path
        assert [text for _id, text in agent.turns] == ["why is the build red"]
        assert tmp_path.name in window.repo_label.text() and window.waiting_label.isHidden()
    finally:
        messages.set_sink(messages.stderr_sink)


def test_the_hotkey_step_lights_up_on_a_press_and_records_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    mic = FakeMicrophone()
    controller = Controller(speech=FakeSpeech(), agent=FakeAgent(), microphone=mic, settings=Settings(), repo=tmp_path)
    controller.start()
    flow = _flow(qtbot, controller, [])
    window = flow.open(STEPS.index("Hotkey"))
    qtbot.addWidget(window)
    assert "Ctrl" in window.hotkey_intro.text() and window.hotkey_light.text() == "Not pressed yet"
    flow.pressed()
    flow.released(0.0)
    assert window.hotkey_seen and window.hotkey_light.text().startswith("Heard it")
    assert controller.state is State.IDLE  # the check took the press: no recording began
    window.go(STEPS.index("Privacy"))
    flow.pressed()  # on any other step the hotkey talks as always
    assert controller.state is State.LISTENING
