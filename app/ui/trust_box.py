"""The panel's question before the agent runs a repository's code: what would run, where, Trust or Not now.

A tool that would build or test an untrusted repository asks first: the session emits TrustNeeded and
its turn waits. This box shows the command line and folder. Trust adds the repository to
app.core.trust's list and the waiting turn runs the build or test at once; Not now closes the box and
the turn goes on without it. Either way `answered` carries the question's id to the waiting turn
(`connect_trust` wires it as the app does). After Not now, the next turn that needs it asks again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from app.core import messages, trust
from app.core.agent.events import TrustNeeded

log = logging.getLogger(__name__)


class TrustBox(QFrame):
    decided = Signal(str, bool)  # repository, trusted
    answered = Signal(int)  # the question's id: the turn waiting on it goes on, trusted or not

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("trustBox")
        self.setStyleSheet("#trustBox { border-top: 1px solid palette(mid); }")
        self._repo = ""
        self._tool = ""
        self._ask_id = 0
        self.question = QLabel()
        self.question.setTextFormat(Qt.TextFormat.PlainText)  # the command comes from the repository's files
        self.question.setWordWrap(True)
        self.question.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.trust_button = QPushButton(self.tr("Trust"))
        self.trust_button.setToolTip(
            self.tr("Let the agent build and test this repository (run its code) now and from now on")
        )
        self.trust_button.clicked.connect(self.accept)
        self.later_button = QPushButton(self.tr("Not now"))
        self.later_button.setToolTip(self.tr("Run nothing now; the agent asks again the next time a question needs it"))
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
        self._tool = request.tool
        self._ask_id = request.ask_id
        where = request.folder if request.folder != request.repo else request.repo
        self.question.setText(
            self.tr(
                "The agent wants to run this repository's own code ({tool}):\n{command}\nin {where}\n\nIt "
                "runs with your rights. Trust this repository to build and test it from now on?"
            ).format(
                tool=self.tr("tests") if request.tool == "test" else self.tr("build"),
                command=request.command,
                where=where,
            )
        )
        self.trust_button.show()
        self.later_button.show()
        self.show()

    def accept(self) -> None:
        try:
            trust.grant(Path(self._repo))
        except OSError as exc:
            messages.error(self.tr("The repository could not be trusted: {exc}.").format(exc=exc))
            return
        running = self.tr("The tests run now") if self._tool == "test" else self.tr("The build runs now")
        self.question.setText(
            self.tr("Trusted: {repo}. {running}; the agent may build and test it from now on.").format(
                repo=self._repo, running=running
            )
        )
        self.trust_button.hide()
        self.later_button.hide()
        self.decided.emit(self._repo, True)
        self._answer()

    def decline(self) -> None:
        self.hide()
        self.decided.emit(self._repo, False)
        self._answer()

    def _answer(self) -> None:
        ask_id, self._ask_id = self._ask_id, 0  # one answer per question
        if ask_id:
            self.answered.emit(ask_id)


def connect_trust(
    box: TrustBox, *, asked: SignalInstance, show: Callable[[TrustNeeded], None], answer: Callable[[int], None]
) -> None:
    """Wire the question as the app does: `asked` (the controller's trust_asked) `show`s it, and the
    person's answer reaches the waiting turn through `answer` (the controller's answer_trust)."""
    asked.connect(show)
    box.answered.connect(answer)
