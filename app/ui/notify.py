"""The desktop's message sink: messages from any thread are shown in the tray and errors spoken.

`app.core.messages` calls the sink on whatever thread had something to say; the
sink only emits a signal, which Qt queues to the main thread, where the tray shows
it and (for errors worth saying, when speech works) the speaker says it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal, Slot

from app.core.messages import Level, Message


class Notifier(QObject):
    posted = Signal(object)  # Message

    def __init__(
        self,
        show: Callable[[Message], object],
        speak: Callable[[str], bool] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._show = show
        self._speak = speak
        self.shown: list[Message] = []  # the last few, for the status window and tests
        self.posted.connect(self._deliver)

    def sink(self, message: Message) -> None:
        """For `messages.set_sink`: safe to call from any thread."""
        self.posted.emit(message)

    @Slot(object)
    def _deliver(self, message: Message) -> None:
        self.shown = [*self.shown[-19:], message]
        self._show(message)
        if message.speak and message.level is Level.ERROR and self._speak is not None:
            self._speak(message.text)
