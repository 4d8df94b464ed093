"""The settings window: API key, model, voice and devices, per-repository commands, memory.

Saving writes the settings file through app.core.settings (schema version, defaults),
the API key to the system keyring, and the autostart entry; the app applies the new
settings when `saved` fires. The Voice, Speech and Memory pages are their own widgets
(`voice_tab`, `speech_tab`, `memory_editor`). Slow checks (the API key test here, the voice
test on its page) run off the main thread and report back through signals.

One job, the window that gathers the pages and saves them as one Settings; each page's own work lives apart.
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import cast

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QHideEvent, QKeyEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.core import api_key, autostart
from app.core import settings as settings_store
from app.core.settings import MAX_PANEL_PAGES, Effort, RepoCommands, Settings
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours, translation
from app.ui.background import Job, error_text
from app.ui.combo import select_or_add
from app.ui.hotkey_edit import check_chord
from app.ui.language_choice import LanguageChoice
from app.ui.memory_editor import MemoryEditor
from app.ui.microphone import Microphone
from app.ui.speech_tab import SpeechTab
from app.ui.titles import window_title
from app.ui.trust_list import TrustList
from app.ui.voice_tab import VoiceTab
from app.ui.window_fit import FRAME_ROOM, SizeKeeper, available_area, bounded

log = logging.getLogger(__name__)

MODELS = ("claude-haiku-5-5", "claude-sonnet-4-5", "claude-opus-4-5")
# One line with its cost; the README ("Prepare the answer while I speak") gives the figures' source.
PREPARE_HINT = QT_TRANSLATE_NOOP(
    "settings_window",
    "Sends the prompt ahead when the key goes down after a 5-minute break, so the first answer is as quick "
    "as the rest; costs about one cache write of the prompt (~3,200 tokens, about $0.0004 on Haiku 5.5) "
    "per break, and loads the Claude SDK at launch, not at the first question (about 60 MB of memory from "
    "the start).",
)
EDITOR_HINT = QT_TRANSLATE_NOOP(
    "settings_window",
    "With the Neovim plugin installed, a question carries the file, cursor line, selection (up to 4,000 "
    "characters) and diagnostics the editor shows, secrets masked; only when it is from the repository "
    "being asked about and at most a minute older than the question.",
)


class SettingsWindow(QDialog):
    saved = Signal(object)  # Settings
    open_history = Signal()

    def __init__(
        self,
        settings: Settings,
        *,
        problem: str = "",
        microphone: Microphone | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(self.tr("Settings")))
        # Room for the Memory page's lines where the screen has it; reopened at the size it was closed at.
        self.resize(bounded(QSize(1040, 720), available_area(self), room=FRAME_ROOM))
        self._size = SizeKeeper(self)  # reopened at the size it was closed at, within the screen: it never grows
        self._settings = settings

        self.problem = QLabel(problem)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"{colours.PROBLEM_BOX} padding: 8px;")
        self.problem.setVisible(bool(problem))

        self.tabs = QTabWidget()
        self.tabs.addTab(self._general_tab(), self.tr("General"))
        self.voice = VoiceTab(microphone)
        self.voice.input_device.currentIndexChanged.connect(lambda _i: self._update_meter(restart=True))
        self.tabs.addTab(self.voice, self.tr("Voice"))
        self.speech = SpeechTab()
        self.speech.settings_changed.connect(self._save_now)
        self.speech.open_history.connect(self.open_history.emit)
        self.tabs.addTab(self.speech, self.tr("Speech"))
        self.tabs.addTab(self._repos_tab(), self.tr("Repositories"))
        self.memory = MemoryEditor()
        self.memory.ask_first_chosen.connect(self._ask_first_chosen)
        self.tabs.addTab(self.memory, self.tr("Memory"))
        self.tabs.currentChanged.connect(lambda _i: self._update_meter())

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.close)
        self.status = QLabel()
        self.status.setWordWrap(True)
        # The Memory page saves its file with its own Save (its changes are not settings): one Save per page.
        self.tabs.currentChanged.connect(
            lambda _i: self.buttons.button(QDialogButtonBox.StandardButton.Save).setVisible(
                self.tabs.currentWidget() is not self.memory
            )
        )
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.buttons)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 14, 14, 12)
        layout.setSpacing(10)
        layout.addWidget(self.problem)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(bottom)
        QShortcut(QKeySequence.StandardKey.Save, self, self.save)
        self.load(settings)

    # ---- tabs -----------------------------------------------------------------------------

    def _general_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.key_edit = QLineEdit()
        self.key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_edit.setToolTip(self.tr("Your Anthropic API key; kept in the system keyring, never in a file"))
        self.key_test = QPushButton(self.tr("Test"))
        self.key_test.setToolTip(self.tr("Make one cheap API call with this key"))
        self.key_test.clicked.connect(self.test_key)
        self.key_status = QLabel()
        self.key_status.setWordWrap(True)
        # Offered only when the keyring refused the key, so the running app can still answer.
        self.key_session = QPushButton(self.tr("Use this key until the app quits"))
        self.key_session.setToolTip(self.tr("Kept in memory only: not in the keyring, the settings or the logs"))
        self.key_session.clicked.connect(self.use_key_for_session)
        self.key_session.hide()
        key_row = QHBoxLayout()
        key_row.addWidget(self.key_edit, 1)
        key_row.addWidget(self.key_test)
        form.addRow(self.tr("API key:"), key_row)
        form.addRow("", self.key_status)
        form.addRow("", self.key_session)
        self.model = QComboBox()
        self.model.setEditable(True)
        self.model.addItems(MODELS)
        self.model.setToolTip(self.tr("The Claude model that answers"))
        form.addRow(self.tr("Model:"), self.model)
        self.effort = QComboBox()
        self.effort.addItem(self.tr("low"), "low")
        self.effort.addItem(self.tr("medium"), "medium")
        self.effort.addItem(self.tr("high"), "high")
        self.effort.setToolTip(self.tr("How hard the model thinks before answering (higher is slower)"))
        form.addRow(self.tr("Effort:"), self.effort)
        self.max_tokens = QSpinBox()
        self.max_tokens.setRange(256, 64000)
        self.max_tokens.setSingleStep(256)
        self.max_tokens.setToolTip(self.tr("The longest answer the model may write in one step"))
        form.addRow(self.tr("Max tokens:"), self.max_tokens)
        self.idle = QSpinBox()
        self.idle.setRange(0, 24 * 60)
        self.idle.setSuffix(self.tr(" minutes"))
        self.idle.setSpecialValueText(self.tr("never"))
        self.idle.setToolTip(self.tr("After this long without a question, the next one starts a new session"))
        form.addRow(self.tr("New session after:"), self.idle)
        self.panel_pages = QSpinBox()
        self.panel_pages.setRange(1, MAX_PANEL_PAGES)
        self.panel_pages.setSuffix(self.tr(" answers"))
        self.panel_pages.setToolTip(
            self.tr(
                "The answer panel keeps this many of the session's pages to step back through; older "
                "answers stay in the History window while history is on"
            )
        )
        form.addRow(self.tr("Answers kept in the panel:"), self.panel_pages)
        self.prepare = QCheckBox(self.tr("Prepare the answer while I speak"))
        self.prepare.setToolTip(QCoreApplication.translate("settings_window", PREPARE_HINT))
        form.addRow("", self.prepare)
        prepare_hint = QLabel(QCoreApplication.translate("settings_window", PREPARE_HINT))
        prepare_hint.setWordWrap(True)
        prepare_hint.setStyleSheet("color: palette(mid);")
        form.addRow("", prepare_hint)
        self.editor_context = QCheckBox(self.tr("Send what the editor shows"))
        self.editor_context.setToolTip(QCoreApplication.translate("settings_window", EDITOR_HINT))
        form.addRow("", self.editor_context)
        self.autostart = QCheckBox(self.tr("Start at login"))
        self.autostart.setEnabled(autostart.supported())
        form.addRow("", self.autostart)
        self.language = LanguageChoice()
        form.addRow(self.tr("Language of the app:"), self.language)
        form.addRow("", self.language.note)
        return page

    def _repos_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        hint = QLabel(
            self.tr(
                "Build and test commands per repository. Leave a field empty to let the agent detect the "
                "toolchain (dotnet, Python, Node, Cargo, Go, Make)."
            )
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.commands = QTableWidget(0, 3)
        self.commands.setHorizontalHeaderLabels(
            [self.tr("Repository"), self.tr("Build command"), self.tr("Test command")]
        )
        header = self.commands.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.commands.verticalHeader().setVisible(False)
        layout.addWidget(self.commands, 1)
        self.no_repos = QLabel(
            self.tr("No repositories yet. Choose one from the tray menu, then set its commands here.")
        )
        self.no_repos.setStyleSheet("color: palette(mid);")
        layout.addWidget(self.no_repos)
        self.trusted = TrustList()
        layout.addWidget(self.trusted)
        return page

    # ---- settings in and out ---------------------------------------------------------------

    def load(self, settings: Settings) -> None:
        self._settings = settings
        key, where = api_key.find_api_key()
        self.key_edit.clear()
        if key:
            source = {
                "environment": self.tr("the environment (ANTHROPIC_API_KEY)"),
                "session": self.tr("memory, until the app quits"),
            }.get(where, self.tr("the system keyring"))
            self.key_edit.setPlaceholderText(
                self.tr("{mask} — from {source}").format(mask=api_key.mask(key), source=source)
            )
        else:
            self.key_edit.setPlaceholderText(self.tr("Paste your Anthropic API key (sk-ant-…)"))
        select_or_add(self.model, settings.model)
        self.effort.setCurrentIndex(max(0, self.effort.findData(settings.effort)))
        self.max_tokens.setValue(settings.max_tokens)
        self.idle.setValue(settings.idle_minutes)
        self.panel_pages.setValue(settings.panel_pages)
        self.prepare.setChecked(settings.prepare_while_speaking)
        self.editor_context.setChecked(settings.send_editor_context)
        self.autostart.setChecked(settings.start_at_login or autostart.is_enabled())
        self.language.load(settings.ui_language)
        self.voice.load(settings)
        self.speech.load(settings)
        repos = list(dict.fromkeys([*settings.recent_repos, *settings.repo_commands]))
        self.trusted.set_recent(repos)  # the ones not trusted yet are offered to trust
        self.commands.setRowCount(len(repos))
        for row, repo in enumerate(repos):
            name = QTableWidgetItem(Path(repo).name)
            name.setToolTip(repo)
            name.setData(Qt.ItemDataRole.UserRole, repo)
            name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.commands.setItem(row, 0, name)
            commands = settings.repo_commands.get(repo, RepoCommands())
            self.commands.setItem(row, 1, QTableWidgetItem(commands.build))
            self.commands.setItem(row, 2, QTableWidgetItem(commands.test))
        self.no_repos.setVisible(not repos)
        self.memory.show_ask_first(settings.memory_ask_first)
        self.memory.set_active_repository(Path(settings.last_repo) if settings.last_repo else None)

    def current(self) -> Settings:
        """The settings as the window shows them now."""
        commands: dict[str, RepoCommands] = {}
        for row in range(self.commands.rowCount()):
            cells = [self.commands.item(row, column) for column in range(3)]
            if cells[0] is None:
                continue
            repo = cells[0].data(Qt.ItemDataRole.UserRole)
            build, test = ((cell.text().strip() if cell is not None else "") for cell in cells[1:])
            if build or test:
                commands[repo] = RepoCommands(build, test)
        shown = self._settings
        general = dataclasses.replace(
            shown,
            model=self.model.currentText().strip() or shown.model,
            effort=cast(Effort, self.effort.currentData() or "low"),
            max_tokens=self.max_tokens.value(),
            idle_minutes=self.idle.value(),
            panel_pages=self.panel_pages.value(),
            prepare_while_speaking=self.prepare.isChecked(),
            send_editor_context=self.editor_context.isChecked(),
            start_at_login=self.autostart.isChecked(),
            ui_language=self.language.value(),
            repo_commands=commands,
        )
        return self.speech.apply_to(self.voice.apply_to(general))

    def _save_now(self, changed: Settings) -> None:
        """A learned alias removed on the Speech page: saved and applied at once, other edits left pending."""
        new = dataclasses.replace(self._settings, repo_aliases=changed.repo_aliases)
        try:
            settings_store.save(new)
        except OSError as exc:
            self._show_status(
                self.tr("The settings could not be saved: {value}.").format(value=exc.strerror or exc), error=True
            )
            return
        self._settings = new
        self._show_status(self.tr("Removed. That spelling is no longer learned."))
        self.saved.emit(new)

    def _ask_first_chosen(self, on: bool) -> None:
        """ "Ask before remembering", ticked on the Memory page: saved and applied at once (that page has no
        settings Save), other pages' edits left pending."""
        new = dataclasses.replace(self._settings, memory_ask_first=on)
        try:
            settings_store.save(new)
        except OSError as exc:
            self.memory.show_ask_first(self._settings.memory_ask_first)
            self._show_status(
                self.tr("The settings could not be saved: {value}.").format(value=exc.strerror or exc), error=True
            )
            return
        self._settings = new
        self._show_status(
            self.tr("Saved. From the next session, every line the agent writes waits for you to keep it.")
            if on
            else self.tr(
                "Saved. From the next session, the agent remembers without asking (lines it copies from "
                "files, and standing instructions, still wait for you)."
            )
        )
        self.saved.emit(new)

    def aliases_changed(self, settings: Settings) -> None:
        """Aliases learned elsewhere (a correction in the History window): kept when this window saves."""
        self._settings = dataclasses.replace(self._settings, repo_aliases=settings.repo_aliases)
        self.speech.history.load(self.current())

    @Slot()
    def save(self) -> bool:
        problem = check_chord(self.voice.hotkey.text())
        if problem:
            self.tabs.setCurrentWidget(self.voice)
            self._show_status(problem, error=True)
            return False
        new = self.current()
        try:
            settings_store.save(new)
        except OSError as exc:
            self._show_status(
                QCoreApplication.translate("SettingsWindow", "The settings could not be saved: {value}.").format(
                    value=exc.strerror or exc
                ),
                error=True,
            )
            return False
        messages_out: list[str] = []
        key = self.key_edit.text().strip()
        if key:
            try:
                api_key.store_api_key(key)
                self.key_edit.clear()
                self.key_edit.setPlaceholderText(
                    self.tr("{mask} — from the system keyring").format(mask=api_key.mask(key))
                )
            except Exception as exc:  # keyring's errors (no backend, locked, refused) share no base class we can name
                log.info("API key not stored: %s", type(exc).__name__)
                self._show_key_problem(translation.shown(api_key.NO_KEYRING))
                self.key_session.show()
                messages_out.append(
                    QCoreApplication.translate("SettingsWindow", "The API key was not saved: see the General page.")
                )
        try:
            autostart.set_enabled(new.start_at_login)
        except OSError as exc:
            messages_out.append(
                QCoreApplication.translate("SettingsWindow", "Start at login could not be changed ({value}).").format(
                    value=exc.strerror or exc
                )
            )
        language_changed = new.ui_language != self._settings.ui_language
        self._settings = new
        self.problem.hide()
        if messages_out:
            self._show_status(" ".join(messages_out), error=True)
        elif language_changed:  # the translators are installed once, at start (app.ui.translation)
            self._show_status(self.tr("Saved. The app's language changes when it starts again."))
        else:
            self._show_status(
                QCoreApplication.translate("SettingsWindow", "Saved. Changes apply to the next question.")
            )
        self.saved.emit(new)
        return True

    def use_key_for_session(self) -> None:
        key = self.key_edit.text().strip()
        if not key:
            self._show_key_problem(self.tr("Enter a key first."))
            return
        api_key.use_for_session(key)
        self.key_edit.clear()
        self.key_edit.setPlaceholderText(
            self.tr("{mask} — from memory, until the app quits").format(mask=api_key.mask(key))
        )
        self.key_session.hide()
        self.key_status.setText(self.tr("Using this key until the app quits; it is not saved anywhere."))
        self.key_status.setStyleSheet(colours.OK_TEXT)
        self._show_status("")

    def _show_key_problem(self, text: str) -> None:
        self.key_status.setText(text)
        self.key_status.setStyleSheet(colours.ERROR_TEXT)

    def _show_status(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(colours.status(error))

    # ---- the API key test ---------------------------------------------------------------------

    def test_key(self) -> None:
        key = self.key_edit.text().strip() or api_key.find_api_key()[0]
        if not key:
            self.key_status.setText(self.tr("Enter a key first."))
            return
        self.key_test.setEnabled(False)
        self.key_status.setText(self.tr("Testing…"))

        def check() -> str:
            from app.core.agent.client import check_api_key  # the SDK: imported when first needed

            return check_api_key(key)

        Job(check, name="settings-key", on_returned=self._on_key_checked,
            on_errored=lambda exc: self._on_key_checked(None, error_text(exc)), owner=self).start()  # fmt: skip

    def _on_key_checked(self, result: object, error: str = "") -> None:
        self.key_test.setEnabled(True)
        self.key_status.setText(error or str(result))
        self.key_status.setStyleSheet(colours.status(bool(error)))

    # ---- live level meter ------------------------------------------------------------------

    def _update_meter(self, restart: bool = False) -> None:
        self.voice.update_meter(self.isVisible() and self.tabs.currentWidget() is self.voice, restart=restart)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.trusted.fill()  # trusted from the panel or the command line since the window was made
        # Messages belong to the visit that caused them: a window opened again starts clean.
        if not event.spontaneous():
            self._show_status("")
            self.key_status.clear()
            self.key_session.hide()
        self._update_meter()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._update_meter()

    def has_unsaved_changes(self) -> bool:
        return bool(self.key_edit.text().strip()) or self.current() != self._settings

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc with unsaved changes asks first: a reflex key must not throw an edit away."""
        if event.key() == Qt.Key.Key_Escape and self.has_unsaved_changes():
            event.accept()
            button = QMessageBox.StandardButton
            answer = QMessageBox.question(
                self,
                window_title(self.tr("Settings")),
                self.tr("Save your changes before closing?"),
                button.Save | button.Discard | button.Cancel,
                button.Save,
            )
            if answer == button.Cancel or (answer == button.Save and not self.save()):
                return
            if answer == button.Discard:
                self.load(self._settings)
            self.close()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        self._update_meter()
