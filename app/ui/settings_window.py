"""The settings window: API key, model, voice and devices, per-repository commands, memory.

Saving writes the settings file through app.core.settings (schema version, defaults),
the API key to the system keyring, and the autostart entry; the app applies the new
settings when `saved` fires. Slow checks (the API key test, the voice test) run off
the main thread and report back through signals.
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import cast

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QHideEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
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
from app.core.settings import Effort, RepoCommands, Settings
from app.ui.background import Background, short_error
from app.ui.hotkey_edit import HotkeyEdit, check_chord
from app.ui.level_meter import LevelMeter
from app.ui.memory_editor import MemoryEditor
from app.ui.microphone import Microphone
from app.ui.speech_tab import SpeechTab
from app.ui.titles import window_title

log = logging.getLogger(__name__)

MODELS = ("claude-haiku-5-5", "claude-sonnet-4-5", "claude-opus-4-5")
DEFAULT_DEVICE = "System default"
EMBEDDED = "Embedded (default)"
TEST_SENTENCE = "This is how answers will sound. The build is green and all tests pass."


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
        self.setWindowTitle(window_title("Settings"))
        self.resize(780, 560)
        self._settings = settings
        self._background = Background(self)
        self._background.done.connect(self._on_background_done)
        self.meter = LevelMeter(microphone)
        self.level, self.level_status = self.meter.bar, self.meter.status

        self.problem = QLabel(problem)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("background: #fdecea; color: #8c1d18; padding: 8px; border-radius: 4px;")
        self.problem.setVisible(bool(problem))

        self.tabs = QTabWidget()
        self.tabs.addTab(self._general_tab(), "General")
        self.tabs.addTab(self._voice_tab(), "Voice")
        self.speech = SpeechTab()
        self.speech.settings_changed.connect(self._save_now)
        self.speech.open_history.connect(self.open_history.emit)
        self.tabs.addTab(self.speech, "Speech")
        self.tabs.addTab(self._repos_tab(), "Repositories")
        self.memory = MemoryEditor()
        self.tabs.addTab(self.memory, "Memory")
        self.tabs.currentChanged.connect(lambda _i: self._update_meter())

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.close)
        self.status = QLabel()
        self.status.setWordWrap(True)
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
        self.key_edit.setToolTip("Your Anthropic API key; kept in the system keyring, never in a file")
        self.key_test = QPushButton("Test")
        self.key_test.setToolTip("Make one cheap API call with this key")
        self.key_test.clicked.connect(self.test_key)
        self.key_status = QLabel()
        self.key_status.setWordWrap(True)
        key_row = QHBoxLayout()
        key_row.addWidget(self.key_edit, 1)
        key_row.addWidget(self.key_test)
        form.addRow("API key:", key_row)
        form.addRow("", self.key_status)
        self.model = QComboBox()
        self.model.setEditable(True)
        self.model.addItems(MODELS)
        self.model.setToolTip("The Claude model that answers")
        form.addRow("Model:", self.model)
        self.effort = QComboBox()
        self.effort.addItems(["low", "medium", "high"])
        self.effort.setToolTip("How hard the model thinks before answering (higher is slower)")
        form.addRow("Effort:", self.effort)
        self.max_tokens = QSpinBox()
        self.max_tokens.setRange(256, 64000)
        self.max_tokens.setSingleStep(256)
        self.max_tokens.setToolTip("The longest answer the model may write in one step")
        form.addRow("Max tokens:", self.max_tokens)
        self.idle = QSpinBox()
        self.idle.setRange(0, 24 * 60)
        self.idle.setSuffix(" minutes")
        self.idle.setSpecialValueText("never")
        self.idle.setToolTip("After this long without a question, the next one starts a new session")
        form.addRow("New session after:", self.idle)
        self.autostart = QCheckBox("Start at login")
        self.autostart.setEnabled(autostart.supported())
        form.addRow("", self.autostart)
        return page

    def _voice_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.hotkey = HotkeyEdit()
        self.hotkey.chord_changed.connect(self._check_hotkey)
        self.hotkey_mode = QComboBox()
        self.hotkey_mode.addItem("Hold to talk", "hold")
        self.hotkey_mode.addItem("Press to start, press to stop", "toggle")
        hotkey_row = QHBoxLayout()
        hotkey_row.addWidget(self.hotkey, 1)
        hotkey_row.addWidget(self.hotkey_mode)
        form.addRow("Hotkey:", hotkey_row)
        self.hotkey_problem = QLabel()
        self.hotkey_problem.setWordWrap(True)
        self.hotkey_problem.setStyleSheet("color: #b3261e;")
        form.addRow("", self.hotkey_problem)
        self.input_device = QComboBox()
        self.input_device.currentIndexChanged.connect(lambda _i: self._update_meter(restart=True))
        form.addRow("Microphone:", self.input_device)
        self.keep_open = QCheckBox("Keep the microphone open for instant start")
        self.keep_open.setToolTip(
            "Keeps the last moment before each press, so your first syllable is heard. When off, the "
            "microphone opens on each press and the first syllable can be clipped. While it is open, "
            "some desktops show a microphone indicator."
        )
        form.addRow("", self.keep_open)
        form.addRow("Level:", self.meter)
        self.output_device = QComboBox()
        self.voice_test = QPushButton("Test voice")
        self.voice_test.setToolTip("Say a sentence with the chosen voice on the chosen speaker")
        self.voice_test.clicked.connect(self.test_voice)
        out_row = QHBoxLayout()
        out_row.addWidget(self.output_device, 1)
        out_row.addWidget(self.voice_test)
        form.addRow("Speaker:", out_row)
        self.voice_status = QLabel()
        self.voice_status.setWordWrap(True)
        form.addRow("", self.voice_status)
        self.whisper = self._path_row(form, "Speech model:", "Choose a faster-whisper model folder", folder=True)
        self.piper = self._path_row(form, "Voice:", "Choose a Piper voice (.onnx)", folder=False)
        self.rate = QSpinBox()
        self.rate.setRange(50, 200)
        self.rate.setSuffix(" %")
        self.rate.setToolTip("How fast answers are spoken")
        form.addRow("Speaking rate:", self.rate)
        self.cues = QCheckBox("Play a short sound when listening starts and stops")
        form.addRow("", self.cues)
        return page

    def _path_row(self, form: QFormLayout, label: str, title: str, *, folder: bool) -> QComboBox:
        combo = QComboBox()
        combo.addItem(EMBEDDED, "")
        combo.setToolTip("The embedded model works offline; choose another to use your own")
        browse = QPushButton("Choose…")

        def choose() -> None:
            if folder:
                path = QFileDialog.getExistingDirectory(self, title)
            else:
                path, _ = QFileDialog.getOpenFileName(self, title, "", "Piper voices (*.onnx)")
            if path:
                _select_or_add(combo, path)

        browse.clicked.connect(choose)
        row = QHBoxLayout()
        row.addWidget(combo, 1)
        row.addWidget(browse)
        form.addRow(label, row)
        return combo

    def _repos_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        hint = QLabel(
            "Build and test commands per repository. Leave a field empty to let the agent detect "
            "the toolchain (dotnet, Python, Node, Cargo, Go, Make)."
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.commands = QTableWidget(0, 3)
        self.commands.setHorizontalHeaderLabels(["Repository", "Build command", "Test command"])
        header = self.commands.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.commands.verticalHeader().setVisible(False)
        layout.addWidget(self.commands, 1)
        self.no_repos = QLabel("No repositories yet. Choose one from the tray menu, then set its commands here.")
        self.no_repos.setStyleSheet("color: palette(mid);")
        layout.addWidget(self.no_repos)
        return page

    # ---- settings in and out ---------------------------------------------------------------

    def load(self, settings: Settings) -> None:
        self._settings = settings
        key, where = api_key.find_api_key()
        self.key_edit.clear()
        if key:
            source = "the environment (ANTHROPIC_API_KEY)" if where == "environment" else "the system keyring"
            self.key_edit.setPlaceholderText(f"{api_key.mask(key)} — from {source}")
        else:
            self.key_edit.setPlaceholderText("Paste your Anthropic API key (sk-ant-…)")
        _select_or_add(self.model, settings.model)
        self.effort.setCurrentText(settings.effort)
        self.max_tokens.setValue(settings.max_tokens)
        self.idle.setValue(settings.idle_minutes)
        self.autostart.setChecked(settings.start_at_login or autostart.is_enabled())
        self.hotkey.setText(settings.hotkey)
        self.hotkey_mode.setCurrentIndex(max(0, self.hotkey_mode.findData(settings.hotkey_mode)))
        self._fill_devices(settings)
        _select_or_add(self.whisper, settings.whisper_model)
        self.speech.load(settings)
        _select_or_add(self.piper, settings.piper_voice)
        self.rate.setValue(round(settings.speech_rate * 100))
        self.cues.setChecked(settings.sound_cues)
        self.keep_open.setChecked(settings.keep_microphone_open)
        repos = list(dict.fromkeys([*settings.recent_repos, *settings.repo_commands]))
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
        self.memory.set_active_repository(Path(settings.last_repo) if settings.last_repo else None)

    def _fill_devices(self, settings: Settings) -> None:
        inputs: list[str] = []
        outputs: list[str] = []
        try:
            from app.voice.audio import list_devices

            devices = list_devices()
            inputs, outputs = list(devices.inputs), list(devices.outputs)
        except Exception as exc:  # no sound system: the defaults remain selectable
            log.info("listing audio devices failed: %s", exc)
        for combo, names, chosen in (
            (self.input_device, inputs, settings.input_device),
            (self.output_device, outputs, settings.output_device),
        ):
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(DEFAULT_DEVICE, "")
            for name in names:
                combo.addItem(name, name)
            _select_or_add(combo, chosen)
            combo.blockSignals(False)

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
        return self.speech.apply_to(dataclasses.replace(
            shown,
            model=self.model.currentText().strip() or shown.model,
            effort=cast(Effort, self.effort.currentText()),
            max_tokens=self.max_tokens.value(),
            idle_minutes=self.idle.value(),
            start_at_login=self.autostart.isChecked(),
            hotkey=shown.hotkey if check_chord(self.hotkey.text()) else self.hotkey.text(),
            hotkey_mode=self.hotkey_mode.currentData(),
            input_device=self.input_device.currentData() or "",
            output_device=self.output_device.currentData() or "",
            whisper_model=self.whisper.currentData() or "",
            piper_voice=self.piper.currentData() or "",
            speech_rate=self.rate.value() / 100,
            sound_cues=self.cues.isChecked(),
            keep_microphone_open=self.keep_open.isChecked(),
            repo_commands=commands,
        ))

    def _save_now(self, changed: Settings) -> None:
        """A learned alias removed on the Speech page: saved and applied at once, other edits left pending."""
        new = dataclasses.replace(self._settings, repo_aliases=changed.repo_aliases)
        try:
            settings_store.save(new)
        except OSError as exc:
            self._show_status(f"The settings could not be saved: {exc.strerror or exc}.", error=True)
            return
        self._settings = new
        self._show_status("Removed. That spelling is no longer learned.")
        self.saved.emit(new)

    def aliases_changed(self, settings: Settings) -> None:
        """Aliases learned elsewhere (a correction in the History window): kept when this window saves."""
        self._settings = dataclasses.replace(self._settings, repo_aliases=settings.repo_aliases)
        self.speech.history.load(self.current())

    @Slot()
    def save(self) -> bool:
        problem = check_chord(self.hotkey.text())
        if problem:
            self.tabs.setCurrentIndex(1)
            self._show_status(problem, error=True)
            return False
        new = self.current()
        try:
            settings_store.save(new)
        except OSError as exc:
            self._show_status(f"The settings could not be saved: {exc.strerror or exc}.", error=True)
            return False
        messages_out: list[str] = []
        key = self.key_edit.text().strip()
        if key:
            try:
                api_key.store_api_key(key)
                self.key_edit.clear()
                self.key_edit.setPlaceholderText(f"{api_key.mask(key)} — from the system keyring")
            except Exception as exc:
                messages_out.append(f"The API key could not be stored in the system keyring ({short_error(exc)}).")
        try:
            autostart.set_enabled(new.start_at_login)
        except OSError as exc:
            messages_out.append(f"Start at login could not be changed ({exc.strerror or exc}).")
        self._settings = new
        self.problem.hide()
        if messages_out:
            self._show_status(" ".join(messages_out), error=True)
        else:
            self._show_status("Saved. Changes apply to the next question.")
        self.saved.emit(new)
        return True

    def _show_status(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("color: #b3261e;" if error else "color: #1e6b34;")

    def _check_hotkey(self, chord: str) -> None:
        self.hotkey_problem.setText(check_chord(chord))

    # ---- slow checks ---------------------------------------------------------------------

    def test_key(self) -> None:
        key = self.key_edit.text().strip() or api_key.find_api_key()[0]
        if not key:
            self.key_status.setText("Enter a key first.")
            return
        self.key_test.setEnabled(False)
        self.key_status.setText("Testing…")
        def check() -> str:
            from app.core.agent.client import check_api_key  # the SDK: imported when first needed

            return check_api_key(key)

        self._background.run("key", check)

    def test_voice(self) -> None:
        voice, device, rate = self.piper.currentData() or "", self.output_device.currentData() or "", 1.0
        rate = self.rate.value() / 100

        def speak() -> str:
            from app.voice.speaker import Speaker

            speaker = Speaker(voice, device=device, rate=rate)
            speaker.load()
            speaker.say(TEST_SENTENCE)
            finished = speaker.wait(30)
            speaker.close()
            return "Done." if finished else "The speaker did not finish in time."

        self.voice_test.setEnabled(False)
        self.voice_status.setText("Speaking…")
        self._background.run("voice", speak)

    @Slot(str, object, str)
    def _on_background_done(self, tag: str, result: object, error: str) -> None:
        label, button = (self.key_status, self.key_test) if tag == "key" else (self.voice_status, self.voice_test)
        button.setEnabled(True)
        label.setText(error or str(result))
        label.setStyleSheet("color: #b3261e;" if error else "color: #1e6b34;")

    # ---- live level meter ------------------------------------------------------------------

    def _update_meter(self, restart: bool = False) -> None:
        wanted = self.isVisible() and self.tabs.currentIndex() == 1
        if restart or not wanted:
            self.meter.release()
        if wanted:
            self.meter.watch(self.input_device.currentData() or "")

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._update_meter()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._update_meter()

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        self._update_meter()


def _select_or_add(combo: QComboBox, value: str) -> None:
    """Select the entry whose data (or text) is `value`, adding it when it is not listed."""
    index = combo.findData(value)
    if index < 0:
        index = combo.findText(value)
    if index < 0:
        combo.addItem(value, value)
        index = combo.count() - 1
    combo.setCurrentIndex(index)
