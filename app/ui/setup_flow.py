"""When the setup window opens and what it takes from the app: first start, the tray, a question without a repository.

It opens by itself once, at a first start that lacks the API key or a repository; after it was
finished or closed it opens only from the tray ("Set up…") or when a question is asked before a
repository is chosen (the question is kept and asked once one is). While its hotkey step is shown
a hotkey press lights that step up and starts no recording.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QRect, Slot

from app.core import api_key
from app.core.settings import Settings
from app.ui.microphone import Microphone
from app.ui.placement import centre_on_screen
from app.ui.setup_window import STEPS, SetupWindow


class SetupFlow(QObject):
    def __init__(
        self,
        *,
        microphone: Microphone | None,
        anchor: Callable[[], QRect | None],
        settings: Callable[[], Settings],
        repo: Callable[[], Path | None],
        choose_repository: Callable[[Path], None],
        done: Callable[[], None],
        press: Callable[[], None],
        release: Callable[[float], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._microphone = microphone
        self._anchor, self._settings, self._repo = anchor, settings, repo
        self._choose_repository, self._done = choose_repository, done
        self._press, self._release = press, release
        self._press_taken = False
        self.window: SetupWindow | None = None

    def needed_at_start(self) -> bool:
        """A first start that cannot answer yet: no API key, or no repository."""
        return not self._settings().setup_done and (not api_key.find_api_key()[0] or self._repo() is None)

    def open(self, step: int = 0) -> SetupWindow:
        window = self.window
        if window is None:
            window = self.window = SetupWindow(self._microphone)
            window.repository_chosen.connect(self._chosen)
            window.finished_setup.connect(self._done)
            centre_on_screen(window, self._anchor())
        settings = self._settings()
        window.set_hotkey(settings.hotkey)
        window.set_microphone_device(settings.input_device)
        window.set_repository(self._repo())
        window.go(step)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    @Slot(str)
    def ask_for_repository(self, question: str) -> None:
        """A question came before any repository: open the repository step, saying it is kept."""
        self.open(STEPS.index("Repository")).set_waiting_question(question)

    @Slot()
    def repository_changed(self) -> None:
        """The app asks about another repository (the tray, the editor's): an open window says which."""
        if self.window is not None:
            self.window.set_repository(self._repo())

    def _chosen(self, folder: Path) -> None:
        self._choose_repository(folder)
        self.repository_changed()

    # ---- the hotkey, routed here first ---------------------------------------------------------

    @Slot()
    def pressed(self) -> None:
        window = self.window
        if window is not None and window.checking_hotkey:
            self._press_taken = True
            window.hotkey_pressed()
            return
        self._press()

    @Slot(float)
    def released(self, at: float) -> None:
        if self._press_taken:  # the release of the press the check took
            self._press_taken = False
            return
        self._release(at)
