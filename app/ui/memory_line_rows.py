"""How one memory line reads in the memory window: its text, then small coloured tags for how it stands.

A tag says what the session start found of what the line cites (holds, changed since PATH, no
longer exists PATH, or nothing to check), how far it is trusted (standing, yours, confirmed in N
sessions, a promotion candidate, archived, waiting for you) and where it came from (you asked, from a
file it read, inferred). `row_parts` is plain data (tests read it); `LineRows` paints it in a list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QApplication, QListWidget, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours
from app.ui.counts import COUNTS

ROLE_LINE = Qt.ItemDataRole.UserRole
ORIGINS = {
    "asked": QT_TRANSLATE_NOOP("memory_line_rows", "You asked for it"),
    "from-file": QT_TRANSLATE_NOOP("memory_line_rows", "From a file it read"),
    "inferred": QT_TRANSLATE_NOOP("memory_line_rows", "Inferred by the agent"),
}


@dataclass(frozen=True)
class Tag:
    text: str
    colour: str  # a colours.py value
    tip: str = ""


@dataclass(frozen=True)
class RowParts:
    text: str
    tags: tuple[Tag, ...]
    muted: bool  # not loaded (archived, waiting): its text is drawn grey

    def sentence(self) -> str:
        """The row in words, for a screen reader and the tooltip."""
        return f"{self.text}. " + ". ".join(t.text for t in self.tags) + "."


def _cited(line: dict[str, Any]) -> str:
    return ", ".join(c["path"] + (f" ({c['symbol']})" if c.get("symbol") else "") for c in line.get("cites", []))


def status_tags(line: dict[str, Any]) -> list[Tag]:
    """What the check at session start found of what the line cites (a gone line may have changed parts too)."""
    status = line.get("status", "unanchored")
    tags: list[Tag] = []
    if status == "gone":
        gone = ", ".join(line.get("gone") or []) or _cited(line)
        tags.append(
            Tag(
                QCoreApplication.translate("memory_line_rows", "✕ No longer exists: {gone}").format(gone=gone),
                colours.ERROR,
                QCoreApplication.translate("memory_line_rows", "Listed at the end of the block, to check first"),
            )
        )
    if status in ("gone", "changed") and (line.get("changed") or status == "changed"):
        changed = ", ".join(line.get("changed") or []) or _cited(line)
        tags.append(
            Tag(
                QCoreApplication.translate("memory_line_rows", "⚠ Changed since: {changed}").format(changed=changed),
                colours.CAUTION,
                QCoreApplication.translate("memory_line_rows", "Marked so on the line in the session's memory"),
            )
        )
    if status == "holds":
        tags.append(
            Tag(
                QCoreApplication.translate("memory_line_rows", "✓ Holds: {cited}").format(cited=_cited(line)),
                colours.OK,
                QCoreApplication.translate("memory_line_rows", "Everything it cites is as it was when it was written"),
            )
        )
    if not tags:
        tags.append(
            Tag(
                QCoreApplication.translate("memory_line_rows", "Cites no code to check"),
                colours.MUTED,
                QCoreApplication.translate("memory_line_rows", "It names no repository path or definition"),
            )
        )
    return tags


def trust_tag(line: dict[str, Any]) -> Tag:
    if line.get("pending"):
        return Tag(
            QCoreApplication.translate("memory_line_rows", "◷ Waiting for you: not loaded until you keep it"),
            colours.CAUTION,
            QCoreApplication.translate("memory_line_rows", "Keep or Discard it above"),
        )
    if line["standing"]:
        return Tag("★ Standing: yours; the agent cannot change it", colours.OK)
    if line["archived"]:
        return Tag(
            QCoreApplication.translate(
                "memory_line_rows", "‖ Archived: 60 days neither used nor confirmed; not loaded"
            ),
            colours.MUTED,
            QCoreApplication.translate("memory_line_rows", "Restore loads it again"),
        )
    if line["promotion_candidate"]:
        return Tag(
            QCoreApplication.translate(
                "memory_line_rows", "↑ Confirmed in {line} sessions: can be made standing"
            ).format(line=line["confirmed_sessions"]),
            colours.CAUTION,
            QCoreApplication.translate("memory_line_rows", "Make standing loads it as your own instruction"),
        )
    if line["by"] == "person":
        return Tag(QCoreApplication.translate("memory_line_rows", "✎ Yours"), colours.OK)
    sessions = int(line["confirmed_sessions"])
    return Tag(
        QCoreApplication.translate("memory_line_rows", "Agent's note, confirmed in {sessions}").format(
            sessions=COUNTS.sessions(sessions)
        ),
        colours.MUTED,
    )


def row_parts(line: dict[str, Any]) -> RowParts:
    """One line of `memory show --json`'s `lines` as the window shows it."""
    tags = [*status_tags(line), trust_tag(line)]
    marked = ORIGINS.get(str(line.get("origin", "")))
    origin = QCoreApplication.translate("memory_line_rows", marked) if marked else None
    if origin and line["by"] == "agent":
        tags.append(Tag(origin, colours.DIFF_NOTE))
    muted = bool(line["archived"] or line.get("pending"))
    return RowParts(str(line["text"]).strip(), tuple(tags), muted)


