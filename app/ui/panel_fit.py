"""Fitting the answer panel to its screen: text that wraps at any width, a bounded title, a size from the screen.

A question of about 95 characters once made the panel 931 px wide (its title never wrapped), with
its close button, Copy and page arrows off the screen; a held memory line did the same. A QLabel
wraps only between words, so one long unbroken run (a path, a URL, a symbol) sets its least width:
`breakable` lets such runs break. The panel's width comes from the available geometry of the screen
it opens on, and it is placed from the size it really has once laid out, never from the size asked.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

WIDTH = 600  # the panel's width where the screen has room
MARGIN = 16  # from the screen's edges
TITLE_CHARS = 140  # about two lines of the title at the panel's width; the whole of it is in the tooltip
BREAK = "\u200b"  # zero-width space: an invisible place a line may break
RUN = 30  # characters without a break after which one is offered (a path or URL; words are shorter)
_LONG = re.compile(rf"[^\s{BREAK}]{{{RUN + 1},}}")


def breakable(text: str) -> str:
    """`text` with a break offered every RUN characters of a longer unbroken run, so it wraps at any width."""

    def offer(run: re.Match[str]) -> str:
        word = run.group(0)
        return BREAK.join(word[i : i + RUN] for i in range(0, len(word), RUN))

    return _LONG.sub(offer, text)


def shown_text(label: QLabel) -> str:
    """What a label made with `wrapping_label` says, without the offered breaks (for tests and copying)."""
    return label.text().replace(BREAK, "")


def wrapping_label(text: str = "") -> QLabel:
    """A plain-text label (the words come from the model) that wraps at any width and asks for none."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    # Its width is whatever the panel gives; only its height follows from the text.
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    label.setMinimumWidth(40)
    set_wrapping(label, text)
    return label


def set_wrapping(label: QLabel, text: str) -> None:
    label.setText(breakable(text))


def title_text(text: str) -> str:
    """A title for the panel: at most TITLE_CHARS, ending with an ellipsis when cut, able to wrap."""
    text = " ".join(text.split())
    if len(text) > TITLE_CHARS:
        text = text[: TITLE_CHARS - 1].rstrip() + "…"
    return breakable(text)


def panel_width(area: QRect) -> int:
    """The panel's width on a screen whose free area is `area`: WIDTH, or less on a narrow screen."""
    return max(200, min(WIDTH, area.width() - 2 * MARGIN))


def place(panel: QWidget, area: QRect, height: int, *, top: bool) -> None:
    """Size the panel for `area`, then put it in the tray's corner from the size it actually took."""
    width = panel_width(area)
    panel.setMaximumWidth(width)  # nothing inside may widen it past the screen's room
    layout = panel.layout()
    needed = panel.minimumSizeHint().height()
    if layout is not None:
        layout.activate()  # the minimum the contents need now, before the size is read back
        if layout.hasHeightForWidth():  # wrapped lines (a held line, a long caption) at this width
            needed = max(needed, layout.totalHeightForWidth(width))
    panel.resize(width, min(max(height, needed), area.height() - 2 * MARGIN))
    frame = panel.frameGeometry()
    x = max(area.left() + MARGIN, area.right() + 1 - frame.width() - MARGIN)
    y = area.top() + MARGIN if top else area.bottom() + 1 - frame.height() - MARGIN
    panel.move(x, max(area.top(), y))
