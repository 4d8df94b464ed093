"""The tray icon; a small always-on-top status window where there is no tray (the menu: app_menu.py).

The icon shows the controller's state (with the microphone level while listening and
the running tool as tooltip); messages for the user appear as tray balloons, or in
the status window's label. Both front ends share one menu, so the app is never
unreachable.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QCursor, QIcon, QMouseEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSystemTrayIcon,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app import APP_DISPLAY_NAME
from app.core.messages import Level, Message
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import icons, translation
from app.ui.app_menu import AppMenu
from app.ui.desktop_notifications import DesktopNotifications
from app.ui.titles import window_title

ERROR_SHOWN_MS = 6000
STATE_WORDS = {
    "idle": QT_TRANSLATE_NOOP("tray", "Ready"),
    "listening": QT_TRANSLATE_NOOP("tray", "Listening…"),
    "transcribing": QT_TRANSLATE_NOOP("tray", "Transcribing…"),
    "thinking": QT_TRANSLATE_NOOP("tray", "Thinking…"),
    "speaking": QT_TRANSLATE_NOOP("tray", "Speaking…"),
    "error": QT_TRANSLATE_NOOP("tray", "Problem"),
}


class StatusWindow(QWidget):
    """Where the desktop has no tray: a small always-on-top window with the state and the menu."""

    activated = Signal()

    def __init__(self, menu: AppMenu) -> None:
        super().__init__(None, Qt.WindowType.Tool | Qt.WindowType.WindowStaysOnTopHint)
        self.setWindowTitle(window_title())
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self._menu = menu
        self._icon = QLabel()
        self._icon.setFixedSize(28, 28)
        self._label = QLabel(self.tr("Ready"))
        self._label.setMinimumWidth(180)
        self._message = QLabel("")
        self._message.setWordWrap(True)
        self._message.setStyleSheet("color: palette(mid);")
        self._message.hide()
        button = QToolButton()
        button.setText(self.tr("Menu"))
        button.setToolTip(self.tr("Open the menu (also a right click anywhere here)"))
        button.setMenu(menu)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.setSpacing(8)
        top.addWidget(self._icon)
        top.addWidget(self._label, 1)
        top.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addLayout(top)
        layout.addWidget(self._message)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(lambda pos: menu.popup(self.mapToGlobal(pos)))

    def set_icon(self, icon: QIcon) -> None:
        self._icon.setPixmap(icon.pixmap(28, 28))

    def set_text(self, text: str) -> None:
        self._label.setText(text)

    def set_message(self, text: str) -> None:
        self._message.setText(text)
        self._message.setVisible(bool(text))
        self.adjustSize()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.activated.emit()
        event.accept()


class Tray(QObject):
    """Shows the app's state and messages in the system tray, or in a StatusWindow without one."""

    activated = Signal()  # a left click on the icon

    def __init__(self, menu: AppMenu, *, use_tray: bool | None = None) -> None:
        super().__init__()
        self.menu = menu
        if use_tray is None:
            use_tray = QSystemTrayIcon.isSystemTrayAvailable()
        self._state = "idle"
        self._detail = ""
        self._repo: Path | None = None
        self._hotkey = ""
        self._hotkey_mode = "hold"
        self._memory = ""  # what the session loaded, e.g. "Memory: 3 files, 1 may be stale"
        self._level_step = -1
        self._error_timer = QTimer(self)
        self._error_timer.setSingleShot(True)
        self._error_timer.timeout.connect(self._end_error)
        self._showing_error = False
        # The balloon and the status window show one message at a time: what follows an error (start-up's
        # notices follow a mistyped --repo within milliseconds) waits until the error has been readable.
        self._error_in_view = QTimer(self)
        self._error_in_view.setSingleShot(True)
        self._error_in_view.timeout.connect(self._show_held_back)
        self._held_back: list[Message] = []
        self.tray_icon: QSystemTrayIcon | None = None
        self.status_window: StatusWindow | None = None
        self.last_message: Message | None = None  # the newest notification, for the status window and tests
        self._notifications: DesktopNotifications | None = None
        self._on_action: dict[int, Callable[[str], object]] = {}  # a shown notification's id -> its message's
        if use_tray:
            self.tray_icon = QSystemTrayIcon(icons.icon("idle"))
            self.tray_icon.setContextMenu(menu)
            self.tray_icon.activated.connect(self._on_activated)
        else:
            self.status_window = StatusWindow(menu)
            self.status_window.activated.connect(lambda: self.activated.emit())
        self._refresh()

    def icon_rect(self) -> QRect | None:
        """Where the tray icon is on the desktop (for placing new windows); None where the tray does not say."""
        rect = self.tray_icon.geometry() if self.tray_icon is not None else QRect()
        return rect if rect.isValid() and not rect.isEmpty() else None

    def show(self) -> None:
        if self.tray_icon is not None:
            self.tray_icon.show()
        elif self.status_window is not None:
            self.status_window.adjustSize()
            screen = self.status_window.screen().availableGeometry()
            self.status_window.move(screen.right() - self.status_window.width() - 16, screen.top() + 16)
            self.status_window.show()

    def hide(self) -> None:
        if self.tray_icon is not None:
            self.tray_icon.hide()
        if self.status_window is not None:
            self.status_window.hide()

    def set_context(self, repo: Path | None, hotkey: str, mode: str = "hold") -> None:
        """The repository and the hotkey the tooltip names; `mode` is the setting's "hold" or "toggle"."""
        self._repo = repo
        self._hotkey = hotkey
        self._hotkey_mode = mode
        self._refresh()

    def set_memory_summary(self, text: str) -> None:
        """A line of the tooltip saying what memory the session loaded."""
        self._memory = text
        self._refresh()

    def show_state(self, state: str, detail: str = "") -> None:
        self._state, self._detail = state, detail
        self._level_step = -1
        if state != "idle":
            self._end_error()
        self._refresh()

    def show_level(self, level: float) -> None:
        step = icons.level_step(level)
        if self._state != "listening" or step == self._level_step:
            return
        self._level_step = step
        self._set_icon(icons.listening_icon(step))

    @property
    def notifications(self) -> DesktopNotifications | None:
        """The desktop's notification service, set by the app; a click on a message's action reaches it."""
        return self._notifications

    @notifications.setter
    def notifications(self, service: DesktopNotifications | None) -> None:
        self._notifications = service
        if service is not None:
            service.action_invoked.connect(self._action_invoked)
            service.closed.connect(lambda notification: self._on_action.pop(notification, None))

    def _action_invoked(self, notification: int, key: str) -> None:
        on_action = self._on_action.pop(notification, None)
        if on_action is not None:
            on_action(key)

    def show_message(self, message: Message) -> int | None:
        """Through the desktop's notification service where there is one (with the message's actions where
        it shows them), else the tray's balloon; the notification's id, or None when the tray showed it."""
        title = {Level.INFO: APP_DISPLAY_NAME, Level.WARNING: self.tr("Warning"), Level.ERROR: self.tr("Problem")}[
            message.level
        ]
        if self.notifications is not None:
            urgency = 2 if message.level is Level.ERROR else 1
            shown = self.notifications.notify(title, translation.shown(message.text), message.actions, urgency=urgency)
            if shown is not None:
                self._mark_shown(message)
                if message.on_action is not None:
                    self._on_action[shown] = message.on_action
                return shown
        if self._error_in_view.isActive():
            self._held_back.append(message)
            return None
        self._mark_shown(message)
        if self.tray_icon is not None:
            kind = {
                Level.INFO: QSystemTrayIcon.MessageIcon.Information,
                Level.WARNING: QSystemTrayIcon.MessageIcon.Warning,
                Level.ERROR: QSystemTrayIcon.MessageIcon.Critical,
            }[message.level]
            self.tray_icon.showMessage(title, translation.shown(message.text), kind, 8000)
        elif self.status_window is not None:
            self.status_window.set_message(translation.shown(message.text))
        if message.level is Level.ERROR:
            self._error_in_view.start(ERROR_SHOWN_MS)
        return None

    def _mark_shown(self, message: Message) -> None:
        self.last_message = message
        if message.level is Level.ERROR:
            self._showing_error = True
            self._error_timer.start(ERROR_SHOWN_MS)
            self._refresh()

    def _show_held_back(self) -> None:
        held, self._held_back = self._held_back, []
        if held:  # one balloon at a time: the notices that waited show together, none dropped
            worst = max(held, key=lambda m: [Level.INFO, Level.WARNING, Level.ERROR].index(m.level))
            text = "\n\n".join(translation.shown(m.text) for m in held)
            self.show_message(Message(worst.level, text, private=any(m.private for m in held)))

    @property
    def tooltip(self) -> str:
        return self._tooltip()

    def _end_error(self) -> None:
        if self._showing_error:
            self._showing_error = False
            self._error_timer.stop()
            self._refresh()

    def _tooltip(self) -> str:
        shown = "error" if self._showing_error else self._state
        words = QCoreApplication.translate("tray", STATE_WORDS.get(shown, shown))
        detail = translation.shown(self._detail)  # a tool's label or a reason, marked where it was made
        if shown == "thinking" and self._detail and self._detail != "thinking":
            words = f"{detail[:1].upper()}{detail[1:]}…"  # the running tool, e.g. "Building…"
        elif shown == "idle" and self._detail:
            words = self.tr("Ready ({detail})").format(detail=detail)
        lines = [f"{APP_DISPLAY_NAME}: {words}"]
        lines.append(
            self.tr("Repository: {name}").format(name=self._repo.name)
            if self._repo
            else self.tr("No repository chosen")
        )
        if self._memory and self._repo:
            lines.append(self._memory)
        if self._hotkey:
            chord = pretty_chord(self._hotkey)
            toggle = self._hotkey_mode == "toggle"
            lines.append(
                self.tr("Press {chord} to ask, again to send").format(chord=chord)
                if toggle
                else self.tr("Hold {chord} to ask").format(chord=chord)
            )
        return "\n".join(lines)

    def _refresh(self) -> None:
        shown = "error" if self._showing_error else self._state
        self._set_icon(icons.icon(shown))
        tip = self._tooltip()
        self.menu.set_status(tip.splitlines()[0].removeprefix(f"{APP_DISPLAY_NAME}: "))
        self.menu.set_speaking(self._state == "speaking")
        self.menu.set_answering(self._state in ("thinking", "speaking"))
        self.menu.set_listening(self._state == "listening")
        if self.tray_icon is not None:
            self.tray_icon.setToolTip(tip)
        if self.status_window is not None:
            self.status_window.set_text(tip.splitlines()[0].removeprefix(f"{APP_DISPLAY_NAME}: "))
            self.status_window.setToolTip(tip)

    def _set_icon(self, icon: QIcon) -> None:
        if self.tray_icon is not None:
            self.tray_icon.setIcon(icon)
        if self.status_window is not None:
            self.status_window.set_icon(icon)

    def _on_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason == QSystemTrayIcon.ActivationReason.Trigger:
            self.activated.emit()

    def popup_menu(self) -> None:
        self.menu.popup(QCursor.pos() if self.tray_icon is not None else QPoint(0, 0))


def pretty_chord(chord: str) -> str:
    """ "ctrl+alt+space" → "Ctrl+Alt+Space" for people to read."""
    return "+".join(part.capitalize() if len(part) > 1 else part.upper() for part in chord.split("+"))