_PAD = 8
_GAP = 6


def _small(font: QFont) -> QFont:
    small = QFont(font)
    small.setPointSizeF(max(6.0, font.pointSizeF() * 0.88))
    return small


def _layout(parts: RowParts, font: QFont, width: int) -> tuple[int, list[tuple[QRect, str]]]:
    """The text's height and each tag's place, below it and wrapping, for a row `width` wide (origin 0, 0)."""
    inner = max(80, width - 2 * _PAD)
    text = QFontMetrics(font).boundingRect(QRect(0, 0, inner, 10_000), Qt.TextFlag.TextWordWrap, parts.text)
    metrics = QFontMetrics(_small(font))
    height = metrics.height() + 4
    x, y = _PAD, _PAD + text.height() + 4
    places: list[tuple[QRect, str]] = []
    for tag in parts.tags:
        label = metrics.elidedText(tag.text, Qt.TextElideMode.ElideMiddle, inner - 12)
        wide = metrics.horizontalAdvance(label) + 12
        if x > _PAD and x + wide > _PAD + inner:
            x, y = _PAD, y + height + 4
        places.append((QRect(x, y, wide, height), label))
        x += wide + _GAP
    return text.height(), places


class LineRows(QStyledItemDelegate):
    """Paints each line of a QListWidget whose items carry a line object under ROLE_LINE."""

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self._view = view

    def _parts(self, index: QModelIndex | QPersistentModelIndex) -> RowParts | None:
        line = index.data(ROLE_LINE)
        return row_parts(line) if isinstance(line, dict) else None

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        parts = self._parts(index)
        if parts is None:
            return super().sizeHint(option, index)
        width = self._view.viewport().width()
        _text, places = _layout(parts, option.font, width)
        bottom = max(r.bottom() for r, _label in places) if places else 0
        return QSize(width, bottom + _PAD)

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        parts = self._parts(index)
        if parts is None:
            super().paint(painter, option, index)
            return
        view_option = QStyleOptionViewItem(option)
        self.initStyleOption(view_option, index)
        view_option.text = ""  # the background and selection only; the rest is ours
        widget = view_option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, view_option, painter, widget)
        rect: QRect = view_option.rect
        font: QFont = view_option.font
        selected = bool(view_option.state & QStyle.StateFlag.State_Selected)
        palette = view_option.palette
        text_height, places = _layout(parts, font, rect.width())
        painter.save()
        painter.translate(rect.topLeft())
        painter.setFont(font)
        ink = palette.highlightedText().color() if selected else palette.text().color()
        painter.setPen(QColor(colours.MUTED) if parts.muted and not selected else ink)
        inner = QRect(_PAD, _PAD, max(80, rect.width() - 2 * _PAD), text_height)
        painter.drawText(inner, Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft, parts.text)
        painter.setFont(_small(font))
        for tag, (place, label) in zip(parts.tags, places, strict=True):
            colour = QColor(tag.colour)
            fill = QColor(colour)
            fill.setAlpha(30)
            painter.setPen(colour if not selected else ink)
            painter.setBrush(fill)
            painter.drawRoundedRect(place.adjusted(0, 0, -1, -1), 4, 4)
            painter.drawText(place, Qt.AlignmentFlag.AlignCenter, label)
        painter.restore()
