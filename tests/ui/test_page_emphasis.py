"""Emphasis in an answer reads as GitHub shows it: `_text_` is italic and `__text__` bold, never underlined."""

from __future__ import annotations

from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from pytestqt.qtbot import QtBot

from app.ui.page_document import build_page_document


def _format_of(document: object, word: str) -> QTextCharFormat:
    cursor = document.find(word)  # type: ignore[attr-defined]
    assert isinstance(cursor, QTextCursor) and not cursor.isNull(), word
    return cursor.charFormat()


def test_underscores_are_italic_and_bold_not_underlined_like_a_link(qtbot: QtBot) -> None:
    document = build_page_document("one _slanted_ and __heavy__ and *star*", QColor("#eee"), "monospace")
    slanted, heavy, star = (_format_of(document, w) for w in ("slanted", "heavy", "star"))
    assert slanted.fontItalic() and not slanted.fontUnderline()
    assert heavy.fontWeight() >= 600 and not heavy.fontUnderline()
    assert star.fontItalic()
