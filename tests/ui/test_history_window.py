"""The History window and the history settings as a person uses them (offscreen Qt, a real SQLite history)."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from app.core import corrections
from app.core.history import History, Page, ToolRun
from app.core.languages import Heard
from app.core.settings import Settings
from app.ui.history_settings import HistorySettings
from app.ui.history_window import HistoryWindow, when

RATES = "/home/dev/rates"
SHOP = "/home/dev/shop"


class Holder:
    """The app's current settings, as the window reads them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def __call__(self) -> Settings:
        return self.settings


def _fill() -> dict[str, int]:
    history = History()
    now = time.time()
    ids = {
        "old": history.add(SHOP, "deploy the shop", "Deployed.", at=now - 3 * 86400),
        "build": history.add(
            RATES, "why is the build red", "Two tests fail.", tools=[ToolRun("build", "building", False)], at=now - 60
        ),
        "cache": history.add(
            RATES,
            "what does the rate cash hold",
            "Rates of the last day.",
            pages=[Page("Rate cache", "| currency | rate |\n|---|---|\n| EUR | 1.1 |")],
            at=now,
        ),
    }
    return {k: v for k, v in ids.items() if v is not None}


def _window(qtbot: QtBot, holder: Holder) -> HistoryWindow:
    window = HistoryWindow(holder)
    qtbot.addWidget(window)
    window.show()
    return window


def _questions(window: HistoryWindow) -> list[str]:
    return [window.list.item(i).text().split("\n", 1)[1] for i in range(window.list.count())]


def test_turns_are_listed_newest_first_with_what_was_heard_the_reply_tools_and_pages(qtbot: QtBot) -> None:
    _fill()
    window = _window(qtbot, Holder(Settings()))
    assert _questions(window) == ["what does the rate cash hold", "why is the build red", "deploy the shop"]
    assert window.question.toPlainText() == "what does the rate cash hold"
    assert window.reply.toPlainText() == "Rates of the last day."
    assert window.pages.item(0).text() == "Rate cache" and window.show_page_button.isEnabled()
    window.list.setCurrentRow(1)
    assert window.tools.text() == "Tools: building (failed)" and not window.show_page_button.isEnabled()
    assert not window.off_banner.isVisible()


def test_search_and_the_repository_filter_narrow_the_list(qtbot: QtBot) -> None:
    _fill()
    window = _window(qtbot, Holder(Settings()))
    qtbot.keyClicks(window.search, "tests fail")
    qtbot.waitUntil(lambda: _questions(window) == ["why is the build red"], timeout=2000)
    window.search.clear()
    qtbot.waitUntil(lambda: window.list.count() == 3, timeout=2000)
    window.repo_filter.setCurrentIndex(window.repo_filter.findData(SHOP))
    assert _questions(window) == ["deploy the shop"]
    qtbot.keyClicks(window.search, "nothing like this")
    qtbot.waitUntil(lambda: window.list.count() == 0, timeout=2000)
    assert window.empty.text() == "Nothing matches the search."


