"""The pop-up panel for `show_on_screen`: Markdown near the tray corner that never steals focus.

It opens without activating (the developer keeps typing in their editor), raised over the
window it pops up on but never over the app's own windows (Memory, Settings, History), and it
is not kept above anything: a window the person brings forward covers it. Opened by the person
(the tray, the show-answers hotkey) or clicked into, it is an ordinary active window: Esc, and
a click outside, close it; Tab walks its buttons. Each page is one thing shown during the
session, with the spoken reply of its turn as a caption, and the pages can be stepped through.

One job, the panel window and its pages: building a page's document (page_document, page_markdown), the
trust question (trust_box), the memory boxes (memory_held, memory_keep) and the links' rules (links) live apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, Qt, QUrl, Signal
from PySide6.QtGui import (
    QFontDatabase,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPalette,
    QShortcut,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
)

from app.core.agent.events import Answer, ScreenContent, TrustNeeded
from app.core.editor.report import EditorReport
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import links
from app.ui.asked_with import AskedWith
from app.ui.layout_rows import remove_rows
from app.ui.memory_held import HeldBox
from app.ui.memory_keep import KeepBox
from app.ui.memory_notice import MemoryNotice
from app.ui.page_document import build_page_document
from app.ui.panel_fit import WIDTH, place, set_wrapping, shown_text, title_text, wrapping_label
from app.ui.titles import window_title
from app.ui.trust_box import TrustBox
from app.ui.window_fit import available_area

NOTHING_SHOWN = QT_TRANSLATE_NOOP("panel", "_Nothing was shown on screen for this answer._")


@dataclass
class Page:
    title: str
    markdown: str
    question: str = ""
    reply: str | None = None  # None while the turn is still running
    editor: EditorReport | None = None  # what the editor showed when it was asked


class PageBrowser(QTextBrowser):
    """The page view: follows no link by itself and loads no resource (both go through the panel's rules)."""

    def __init__(self) -> None:
        super().__init__()
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)

    def loadResource(self, type: int, name: QUrl | str) -> Any:
        return None


