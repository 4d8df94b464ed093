"""The panel's question before the agent runs a repository's code: what would run, where, Trust or Not now.

A tool that would build or test an untrusted repository is refused and the session emits TrustNeeded;
this box shows its command line and folder. Trust adds the repository to app.core.trust's list (the
next build or test runs); Not now closes the box, and this session does not ask again.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from app.core import messages, trust
from app.core.agent.events import TrustNeeded

log = logging.getLogger(__name__)


class TrustBox(QFrame):
    decided = Signal(str, bool)  # repository, trusted

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("trustBox")
        self.setStyleSheet("#trustBox { border-top: 1px solid palette(mid); }")
        self._repo = ""
        self.question = QLabel()
        self.question.setTextFormat(Qt.TextFormat.PlainText)  # the command comes from the repository's files
        self.question.setWordWrap(True)
        self.question.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.trust_button = QPushButton("Trust")
        self.trust_button.setToolTip("Let the agent build and test this repository (run its code) from now on")
        self.trust_button.clicked.connect(self.accept)
        self.later_button = QPushButton("Not now")
        self.later_button.setToolTip("Run nothing; the agent will not ask again in this session")
        self.later_button.clicked.connect(self.decline)
        for button in (self.trust_button, self.later_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the panel never takes the keyboard unasked
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.later_button)
        buttons.addWidget(self.trust_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 4)
        layout.addWidget(self.question)
        layout.addLayout(buttons)
        self.hide()

    def ask(self, request: TrustNeeded) -> None:
        self._repo = request.repo
        where = request.folder if request.folder != request.repo else request.repo
        self.question.setText(
            f"The agent wants to run this repository's own code ({request.tool}):\n"
            f"{request.command}\nin {where}\n\n"
            "It runs with your rights. Trust this repository to build and test it from now on?"
        )
        self.trust_button.show()
        self.later_button.show()
        self.show()

    def accept(self) -> None:
        try:
            trust.grant(Path(self._repo))
        except OSError as exc:
            messages.error(f"The repository could not be trusted: {exc}.")
            return
        self.question.setText(f"Trusted: {self._repo}. Ask again and the agent can build and test it.")
        self.trust_button.hide()
        self.later_button.hide()
        self.decided.emit(self._repo, True)

    def decline(self) -> None:
        self.hide()
        self.decided.emit(self._repo, False)
