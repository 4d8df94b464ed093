"""The History window: past turns newest first, searchable; copy, ask again, show a page again, correct.

Everything shown comes from `app.core.history` on this computer. A corrected transcript is
kept beside what was heard and teaches the repository's aliases (`app.core.corrections`);
the window hands the new settings to the app through `settings_changed`, so the next
transcription of that repository spells the name right.
"""

from __future__ import annotations

import datetime
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.core import corrections
from app.core.history import History, Page, Turn
from app.core.settings import Settings
from app.ui import colours, translation
from app.ui.titles import window_title

log = logging.getLogger(__name__)

ALL = ""  # the repository filter's "all repositories"
SEARCH_DELAY_MS = 200


def when(at: float, now: datetime.datetime | None = None) -> str:
    """'14:02' today, 'Mon 28 Nov 14:02' this year, '28 Nov 2025 14:02' before."""
    moment = datetime.datetime.fromtimestamp(at)
    now = now or datetime.datetime.now()
    if moment.date() == now.date():
        return moment.strftime("%H:%M")
    if moment.year == now.year:
        return moment.strftime("%a %d %b %H:%M")
    return moment.strftime("%d %b %Y %H:%M")


def page_label(page: Page) -> str:
    """A page's title, or its first line when it has none."""
    if page.title.strip():
        return page.title.strip()
    lines = [line.strip("# ").strip() for line in page.markdown.splitlines() if line.strip()]
    return lines[0][:80] if lines else QCoreApplication.translate("history_window", "(empty page)")


