"""The first-run setup window: the API key, the repository, a microphone check, a hotkey check, privacy.

Shown at the first start when something is missing (no API key or no repository), and from the
tray's "Set up…" at any time. Every step can be skipped and none leaves the app unusable: each
one does what it says at once (the key is saved or used, the repository chosen), so closing the
window half way keeps what was done. Without a keyring the key step says so in one plain
sentence and offers to use the key until the app quits.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QCloseEvent, QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.core import api_key
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours, translation
from app.ui.level_meter import LevelMeter
from app.ui.microphone import Microphone
from app.ui.titles import window_title
from app.ui.tray import pretty_chord

STEPS = (
    QT_TRANSLATE_NOOP("setup_window", "API key"),
    QT_TRANSLATE_NOOP("setup_window", "Repository"),
    QT_TRANSLATE_NOOP("setup_window", "Microphone"),
    QT_TRANSLATE_NOOP("setup_window", "Hotkey"),
    QT_TRANSLATE_NOOP("setup_window", "Privacy"),
)
OK_STYLE = colours.OK_TEXT
PROBLEM_STYLE = colours.ERROR_TEXT
PRIVACY = QT_TRANSLATE_NOOP(
    "setup_window",
    "<p><b>Stays on this computer:</b> your voice (it is transcribed here, by the speech model on this "
    "computer), the spoken answers (made here by the voice model), the agent's notes about each "
    "repository, and the history of questions (Settings, Speech: History).</p><p><b>Goes to Anthropic's "
    "API:</b> the text of each question, what the agent reads to answer it (git status, parts of files, "
    "search results, build and test output, with anything shaped like a credential masked), and the "
    "agent's notes for the repository. Audio is never sent.</p><p>The API key is kept in the system "
    "keyring (or, without one, only in memory until the app quits), never in a file.</p>",
)


def _wrapped(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


class SetupWindow(QDialog):
    repository_chosen = Signal(object)  # Path
    finished_setup = Signal()  # the window was finished or closed: it need not open by itself again

    def __init__(self, microphone: Microphone | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(self.tr("Set up")))
        self.resize(560, 380)
        self.choose_folder = self._folder_dialog  # replaced by tests
        self._device = ""  # the microphone the level meter watches (the setting input_device)
        self._pages = QStackedWidget()
        self.step_label = QLabel()
        self.step_label.setStyleSheet("color: palette(mid);")
        self._pages.addWidget(self._key_page())
        self._pages.addWidget(self._repo_page())
        self._pages.addWidget(self._mic_page(microphone))
        self._pages.addWidget(self._hotkey_page())
        self._pages.addWidget(self._privacy_page())

        self.back_button = QPushButton(self.tr("Back"))
        self.back_button.clicked.connect(lambda: self.go(self.step - 1))
        self.skip_button = QPushButton(self.tr("Skip"))
        self.skip_button.setToolTip(self.tr("Leave this step for later (Settings has it too)"))
        self.skip_button.clicked.connect(lambda: self.go(self.step + 1))
        self.next_button = QPushButton(self.tr("Next"))
        self.next_button.setDefault(True)
        self.next_button.clicked.connect(self._next)
        buttons = QHBoxLayout()
        buttons.addWidget(self.step_label, 1)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.skip_button)
        buttons.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self._pages, 1)
        layout.addLayout(buttons)
        self.go(0)

    # ---- the steps ---------------------------------------------------------------------------

    def _page(self, title: str, *widgets: QWidget) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        heading = QLabel(title)
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        heading.setFont(font)
        layout.addWidget(heading)
        for widget in widgets:
            layout.addWidget(widget)
        layout.addStretch(1)
        return page

    def _key_page(self) -> QWidget:
        self.key_edit = QLineEdit()
        self.key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_edit.setAccessibleName(self.tr("Anthropic API key"))
        self.key_edit.setPlaceholderText(self.tr("Paste your Anthropic API key (sk-ant-…)"))
        self.key_status = _wrapped()
        self.key_session = QPushButton(self.tr("Use this key until the app quits"))
        self.key_session.setToolTip(self.tr("Kept in memory only: not in the keyring, the settings or the logs"))
        self.key_session.clicked.connect(self.use_key_for_session)
        self.key_session.hide()
        key, _where = api_key.find_api_key()
        if key:
            self.key_status.setText(
                self.tr("A key is set ({mask}). Paste another to replace it, or go on.").format(mask=api_key.mask(key))
            )
            self.key_status.setStyleSheet(OK_STYLE)
        intro = _wrapped(
            self.tr(
                "Answers come from Claude, through Anthropic's API, with your own key "
                "(console.anthropic.com, API keys)."
            )
        )
        return self._page(self.tr("Your API key"), intro, self.key_edit, self.key_status, self.key_session)

    def _repo_page(self) -> QWidget:
        self.repo_label = _wrapped(self.tr("No repository is chosen yet."))
        self.waiting_label = _wrapped()
        self.waiting_label.hide()
        self.repo_button = QPushButton(self.tr("Choose folder…"))
        self.repo_button.clicked.connect(self._choose_repository)
        intro = _wrapped(self.tr("The agent answers about one repository at a time: the folder you work in."))
        row = QHBoxLayout()
        row.addWidget(self.repo_button)
        row.addStretch(1)
        holder = QWidget()
        holder.setLayout(row)
        return self._page(self.tr("Repository"), intro, self.repo_label, self.waiting_label, holder)

    def _mic_page(self, microphone: Microphone | None) -> QWidget:
        self.meter = LevelMeter(microphone)
        intro = _wrapped(self.tr(
            "Say a few words: the bar moves with your voice. If it stays still, choose another microphone "
            "under Settings, Voice."
        ))  # fmt: skip
        return self._page(self.tr("Microphone"), intro, self.meter)

    def _hotkey_page(self) -> QWidget:
        self.hotkey_intro = _wrapped()
        self.hotkey_light = QLabel(self.tr("Not pressed yet"))
        self.hotkey_light.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hotkey_light.setMinimumHeight(48)
        self.hotkey_light.setStyleSheet("border: 2px solid palette(mid); border-radius: 8px;")
        self.hotkey_light.setAccessibleName(self.tr("Hotkey check"))
        self.hotkey_seen = False
        self.set_hotkey("ctrl+alt+space")
        return self._page(self.tr("Hotkey"), self.hotkey_intro, self.hotkey_light)

    def _privacy_page(self) -> QWidget:
        text = QLabel(QCoreApplication.translate("setup_window", PRIVACY))
        text.setWordWrap(True)
        text.setTextFormat(Qt.TextFormat.RichText)
        return self._page(self.tr("What stays here, what is sent"), text)

    # ---- moving between steps ------------------------------------------------------------------

    @property
    def step(self) -> int:
        return self._pages.currentIndex()

    def go(self, step: int) -> None:
        if step >= len(STEPS):
            self.finish()
            return
        step = max(0, step)
        self._pages.setCurrentIndex(step)
        self.step_label.setText(
            self.tr("Step {value} of {count}: {STEPS}").format(
                value=step + 1, count=len(STEPS), STEPS=QCoreApplication.translate("setup_window", STEPS[step])
            )
        )
        self.back_button.setEnabled(step > 0)
        last = step == len(STEPS) - 1
        self.skip_button.setVisible(not last)
        self.next_button.setText(self.tr("Finish") if last else self.tr("Next"))
        self._update_meter()

    def _next(self) -> None:
        if self.step == 0 and self.key_edit.text().strip() and not self.save_key():
            return  # the key could not be kept: the page says why and what to do
        self.go(self.step + 1)

    def finish(self) -> None:
        self.finished_setup.emit()
        self.hide()

    @property
    def checking_hotkey(self) -> bool:
        """The hotkey step is shown: a press lights it up here instead of starting to listen."""
        return self.isVisible() and self.step == STEPS.index("Hotkey")

    # ---- what each step does -------------------------------------------------------------------

    def save_key(self) -> bool:
        key = self.key_edit.text().strip()
        if not key:
            return True
        try:
            api_key.store_api_key(key)
        except Exception:  # keyring's errors (no backend, locked, refused) share no base class
            self.key_status.setText(translation.shown(api_key.NO_KEYRING))
            self.key_status.setStyleSheet(PROBLEM_STYLE)
            self.key_session.show()
            return False
        self.key_edit.clear()
        self.key_status.setText(self.tr("Saved in the system keyring ({mask}).").format(mask=api_key.mask(key)))
        self.key_status.setStyleSheet(OK_STYLE)
        return True

    def use_key_for_session(self) -> None:
        key = self.key_edit.text().strip()
        if not key:
            return
        api_key.use_for_session(key)
        self.key_edit.clear()
        self.key_session.hide()
        self.key_status.setText(self.tr("Using this key until the app quits; it is not saved anywhere."))
        self.key_status.setStyleSheet(OK_STYLE)

    def set_repository(self, repo: Path | None) -> None:
        """The repository in use (the app says so after it was chosen here or in the tray)."""
        if repo is not None:
            self.repo_label.setText(self.tr("Asking about {name} ({repo}).").format(name=repo.name, repo=repo))
            self.repo_label.setStyleSheet(OK_STYLE)
            self.waiting_label.hide()

    def set_waiting_question(self, question: str) -> None:
        """A question asked before there was a repository: it is asked once one is chosen."""
        self.waiting_label.setText(
            self.tr("Your question “{question}” is kept and asked as soon as you choose one.").format(question=question)
        )
        self.waiting_label.setVisible(bool(question))

    def _choose_repository(self) -> None:
        folder = self.choose_folder()
        if folder is not None:
            self.repository_chosen.emit(folder)

    def _folder_dialog(self) -> Path | None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Choose the repository you work in"))
        return Path(path) if path else None

    def set_hotkey(self, chord: str) -> None:
        self.hotkey_intro.setText(
            self.tr(
                "Press and hold {pretty_chord} now (from any window): the box lights up. That is how you "
                "ask: hold it, speak, let go."
            ).format(pretty_chord=pretty_chord(chord))
        )

    def hotkey_pressed(self) -> None:
        self.hotkey_seen = True
        self.hotkey_light.setText(self.tr("Heard it: the hotkey works."))
        self.hotkey_light.setStyleSheet(
            f"border: 2px solid {colours.OK}; border-radius: 8px; "
            f"background: {colours.OK_BACKGROUND}; {colours.OK_TEXT}"
        )

    # ---- the level meter holds the microphone only on its step ---------------------------------

    def _update_meter(self) -> None:
        if self.isVisible() and self.step == STEPS.index("Microphone"):
            self.meter.watch(self._device)
        else:
            self.meter.release()

    def set_microphone_device(self, device: str) -> None:
        self._device = device

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._update_meter()

    def hideEvent(self, event: QHideEvent) -> None:
        self.meter.release()
        super().hideEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.finished_setup.emit()  # closing is skipping the rest: it does not open by itself again
        super().closeEvent(event)
