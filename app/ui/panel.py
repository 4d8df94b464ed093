"""The pop-up panel for `show_on_screen`: Markdown near the tray corner that never steals focus.

It opens without activating (the developer keeps typing in their editor). A click
into it makes it an ordinary active window, so Esc and a click outside close it
from then on. Each page is one thing shown during the session, with the spoken
reply of its turn as a caption, and the pages can be stepped through.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPalette,
    QShortcut,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
    QTextTable,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
)

from app import APP_DISPLAY_NAME
from app.core.agent.events import ScreenContent
from app.ui.controller import Answer

WIDTH = 600
MARGIN = 16
NOTHING_SHOWN = "_Nothing was shown on screen for this answer._"


@dataclass
class Page:
    title: str
    markdown: str
    question: str = ""
    reply: str | None = None  # None while the turn is still running


def separate_tables_from_code(markdown: str) -> str:
    """Put an invisible paragraph between a code block and a table right after it.

    Qt's Markdown import (6.11) merges the first header cell of such a table with the
    code block's end: the cell loses its bold and gains an empty line.
    """
    lines = markdown.split("\n")
    out: list[str] = []
    fence = ""
    for i, line in enumerate(lines):
        out.append(line)
        stripped = line.strip()
        if not fence and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
        elif fence and stripped.startswith(fence):
            fence = ""
            following = next((later for later in lines[i + 1 :] if later.strip()), "")
            if following.lstrip().startswith("|"):
                out.extend(["", "\u200b"])
    return "\n".join(out)


class AnswerPanel(QFrame):
    def __init__(self) -> None:
        super().__init__(
            None,
            Qt.WindowType.Tool
            | Qt.WindowType.FramelessWindowHint
            | Qt.WindowType.WindowStaysOnTopHint
            | Qt.WindowType.WindowDoesNotAcceptFocus,
        )
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setObjectName("answerPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#answerPanel { border: 1px solid palette(mid); border-radius: 8px; background: palette(base); }"
            "#caption { background: palette(alternate-base); border-radius: 6px; padding: 8px 10px; }"
        )
        self._pages: list[Page] = []
        self._index = -1
        self._was_active = False
        self._anchor: QRect | None = None

        self.title = QLabel()
        title_font = self.title.font()
        title_font.setBold(True)
        title_font.setPointSizeF(title_font.pointSizeF() * 1.1)
        self.title.setFont(title_font)
        self.page_label = QLabel()
        self.page_label.setStyleSheet("color: palette(mid);")
        self.prev_button = self._tool("◀", "Earlier answer (Left)", self.show_previous)
        self.next_button = self._tool("▶", "Later answer (Right)", self.show_next)
        self.copy_button = self._tool("Copy", "Copy this answer as Markdown (Ctrl+C)", self.copy)
        self.close_button = self._tool("✕", "Close (Esc)", self.hide)

        header = QHBoxLayout()
        header.setSpacing(4)
        header.addWidget(self.title, 1)
        header.addWidget(self.page_label)
        header.addWidget(self.prev_button)
        header.addWidget(self.next_button)
        header.addSpacing(6)
        header.addWidget(self.copy_button)
        header.addWidget(self.close_button)

        self.caption = QLabel()
        self.caption.setObjectName("caption")
        self.caption.setWordWrap(True)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.caption.setToolTip("What was said aloud")

        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setFrameShape(QFrame.Shape.NoFrame)
        self.browser.document().setDocumentMargin(6)
        fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._fixed_family = fixed.family()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 14)
        layout.setSpacing(8)
        layout.addLayout(header)
        layout.addWidget(self.caption)
        layout.addWidget(self.browser, 1)

        for keys, slot in (
            (QKeySequence.StandardKey.Copy, self.copy),
            (QKeySequence(Qt.Key.Key_Left), self.show_previous),
            (QKeySequence(Qt.Key.Key_Right), self.show_next),
        ):
            QShortcut(keys, self, slot, context=Qt.ShortcutContext.WindowShortcut)
        # Clicks on the text go to these children, not to the panel's mousePressEvent.
        self.browser.viewport().installEventFilter(self)
        self.caption.installEventFilter(self)
        self.resize(WIDTH, 420)
        self._render()

    def _tool(self, text: str, tip: str, slot: object) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAutoRaise(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(slot)
        return button

    # ---- content ----------------------------------------------------------------------

    @property
    def pages(self) -> list[Page]:
        return list(self._pages)

    @property
    def index(self) -> int:
        return self._index

    def add_screen(self, content: ScreenContent) -> None:
        """Something the model chose to show: a new page, shown at once."""
        self._pages.append(Page(content.title, content.markdown))
        self._index = len(self._pages) - 1
        self._render()
        self.pop_up()

    def add_answer(self, answer: Answer) -> None:
        """A turn ended: its reply becomes the caption of its pages (or a page of its own)."""
        waiting = [p for p in self._pages if p.reply is None]
        for page in waiting:
            page.reply, page.question = answer.reply, answer.question
        if not waiting:
            self._pages.append(Page("", "", answer.question, answer.reply))
            if not self.isVisible():
                self._index = len(self._pages) - 1
        self._render()

    def clear(self) -> None:
        """A new session: earlier answers belong to the old one."""
        self._pages.clear()
        self._index = -1
        self._render()
        self.hide()

    def show_last(self) -> None:
        if self._pages:
            self._index = len(self._pages) - 1
        self._render()
        self.pop_up()

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
        self.copy_button.setText("Copied")

    def _current(self) -> Page | None:
        return self._pages[self._index] if 0 <= self._index < len(self._pages) else None

    def _render(self) -> None:
        page = self._current()
        self.copy_button.setText("Copy")
        count = len(self._pages)
        self.prev_button.setEnabled(self._index > 0)
        self.next_button.setEnabled(0 <= self._index < count - 1)
        self.page_label.setText(f"{self._index + 1} / {count}" if count > 1 else "")
        self.copy_button.setEnabled(page is not None)
        if page is None:
            self.title.setText("No answers yet")
            self.setWindowTitle(f"Answers — {APP_DISPLAY_NAME}")
            self.caption.setText("Hold the hotkey and ask a question; answers of this session appear here.")
            self.browser.clear()
            return
        heading = page.title or (f"“{page.question}”" if page.question else "Answer")
        self.title.setText(heading)
        # Frameless, but task switchers, screen readers and window tools still name it.
        self.setWindowTitle(f"{heading} — {APP_DISPLAY_NAME}")
        self.caption.setText("Still answering…" if page.reply is None else page.reply)
        self.browser.setMarkdown(separate_tables_from_code(page.markdown) or NOTHING_SHOWN)
        self._use_fixed_font_for_code()
        self._style_code_blocks_and_tables()

    def _use_fixed_font_for_code(self) -> None:
        # Qt gives code only the generic name "monospace"; name the system's fixed font as well.
        document = self.browser.document()
        block = document.begin()
        while block.isValid():
            in_code_block = block.blockFormat().hasProperty(QTextFormat.Property.BlockCodeFence)
            iterator = block.begin()
            while not iterator.atEnd():
                fragment = iterator.fragment()
                char_format = fragment.charFormat()
                is_code = (
                    in_code_block or char_format.fontFixedPitch() or "monospace" in (char_format.fontFamilies() or [])
                )
                if fragment.isValid() and is_code:
                    cursor = QTextCursor(document)
                    cursor.setPosition(fragment.position())
                    cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                    fmt = fragment.charFormat()
                    fmt.setFontFamilies([self._fixed_family, "monospace"])
                    fmt.setFontStyleHint(QFont.StyleHint.Monospace)
                    fmt.setFontFixedPitch(True)
                    cursor.setCharFormat(fmt)
                iterator += 1
            block = block.next()

    def _style_code_blocks_and_tables(self) -> None:
        # Qt's Markdown import gives code blocks no background and tables bare, spaced-out
        # cells; a shaded block and a tight grid read far better at a glance.
        document = self.browser.document()
        shade = self.palette().color(QPalette.ColorRole.AlternateBase)
        if shade == self.palette().color(QPalette.ColorRole.Base):
            shade = shade.darker(106)
        cursor = QTextCursor(document)
        block = document.begin()
        while block.isValid():
            if block.blockFormat().hasProperty(QTextFormat.Property.BlockCodeFence):
                cursor.setPosition(block.position())
                fmt = block.blockFormat()
                fmt.setBackground(shade)
                fmt.setLeftMargin(4)
                fmt.setRightMargin(4)
                cursor.setBlockFormat(fmt)
            block = block.next()
        for frame in document.rootFrame().childFrames():
            if not isinstance(frame, QTextTable):
                continue
            table_format = frame.format()
            table_format.setCellSpacing(0)
            table_format.setCellPadding(4)
            table_format.setBorderCollapse(True)
            frame.setFormat(table_format)
            for row in range(frame.rows()):
                for column in range(frame.columns()):
                    cell = frame.cellAt(row, column)
                    cell_format = cell.format()
                    cell_format.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignMiddle)
                    if row == 0:
                        cell_format.setBackground(shade)
                    cell.setFormat(cell_format)

    # ---- placement and focus -------------------------------------------------------------

    def set_anchor(self, rect: QRect | None) -> None:
        """The tray icon's place on screen, when the desktop tells it."""
        self._anchor = rect if rect is not None and rect.isValid() and not rect.isEmpty() else None

    def pop_up(self) -> None:
        """Show near the tray corner without taking the keyboard from the editor."""
        handle = self.windowHandle()
        if handle is not None:
            handle.setFlag(Qt.WindowType.WindowDoesNotAcceptFocus, True)
        self._was_active = False
        self._place()
        self.show()
        self.raise_()

    def _place(self) -> None:
        screen = QGuiApplication.screenAt(self._anchor.center()) if self._anchor else None
        screen = screen or self.screen() or QGuiApplication.primaryScreen()
        area = screen.availableGeometry()
        page = self._current()
        wanted = 460 if page is not None and page.markdown else 220
        self.resize(WIDTH, min(wanted, int(area.height() * 0.7)))
        x = area.right() - self.width() - MARGIN
        top = self._anchor is not None and self._anchor.center().y() < area.center().y()
        y = area.top() + MARGIN if top else area.bottom() - self.height() - MARGIN
        self.move(x, y)

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
            elif self._was_active and self.isVisible():
                self.hide()  # a click outside, once the user had clicked into it
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress:
            self._become_focusable()
        return False