class HistoryWindow(QWidget):
    ask_again = Signal(str, str)  # the question, its repository
    show_page = Signal(str, str, str, str)  # title, markdown, the question and the reply it belonged to
    settings_changed = Signal(object)  # Settings with aliases learned from a correction

    def __init__(self, settings: Callable[[], Settings], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(self.tr("History")))
        self.resize(900, 560)
        self._settings = settings
        # Asked before deleting more than one turn; tests answer it themselves.
        self.confirm: Callable[[str], bool] = self._ask_to_confirm
        self._turns: dict[int, Turn] = {}

        self.off_banner = QLabel(
            self.tr("History is off: new questions are not kept. Turn it on under Settings → Speech.")
        )
        self.off_banner.setWordWrap(True)
        self.off_banner.setStyleSheet(f"{colours.NOTE_BOX} padding: 6px;")
        self.repo_filter = QComboBox()
        self.repo_filter.setToolTip(self.tr("Show the turns of one repository"))
        self.repo_filter.currentIndexChanged.connect(lambda _i: self.reload())
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search questions, replies, tools and pages"))
        self.search.setClearButtonEnabled(True)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self.reload)
        self.search.textChanged.connect(lambda _t: self._search_timer.start())
        top = QHBoxLayout()
        top.addWidget(self.repo_filter)
        top.addWidget(self.search, 1)

        self.list = QListWidget()
        self.list.setAlternatingRowColors(True)
        self.list.setSpacing(1)
        self.list.currentItemChanged.connect(lambda _now, _before: self._show_current())
        self.empty = QLabel()
        self.empty.setStyleSheet("color: palette(mid);")
        self.empty.setWordWrap(True)

        self.meta = QLabel()
        self.meta.setWordWrap(True)
        self.question = QPlainTextEdit()
        self.question.setToolTip(self.tr("What was heard. Correct it here: the repository learns the names you fix."))
        self.question.setMaximumHeight(80)
        self.question.textChanged.connect(self._update_buttons)
        self.save_correction = QPushButton(self.tr("Save correction"))
        self.save_correction.setToolTip(
            self.tr("Keep this as what you said; names you fixed are learned for this repository")
        )
        self.save_correction.clicked.connect(self.correct_current)
        self.learned = QLabel()
        self.learned.setWordWrap(True)
        self.reply = QPlainTextEdit()
        self.reply.setReadOnly(True)
        self.tools = QLabel()
        self.tools.setWordWrap(True)
        self.pages = QListWidget()
        self.pages.setMaximumHeight(70)
        self.pages.itemActivated.connect(lambda _item: self.show_current_page())
        self.show_page_button = QPushButton(self.tr("Show page again"))
        self.show_page_button.clicked.connect(self.show_current_page)
        self.copy_question = QPushButton(self.tr("Copy question"))
        self.copy_question.clicked.connect(lambda: self._copy(self.question.toPlainText()))
        self.copy_reply = QPushButton(self.tr("Copy reply"))
        self.copy_reply.clicked.connect(lambda: self._copy(self.reply.toPlainText()))
        self.ask_button = QPushButton(self.tr("Ask again"))
        self.ask_button.setToolTip(self.tr("Ask this question again, in the current session"))
        self.ask_button.clicked.connect(self.ask_current_again)
        self.delete_button = QPushButton(self.tr("Delete"))
        self.delete_button.setToolTip(self.tr("Delete this turn from the history"))
        self.delete_button.clicked.connect(self.delete_current)

        detail = QWidget()
        right = QVBoxLayout(detail)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.meta)
        right.addWidget(QLabel(self.tr("Heard:")))
        right.addWidget(self.question)
        correction_row = QHBoxLayout()
        correction_row.addWidget(self.learned, 1)
        correction_row.addWidget(self.save_correction)
        right.addLayout(correction_row)
        right.addWidget(QLabel(self.tr("Reply:")))
        right.addWidget(self.reply, 1)
        right.addWidget(self.tools)
        right.addWidget(QLabel(self.tr("Pages shown:")))
        page_row = QHBoxLayout()
        page_row.addWidget(self.pages, 1)
        page_row.addWidget(self.show_page_button, 0, Qt.AlignmentFlag.AlignTop)
        right.addLayout(page_row)
        buttons = QHBoxLayout()
        for button in (self.copy_question, self.copy_reply, self.ask_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.delete_button)
        right.addLayout(buttons)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.list, 1)
        left_layout.addWidget(self.empty)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(detail)
        splitter.setStretchFactor(1, 2)

        self.delete_repo_button = QPushButton(self.tr("Delete this repository's history"))
        self.delete_repo_button.clicked.connect(self.delete_repository)
        self.delete_all_button = QPushButton(self.tr("Delete all history"))
        self.delete_all_button.clicked.connect(self.delete_everything)
        self.status = QLabel()
        self.status.setWordWrap(True)
        # A plain window has no dialog's Close: without one (and Esc) only the window manager's X closed it.
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.setToolTip(self.tr("Close the History window (Esc)"))
        self.close_button.clicked.connect(self.close)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.delete_repo_button)
        bottom.addWidget(self.delete_all_button)
        bottom.addSpacing(12)
        bottom.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.off_banner)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        QShortcut(QKeySequence.StandardKey.Find, self, self.search.setFocus)
        QShortcut(QKeySequence.StandardKey.Delete, self.list, self.delete_current)
        self.reload()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Esc closes, as in Settings; it reaches here from the list and the search box, which leave it alone.
        if event.key() == Qt.Key.Key_Escape:
            self.close()
            event.accept()
            return
        super().keyPressEvent(event)

    # ---- loading ------------------------------------------------------------------------------

    def history(self) -> History:
        return History.for_settings(self._settings())

    def repository(self) -> str | None:
        """The repository filter: None for all."""
        data = self.repo_filter.currentData()
        return None if not data else str(data)

    @Slot()
    def reload(self, *, select: int | None = None) -> None:
        """Read the history again (newest first), keeping the filter, search and selection."""
        settings = self._settings()
        self.off_banner.setVisible(not settings.history_enabled)
        history = self.history()
        current = select if select is not None else self._current_id()
        try:
            repos = history.repos()
            turns = history.turns(self.repository(), self.search.text())
        except sqlite3.Error as exc:
            log.warning("reading the history failed", exc_info=True)
            self._set_status(
                QCoreApplication.translate("HistoryWindow", "The history could not be read ({exc}).").format(exc=exc),
                error=True,
            )
            repos, turns = [], []
        self._fill_repos(repos)
        self._turns = {turn.id: turn for turn in turns}
        self.list.blockSignals(True)
        self.list.clear()
        for turn in turns:
            repo_name = Path(turn.repo).name or self.tr("no repository")
            item = QListWidgetItem(f"{when(turn.at)} · {repo_name}\n{turn.question}")
            item.setData(Qt.ItemDataRole.UserRole, turn.id)
            item.setToolTip(turn.repo)
            self.list.addItem(item)
            if turn.id == current:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        self.list.blockSignals(False)
        if not turns:
            searching = bool(self.search.text().strip())
            self.empty.setText(
                self.tr("Nothing matches the search.") if searching else self.tr("No questions kept yet.")
            )
        self.empty.setVisible(not turns)
        self.delete_repo_button.setEnabled(self.repository() is not None and bool(turns))
        self.delete_all_button.setEnabled(bool(repos))
        self._show_current()

    def _fill_repos(self, repos: list[str]) -> None:
        chosen = self.repo_filter.currentData() or ALL
        self.repo_filter.blockSignals(True)
        self.repo_filter.clear()
        self.repo_filter.addItem(self.tr("All repositories"), ALL)
        for repo in repos:
            self.repo_filter.addItem(Path(repo).name or repo, repo)
            self.repo_filter.setItemData(self.repo_filter.count() - 1, repo, Qt.ItemDataRole.ToolTipRole)
        index = self.repo_filter.findData(chosen)
        self.repo_filter.setCurrentIndex(max(0, index))
        self.repo_filter.blockSignals(False)

    def _current_id(self) -> int | None:
        item = self.list.currentItem()
        return int(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def current_turn(self) -> Turn | None:
        turn_id = self._current_id()
        return self._turns.get(turn_id) if turn_id is not None else None

    def _show_current(self) -> None:
        turn = self.current_turn()
        self.question.blockSignals(True)
        self.question.setPlainText(turn.question if turn else "")
        self.question.blockSignals(False)
        self.reply.setPlainText(turn.reply if turn else "")
        self.pages.clear()
        if turn is None:
            self.meta.setText("")
            self.tools.setText("")
            self.learned.setText("")
        else:
            how = self.tr(" · typed on the command line") if turn.source == "typed" else ""
            heard_in = (
                self.tr(" · heard in {language}").format(language=translation.shown(turn.language.describe()))
                if turn.language is not None
                else ""
            )
            repo_name = turn.repo or self.tr("no repository")
            self.meta.setText(f"{when(turn.at)} · {repo_name}{how}{heard_in}")
            # Labels come back from the history file as plain text: the fixed ones are found in the catalogue.
            labels = [
                QCoreApplication.translate("tools", t.label) + ("" if t.ok else self.tr(" (failed)"))
                for t in turn.tools
            ]
            ran = ", ".join(labels)
            self.tools.setText(self.tr("Tools: {ran}").format(ran=ran) if ran else self.tr("No tools ran."))
            self.learned.setText(
                self.tr("Corrected; heard as: “{heard}”").format(heard=turn.heard) if turn.corrected is not None else ""
            )
            for page in turn.pages:
                self.pages.addItem(QListWidgetItem(page_label(page)))
            if turn.pages:
                self.pages.setCurrentRow(0)
        self._update_buttons()

    def _update_buttons(self) -> None:
        turn = self.current_turn()
        for button in (self.copy_question, self.copy_reply, self.ask_button, self.delete_button):
            button.setEnabled(turn is not None)
        self.show_page_button.setEnabled(turn is not None and bool(turn.pages))
        edited = self.question.toPlainText().strip()
        self.save_correction.setEnabled(turn is not None and bool(edited) and edited != turn.question)

    # ---- actions ------------------------------------------------------------------------------

    @Slot()
    def ask_current_again(self) -> None:
        turn = self.current_turn()
        if turn is not None:
            self.ask_again.emit(turn.question, turn.repo)
            self._set_status(QCoreApplication.translate("HistoryWindow", "Asked again."))

    @Slot()
    def show_current_page(self) -> None:
        turn = self.current_turn()
        row = self.pages.currentRow()
        if turn is not None and 0 <= row < len(turn.pages):
            page = turn.pages[row]
            self.show_page.emit(page.title, page.markdown, turn.question, turn.reply)

    @Slot()
    def correct_current(self) -> None:
        turn = self.current_turn()
        text = self.question.toPlainText().strip()
        if turn is None or not text:
            return
        try:
            settings, taught = corrections.learn(self._settings(), self.history(), turn.id, text)
        except sqlite3.Error as exc:
            self._set_status(
                QCoreApplication.translate("HistoryWindow", "The correction could not be saved ({exc}).").format(
                    exc=exc
                ),
                error=True,
            )
            return
        if taught:
            self.settings_changed.emit(settings)
            learned = ", ".join(f"“{spoken}” → {written}" for spoken, written in taught.items())
            self._set_status(
                QCoreApplication.translate("HistoryWindow", "Correction saved. Learned for {name}: {learned}.").format(
                    name=Path(turn.repo).name, learned=learned
                )
            )
        else:
            self._set_status(
                QCoreApplication.translate("HistoryWindow", "Correction saved. No code names to learn in it.")
            )
        self.reload(select=turn.id)

    @Slot()
    def delete_current(self) -> None:
        turn = self.current_turn()
        if turn is None:
            return
        row = self.list.currentRow()
        self.history().delete_turn(turn.id)
        self.reload()
        if self.list.count():
            self.list.setCurrentRow(min(row, self.list.count() - 1))
        self._set_status(QCoreApplication.translate("HistoryWindow", "Deleted."))

    @Slot()
    def delete_repository(self) -> None:
        repo = self.repository()
        if repo is None or not self.confirm(
            QCoreApplication.translate("HistoryWindow", "Delete every kept question and reply of {name}?").format(
                name=Path(repo).name
            )
        ):
            return
        self.history().delete_repo(repo)
        self.repo_filter.setCurrentIndex(0)
        self.reload()
        self._set_status(
            QCoreApplication.translate("HistoryWindow", "Deleted the history of {name}.").format(name=Path(repo).name)
        )

    @Slot()
    def delete_everything(self) -> None:
        if not self.confirm(
            QCoreApplication.translate("HistoryWindow", "Delete every kept question and reply, of all repositories?")
        ):
            return
        self.history().delete_all()
        self.reload()
        self._set_status(QCoreApplication.translate("HistoryWindow", "All history deleted."))

    def _copy(self, text: str) -> None:
        QGuiApplication.clipboard().setText(text)
        self._set_status(QCoreApplication.translate("HistoryWindow", "Copied."))

    def _ask_to_confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self, window_title(self.tr("History")), question)
        return answer == QMessageBox.StandardButton.Yes

    def _set_status(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(colours.status(error))