class AnswerPanel(QFrame):
    memory_undo_requested = Signal(object)  # the MemoryNotice whose Undo was clicked

    def __init__(self) -> None:
        super().__init__(
            None,
            # Not WindowStaysOnTopHint: kept above everything, it covered the app's own Memory window.
            Qt.WindowType.Tool | Qt.WindowType.FramelessWindowHint | Qt.WindowType.WindowDoesNotAcceptFocus,
        )
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setObjectName("answerPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#answerPanel { border: 1px solid palette(mid); border-radius: 8px; background: palette(base); }"
            "#caption { background: palette(alternate-base); border-radius: 6px; padding: 8px 10px; }"
            "#memoryBox { border-top: 1px solid palette(mid); }"
        )
        self._pages: list[Page] = []
        self._index = -1
        self._page_limit = Settings().panel_pages
        self._was_active = False
        self._asking = False  # a question of the panel's own is open: losing activation to it is no "click outside"
        self._anchor: QRect | None = None

        # Titles and captions come from the model: plain text, never markup; both wrap, at any width (panel_fit).
        self.title = wrapping_label()
        title_font = self.title.font()
        title_font.setBold(True)
        title_font.setPointSizeF(title_font.pointSizeF() * 1.1)
        self.title.setFont(title_font)
        self.page_label = QLabel()
        self.page_label.setTextFormat(Qt.TextFormat.PlainText)
        self.page_label.setStyleSheet("color: palette(mid);")
        self.prev_button = self._tool("◀", self.tr("Earlier answer (Left)"), self.show_previous)
        self.next_button = self._tool("▶", self.tr("Later answer (Right)"), self.show_next)
        self.copy_button = self._tool(self.tr("Copy"), self.tr("Copy this answer as Markdown (Ctrl+C)"), self.copy)
        self.close_button = self._tool("✕", self.tr("Close (Esc)"), self.hide)

        header = QHBoxLayout()
        header.setSpacing(4)
        header.addWidget(self.title, 1)
        header.addWidget(self.page_label)
        header.addWidget(self.prev_button)
        header.addWidget(self.next_button)
        header.addSpacing(6)
        header.addWidget(self.copy_button)
        header.addWidget(self.close_button)

        self.caption = wrapping_label()
        self.caption.setObjectName("caption")
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.caption.setToolTip(self.tr("What was said aloud"))
        self.asked_with = AskedWith()  # "Asked with src/x.py:42 (selection)" and Ask without it

        self.browser = PageBrowser()
        self.browser.setAccessibleName(self.tr("Answer text"))  # Tab reaches it after the buttons, to scroll with keys
        self.browser.setFrameShape(QFrame.Shape.NoFrame)
        self.browser.anchorClicked.connect(self.open_link)
        self.browser.highlighted.connect(self._show_link_target)
        fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._fixed_family = fixed.family()

        # Where a link leads (on hover) and why one was not opened.
        self.link_label = wrapping_label()
        self.link_label.setObjectName("linkLabel")
        self.link_label.setStyleSheet("color: palette(mid);")
        self.link_label.hide()

        # What the agent remembered in the last turn: one line per change, each with Undo.
        self.memory_box = QFrame()
        self.memory_box.setObjectName("memoryBox")
        self._memory_rows = QVBoxLayout(self.memory_box)
        self._memory_rows.setContentsMargins(8, 4, 8, 4)
        self._memory_rows.setSpacing(2)
        self._memory_lines: dict[int, list[tuple[QLabel, QToolButton]]] = {}  # operation -> its rows
        # A turn's notices arrive before its answer; lines not shown during the turn now ending are an
        # earlier turn's and go when this one ends or shows its first page.
        self._memory_this_turn = False
        self.memory_box.hide()

        # Asked before the agent runs the repository's code: what would run, Trust or Not now.
        self.trust_box = TrustBox()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 14)
        layout.setSpacing(8)
        layout.addLayout(header)
        layout.addWidget(self.caption)
        layout.addWidget(self.asked_with)
        layout.addWidget(self.browser, 1)
        layout.addWidget(self.link_label)
        layout.addWidget(self.trust_box)
        layout.addWidget(self.memory_box)
        self.held_box = HeldBox()  # lines the agent wanted to remember that wait for Keep or Discard
        layout.addWidget(self.held_box)
        self.keep_box = KeepBox()  # lines the person asked for that the gate refused: Keep it anyway
        layout.addWidget(self.keep_box)
        for box in (self.held_box, self.keep_box):
            box.reworded.connect(self._grow_to_rows)

        for keys, slot in (
            (QKeySequence.StandardKey.Copy, self.copy),
            (QKeySequence(Qt.Key.Key_Left), self.show_previous),
            (QKeySequence(Qt.Key.Key_Right), self.show_next),
        ):
            QShortcut(keys, self, slot, context=Qt.ShortcutContext.WindowShortcut)
        # Clicks on the text go to these children, not to the panel's mousePressEvent.
        self.browser.viewport().installEventFilter(self)
        self.caption.installEventFilter(self)
        self.resize(WIDTH, 420)  # until it is placed on a screen (panel_fit.place)
        self._render()

    def _tool(self, text: str, tip: str, slot: object) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAutoRaise(True)
        # Tab reaches every button in reading order once the panel has focus; a screen reader says
        # what it does, not its glyph ("◀", "✕"), and without the key in brackets.
        button.setAccessibleName(tip.split(" (")[0])
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        button.clicked.connect(slot)
        return button

    # ---- content ----------------------------------------------------------------------

    @property
    def pages(self) -> list[Page]:
        return list(self._pages)

    @property
    def index(self) -> int:
        return self._index

    def set_page_limit(self, limit: int) -> None:
        """Keep at most `limit` pages (the setting panel_pages): a day of questions must not pile up here."""
        self._page_limit = max(1, limit)
        if self._keep_last():
            self._render()

    def _add(self, page: Page) -> None:
        self._pages.append(page)
        self._keep_last()

    def _keep_last(self) -> bool:
        """Let the oldest pages go past the limit (the History window still has their turns); True if any went."""
        extra = len(self._pages) - self._page_limit
        if extra <= 0:
            return False
        del self._pages[:extra]
        self._index = max(0, self._index - extra) if self._index >= 0 else -1
        return True

    def add_screen(self, content: ScreenContent) -> None:
        """Something the model chose to show: a new page, shown at once."""
        if not self._memory_this_turn and all(p.reply is not None for p in self._pages):
            self._clear_memory()  # the first page of a new turn: the last turn's Remembered lines were its own
        self._add(Page(content.title, content.markdown))
        self._index = len(self._pages) - 1
        self._render()
        self.pop_up()

    def ask_trust(self, request: TrustNeeded) -> None:
        """The agent would run the repository's code: show what and where, with Trust and Not now."""
        self.trust_box.ask(request)
        self.pop_up()

    def show_past(self, title: str, markdown: str, question: str = "", reply: str = "") -> None:
        """A page from the history, shown again as it was: complete, so no running turn claims it."""
        self._add(Page(title, markdown, question, reply))
        self._index = len(self._pages) - 1
        self._render()
        self.pop_up()

    def add_answer(self, answer: Answer) -> None:
        """A turn ended: its reply becomes the caption of its pages (or a page of its own)."""
        if not self._memory_this_turn:
            self._clear_memory()
        self._memory_this_turn = False
        waiting = [p for p in self._pages if p.reply is None]
        for page in waiting:
            page.reply, page.question, page.editor = answer.reply, answer.question, answer.editor
        if not waiting:
            self._add(Page("", "", answer.question, answer.reply, answer.editor))
            if not self.isVisible():
                self._index = len(self._pages) - 1
        self._render()

    def show_memory_notices(self, notices: tuple[MemoryNotice, ...]) -> None:
        """The agent's memory changes of the last turn, each with Undo; shown in place, never popped up."""
        self._clear_memory()
        for notice in notices:
            label = wrapping_label(notice.line)  # the words come from the model
            undo = self._tool(
                self.tr("Undo"), self.tr("Undo this change to the memory"), lambda _c=False, n=notice: self._undo(n)
            )
            undo.setAutoRaise(False)
            row = QHBoxLayout()
            row.addWidget(label, 1)
            row.addWidget(undo)
            self._memory_rows.addLayout(row)
            self._memory_lines.setdefault(notice.op, []).append((label, undo))
        self.memory_box.setVisible(bool(notices))
        self._memory_this_turn = bool(notices)

    def memory_undone(self, op: int, message: str) -> None:
        """An Undo finished (here or from the tray): its lines say so and lose their button."""
        for label, undo in self._memory_lines.get(op, []):
            set_wrapping(label, message)
            undo.hide()

    def memory_lines(self) -> list[str]:
        return [shown_text(label) for rows in self._memory_lines.values() for label, _undo in rows]

    def _undo(self, notice: MemoryNotice) -> None:
        self.memory_undo_requested.emit(notice)

    def _clear_memory(self) -> None:
        remove_rows(self._memory_rows)
        self._memory_lines.clear()
        self.memory_box.hide()

    def clear(self) -> None:
        """A new session: earlier answers belong to the old one."""
        self._clear_memory()
        self.trust_box.hide()
        self._pages.clear()
        self._index = -1
        self._render()
        self.hide()

    def show_last(self, *, take_focus: bool = False) -> None:
        """The newest page; `take_focus` when the person asked for it (tray, hotkey): keys go to the panel."""
        if self._pages:
            self._index = len(self._pages) - 1
        self._render()
        self.pop_up(take_focus=take_focus)

    def show_previous(self) -> None:
        if self._index > 0:
            self._index -= 1
            self._render()

    def show_next(self) -> None:
        if self._index < len(self._pages) - 1:
            self._index += 1
            self._render()

    def copy(self) -> None:
        page = self._current()
        if page is None:
            return
        parts = [f"# {page.title}" if page.title else "", page.markdown, page.reply or ""]
        QGuiApplication.clipboard().setText("\n\n".join(p for p in parts if p).strip() + "\n")
        self.copy_button.setText(self.tr("Copied"))

    def _current(self) -> Page | None:
        return self._pages[self._index] if 0 <= self._index < len(self._pages) else None

    def _render(self) -> None:
        page = self._current()
        self.copy_button.setText(self.tr("Copy"))
        count = len(self._pages)
        self.prev_button.setEnabled(self._index > 0)
        self.next_button.setEnabled(0 <= self._index < count - 1)
        self.page_label.setText(f"{self._index + 1} / {count}" if count > 1 else "")
        self.copy_button.setEnabled(page is not None)
        self.link_label.hide()
        self.asked_with.show_for(page.question if page else "", page.editor if page else None)
        if page is None:
            self.title.setText(self.tr("No answers yet"))
            self.setWindowTitle(window_title(self.tr("Answers")))
            self.caption.setText(self.tr("Hold the hotkey and ask a question; answers of this session appear here."))
            self._show_markdown("")
            return
        heading = page.title or (f"“{page.question}”" if page.question else self.tr("Answer"))
        set_wrapping(self.title, title_text(heading))
        self.title.setToolTip(heading)  # the whole of a long question
        # Frameless, but task switchers, screen readers and window tools still name it.
        self.setWindowTitle(window_title(heading))
        set_wrapping(self.caption, self.tr("Still answering…") if page.reply is None else page.reply)
        self._show_markdown(page.markdown or QCoreApplication.translate("panel", NOTHING_SHOWN))

    def _show_markdown(self, markdown: str) -> None:
        shade = self.palette().color(QPalette.ColorRole.AlternateBase)
        if shade == self.palette().color(QPalette.ColorRole.Base):
            shade = shade.darker(106)
        # Built detached, then handed over: the view lays the finished page out once.
        # setDocument does not delete the document it replaces, even one the browser is the
        # parent of: each page rendered stayed, laid out, until the session ended (about 0.5 MB
        # for a page with a 60-row table, two renders per answer). The page text is kept; its
        # document is made again when the page is shown again.
        shown = self.browser.document()
        ours = shown.parent() is self.browser  # the browser's first document is its own and goes with setDocument
        self.browser.setDocument(build_page_document(markdown, shade, self._fixed_family, self.browser))
        if ours:
            shown.deleteLater()

    # ---- links ----------------------------------------------------------------------------

    def open_link(self, url: QUrl) -> None:
        """A click on a link: web addresses open once the user confirms the full address; nothing else opens."""
        reason = links.refusal(url)
        if reason is not None:
            self._say_about_link(self.tr("Not opened: {reason}").format(reason=reason))
            return
        self._asking = True
        try:
            opened = links.open_after_confirmation(self, url)
        finally:
            self._asking = False
        if opened:
            self.link_label.hide()
        else:
            self._say_about_link(
                self.tr("Not opened: {shortened}").format(shortened=links.shortened(links.full_address(url)))
            )

    def _show_link_target(self, url: QUrl) -> None:
        if url.isEmpty():
            self.link_label.hide()
            return
        reason = links.refusal(url)
        self._say_about_link(
            links.shortened(links.full_address(url))
            if reason is None
            else self.tr("Will not open: {reason}").format(reason=reason)
        )

    def _say_about_link(self, text: str) -> None:
        set_wrapping(self.link_label, text)
        self.link_label.show()

    # ---- placement and focus -------------------------------------------------------------

    def set_anchor(self, rect: QRect | None) -> None:
        """The tray icon's place on screen, when the desktop tells it."""
        self._anchor = rect if rect is not None and rect.isValid() and not rect.isEmpty() else None

    def pop_up(self, *, take_focus: bool = False) -> None:
        """Show near the tray corner; without `take_focus` the keyboard stays in the editor.

        Raised over the window the person works in, unless that is one of the app's own windows
        (reading the Memory window, an answer must not cover it): then that window stays above.
        """
        own = QApplication.activeWindow()
        own = own if own is not None and own is not self else None
        if take_focus:
            self._place()
            self.show()
            self.raise_()
            self._become_focusable()
            return
        handle = self.windowHandle()
        if handle is not None and not self.isActiveWindow():
            handle.setFlag(Qt.WindowType.WindowDoesNotAcceptFocus, True)
            self._was_active = False
        self._place()
        self.show()
        if own is None:
            self.raise_()
        else:
            own.raise_()  # the window manager maps a new window on top: the person's window goes back over it

    def _grow_to_rows(self) -> None:
        """A held or refused row says more now (a cap refused the Keep): taller, where the screen has room.

        A window does not grow for wrapped lines on its own; without this the row's last lines were cut off.
        """
        layout = self.layout()
        if not self.isVisible() or layout is None:
            return
        layout.activate()
        needed = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() else 0
        if needed > self.height():
            self._place()

    def _place(self) -> None:
        area = available_area(self, self._anchor.center() if self._anchor else None)
        page = self._current()
        wanted = 460 if page is not None and page.markdown else 220
        top = self._anchor is not None and self._anchor.center().y() < area.center().y()
        place(self, area, min(wanted, int(area.height() * 0.7)), top=top)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        # The user reached for the panel: from now on it behaves like a normal window.
        self._become_focusable()
        super().mousePressEvent(event)

    def _become_focusable(self) -> None:
        handle = self.windowHandle()
        if handle is not None and handle.flags() & Qt.WindowType.WindowDoesNotAcceptFocus:
            handle.setFlag(Qt.WindowType.WindowDoesNotAcceptFocus, False)
        self.activateWindow()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
            event.accept()
            return
        super().keyPressEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.ActivationChange:
            if self.isActiveWindow():
                self._was_active = True
            elif self._was_active and self.isVisible() and not self._asking:
                self.hide()  # a click outside, once the user had clicked into it
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress:
            self._become_focusable()
        return False
