"""The repository the person's editor shows: made active when none is, offered with one click when another is.

People who use an editor need no `--repo`: the first report from a repository, with none active,
makes it the one asked about (and a notice says so). When the editor shows another repository than
the active one, a notice (through the app's one message path) offers "Switch to <name>", and the
menu keeps "Switch to <name> (open in Neovim)" for as long as they differ. The notice comes once
per change of the editor's repository, not on every report: an editor reports each cursor move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.core import messages
from app.core.editor.latest import Received
from app.core.ui_text import QT_TRANSLATE_NOOP

EDITOR_NAMES = {"nvim": "Neovim", "vscode": "VS Code", "code": "VS Code"}
SWITCH = "switch"  # the notice's action key
# A person moving between two projects' buffers changes the editor's repository at every move, and so
# can a broken plugin ten times a second: one repository's notice comes again only after this long.
OFFER_AGAIN_AFTER = 600.0
NO_REPOSITORY = QT_TRANSLATE_NOOP(
    "editor_repo",
    "Choose a repository in the tray menu (Repository, Choose folder…), or open one of its files in an editor "
    "with the plugin (voice-dev-agent editor install nvim), to start asking.",
)


def editor_name(editor: str) -> str:
    """ "nvim" → "Neovim", for people to read; an editor not known here keeps the name it sent."""
    return EDITOR_NAMES.get(editor.lower(), editor)


class EditorRepository(QObject):
    """Watches the editor's reports (`seen`) and the active repository (`refresh`); `switch` takes the offer."""

    offered = Signal(object, str)  # the editor's repository (None: nothing to offer), the editor's name

    def __init__(
        self,
        active: Callable[[], Path | None],
        set_repository: Callable[[Path, str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._active = active
        self._set_repository = set_repository  # (root, why it became active)
        self._shown: tuple[Path, str] | None = None  # the editor's repository and the editor's name
        self._noticed: dict[Path, float] = {}  # repository -> when its notice was shown (monotonic)

    @property
    def repository(self) -> Path | None:
        """The repository the editor last reported from."""
        return self._shown[0] if self._shown else None

    def seen(self, received: Received) -> None:
        """A report the app kept (main thread): act only when the editor's repository changed."""
        repo, name = Path(received.report.root), editor_name(received.report.editor)
        if self._shown is not None and self._shown[0] == repo:
            return
        self._shown = (repo, name)
        active = self._active()
        if active is None:
            self._set_repository(repo, self.tr("{name} has it open").format(name=name))
            return
        self.refresh()
        now = time.monotonic()
        if not _same(active, repo) and now - self._noticed.get(repo, -OFFER_AGAIN_AFTER) >= OFFER_AGAIN_AFTER:
            self._noticed = {r: at for r, at in self._noticed.items() if now - at < OFFER_AGAIN_AFTER}
            self._noticed[repo] = now
            messages.info(
                self.tr("{editor} shows {name}; questions are about {active}.").format(
                    editor=name, name=repo.name, active=active.name
                ),
                actions=((SWITCH, self.tr("Switch to {name}").format(name=repo.name)),),
                on_action=lambda key: self.switch() if key == SWITCH else None,
            )

    def refresh(self) -> None:
        """The active repository changed (or the editor's did): offer the editor's when they differ."""
        active = self._active()
        if self._shown is None or (active is not None and _same(active, self._shown[0])):
            self.offered.emit(None, "")
        else:
            self.offered.emit(*self._shown)

    def switch(self) -> None:
        """Ask about the repository the editor shows (the notice's action, the menu's item)."""
        if self._shown is not None:
            self._set_repository(self._shown[0], "")


def _same(active: Path, repo: Path) -> bool:
    try:
        return active.resolve() == repo.resolve()
    except (OSError, RuntimeError):
        return active == repo