def test_copy_ask_again_and_show_a_page_again(qtbot: QtBot) -> None:
    _fill()
    window = _window(qtbot, Holder(Settings()))
    qtbot.mouseClick(window.copy_reply, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "Rates of the last day."
    qtbot.mouseClick(window.copy_question, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "what does the rate cash hold"
    with qtbot.waitSignal(window.ask_again) as asked:
        qtbot.mouseClick(window.ask_button, Qt.MouseButton.LeftButton)
    assert asked.args == ["what does the rate cash hold", RATES]
    with qtbot.waitSignal(window.show_page) as shown:
        qtbot.mouseClick(window.show_page_button, Qt.MouseButton.LeftButton)
    table = "| currency | rate |\n|---|---|\n| EUR | 1.1 |"
    assert shown.args == ["Rate cache", table, "what does the rate cash hold", "Rates of the last day."]


def test_a_correction_teaches_the_repository_and_asking_again_uses_it(qtbot: QtBot) -> None:
    ids = _fill()
    holder = Holder(Settings())
    window = _window(qtbot, holder)
    assert not window.save_correction.isEnabled()
    window.question.setPlainText("what does the RateCache hold")
    assert window.save_correction.isEnabled()
    with qtbot.waitSignal(window.settings_changed) as changed:
        qtbot.mouseClick(window.save_correction, Qt.MouseButton.LeftButton)
    new: Settings = changed.args[0]
    assert new.repo_aliases == {RATES: {"rate cash": "RateCache"}}
    assert "rate cash" in window.status.text() and "RateCache" in window.status.text()
    holder.settings = new
    assert window.current_turn() is not None and window.current_turn().id == ids["cache"]  # type: ignore[union-attr]
    assert "heard as: “what does the rate cash hold”" in window.learned.text()
    with qtbot.waitSignal(window.ask_again) as asked:
        qtbot.mouseClick(window.ask_button, Qt.MouseButton.LeftButton)
    assert asked.args[0] == "what does the RateCache hold"

    # The settings say what was learned, and taking it back works at once.
    page = HistorySettings()
    qtbot.addWidget(page)
    page.load(holder.settings)
    assert page.learned.rowCount() == 1
    assert [page.learned.item(0, c).text() for c in range(3)] == ["rates", "rate cash", "RateCache"]
    page.learned.selectRow(0)
    with qtbot.waitSignal(page.settings_changed) as forgotten:
        qtbot.mouseClick(page.remove, Qt.MouseButton.LeftButton)
    assert forgotten.args[0].repo_aliases == {}
    assert page.learned.rowCount() == 0 and History().learned() == []


def test_delete_a_turn_a_repository_and_everything(qtbot: QtBot) -> None:
    _fill()
    window = _window(qtbot, Holder(Settings()))
    asked: list[str] = []
    window.confirm = lambda question: asked.append(question) or True
    qtbot.mouseClick(window.delete_button, Qt.MouseButton.LeftButton)
    assert _questions(window) == ["why is the build red", "deploy the shop"]
    assert not window.delete_repo_button.isEnabled()  # "all repositories" is chosen
    window.repo_filter.setCurrentIndex(window.repo_filter.findData(RATES))
    qtbot.mouseClick(window.delete_repo_button, Qt.MouseButton.LeftButton)
    assert "rates" in asked[-1] and _questions(window) == ["deploy the shop"]
    window.confirm = lambda _question: False
    qtbot.mouseClick(window.delete_all_button, Qt.MouseButton.LeftButton)
    assert window.list.count() == 1, "a refused confirmation deletes nothing"
    window.confirm = lambda _question: True
    qtbot.mouseClick(window.delete_all_button, Qt.MouseButton.LeftButton)
    assert window.list.count() == 0 and window.empty.text() == "No questions kept yet."
    assert History().turns() == []


def test_history_off_is_said_and_its_settings_round_trip(qtbot: QtBot) -> None:
    window = _window(qtbot, Holder(Settings(history_enabled=False)))
    assert window.off_banner.isVisible()
    page = HistorySettings()
    qtbot.addWidget(page)
    page.load(Settings(history_enabled=False, history_days=7))
    assert not page.enabled.isChecked() and page.days.value() == 7 and not page.days.isEnabled()
    page.enabled.setChecked(True)
    page.days.setValue(90)
    assert page.apply_to(Settings()) == Settings(history_enabled=True, history_days=90)


def test_times_read_naturally() -> None:
    import datetime

    now = datetime.datetime(2026, 11, 30, 15, 0)
    assert when(datetime.datetime(2026, 11, 30, 9, 5).timestamp(), now) == "09:05"
    assert when(datetime.datetime(2026, 11, 28, 9, 5).timestamp(), now) == "Sat 28 Nov 09:05"
    assert when(datetime.datetime(2025, 1, 2, 9, 5).timestamp(), now) == "02 Jan 2025 09:05"


def test_a_learned_alias_removed_by_hand_is_no_longer_listed(qtbot: QtBot) -> None:
    ids = _fill()
    settings, _taught = corrections.learn(Settings(), History(), ids["cache"], "what does the RateCache hold")
    page = HistorySettings()
    qtbot.addWidget(page)
    page.load(settings)
    assert page.learned.rowCount() == 1
    page.load(Settings())  # the alias was deleted from the settings file by hand
    assert page.learned.rowCount() == 0 and page.none_learned.isVisibleTo(page)


def test_the_history_window_closes_with_its_close_button_and_with_esc(qtbot: QtBot) -> None:
    _fill()
    window = _window(qtbot, Holder(Settings()))
    close = next(b for b in window.findChildren(QPushButton) if b.text() == "Close")
    assert close.isVisible()
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not window.isVisible()
    window.show()
    window.list.setFocus()
    qtbot.keyClick(window.list, Qt.Key.Key_Escape)
    assert not window.isVisible()
    window.show()
    window.search.setFocus()  # also from the search box, where the person last typed
    qtbot.keyClick(window.search, Qt.Key.Key_Escape)
    assert not window.isVisible()


def test_the_language_a_question_was_heard_in_is_shown_beside_it(qtbot: QtBot) -> None:
    history = History()
    now = time.time()
    history.add(RATES, "warum ist der Build rot", "Zwei Tests.", language=Heard("de", 0.91, True), at=now - 5)
    history.add(RATES, "¿qué rama?", "main.", language=Heard("es", 1.0, False), at=now - 3)
    history.add(RATES, "what branch", "main.", source="typed", at=now)
    window = _window(qtbot, Holder(Settings()))
    assert "heard in" not in window.meta.text()  # a typed question has no spoken language
    window.list.setCurrentRow(1)
    assert window.meta.text().endswith("· heard in Spanish (fixed in Settings)")
    window.list.setCurrentRow(2)
    assert window.meta.text().endswith("· heard in German (detected, 91% sure)")
