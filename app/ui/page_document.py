"""Build the panel's document from the model's Markdown: no raw HTML, nothing loaded, styled in one pass.

The document is built while no view shows it. Styling a document that a visible
view lays out costs a relayout of the whole page per changed cell (a 3,000-row
table kept the GUI thread busy for minutes); detached, every change is cheap, and
the view lays the finished page out once.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrame,
    QTextTable,
)

from app.ui.page_markdown import bound_markdown, separate_tables_from_code

# GitHub's dialect (tables, strike-through, task lists, autolinks) without raw HTML:
# HTML blocks and spans are shown as the text they are, never as markup.
# Qt's GitHub dialect also turns on md4c's underline extension (MD_FLAG_UNDERLINE), which draws `_text_` and
# `__text__` underlined like a link; GitHub itself, and the model writing them, mean italic and bold.
MD_FLAG_UNDERLINE = 0x4000
MARKDOWN_FEATURES = QTextDocument.MarkdownFeature(
    (QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value & ~MD_FLAG_UNDERLINE)
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)
DOCUMENT_MARGIN = 6
# Qt indents each quote level by 40 px and each list level by one indent step. A page
# nested hundreds of levels deep left one character per line and took seconds to lay
# out; deeper levels keep the indent of the deepest one shown.
MAX_LEFT_MARGIN = 160.0
MAX_LIST_LEVEL = 5
# The Markdown import keeps an image's words here in recent Qt; older ones have only its address.
ALT_TEXT = getattr(QTextFormat.Property, "ImageAltText", None)


class PageDocument(QTextDocument):
    """A document that loads no resource: an image or a link never reads a local file into the panel."""

    def loadResource(self, type: int, name: QUrl | str) -> Any:
        return None


def build_page_document(markdown: str, shade: QColor, fixed_family: str, parent: QObject | None = None) -> PageDocument:
    """The finished, styled document for one page; `parent` owns it (give the view that will show it)."""
    document = PageDocument(parent)
    document.setUndoRedoEnabled(False)  # nobody undoes the styling, and the undo stack would grow per change
    document.setDocumentMargin(DOCUMENT_MARGIN)
    document.setMarkdown(separate_tables_from_code(bound_markdown(markdown)), MARKDOWN_FEATURES)
    # One edit block: Qt reports the changes once at the end instead of once per change,
    # which otherwise costs the whole paragraph per styled fragment.
    editing = QTextCursor(document)
    editing.beginEditBlock()
    _style_blocks(document, shade, fixed_family)
    _style_tables(document.rootFrame(), shade)
    editing.endEditBlock()
    return document


def _style_blocks(document: QTextDocument, shade: QColor, fixed_family: str) -> None:
    # Qt's Markdown import gives code only the generic family "monospace" and code blocks
    # no background; a named fixed font and a shaded block read far better at a glance.
    # Each code block is styled in one change over its whole range, not line by line.
    code_font = QTextCharFormat()
    code_font.setFontFamilies([fixed_family, "monospace"])
    code_font.setFontStyleHint(QFont.StyleHint.Monospace)
    code_font.setFontFixedPitch(True)
    code_block = QTextBlockFormat()
    code_block.setBackground(shade)
    code_block.setLeftMargin(4)
    code_block.setRightMargin(4)
    cursor = QTextCursor(document)
    images: list[tuple[int, str]] = []
    lists: set[int] = set()
    code_start = -1
    block = document.begin()
    while block.isValid():
        block_format = block.blockFormat()
        if block_format.hasProperty(QTextFormat.Property.BlockCodeFence):
            code_start = block.position() if code_start < 0 else code_start
            block = block.next()
            continue
        if code_start >= 0:
            _merge(cursor, code_start, block.position() - 1, code_block, code_font)
            code_start = -1
        if block_format.leftMargin() > MAX_LEFT_MARGIN:  # deep quotes: see MAX_LEFT_MARGIN
            block_format.setLeftMargin(MAX_LEFT_MARGIN)
            cursor.setPosition(block.position())
            cursor.setBlockFormat(block_format)
        text_list = block.textList()
        if text_list is not None and id(text_list) not in lists and text_list.format().indent() > MAX_LIST_LEVEL:
            lists.add(id(text_list))
            list_format = text_list.format()
            list_format.setIndent(MAX_LIST_LEVEL)
            text_list.setFormat(list_format)
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            iterator += 1
            if not fragment.isValid():
                continue
            char_format = fragment.charFormat()
            if char_format.isImageFormat():
                image = char_format.toImageFormat()
                words = (image.stringProperty(ALT_TEXT) if ALT_TEXT is not None else "") or image.name()
                images.append((fragment.position(), words))
            elif char_format.fontFixedPitch() or "monospace" in (char_format.fontFamilies() or []):
                cursor.setPosition(fragment.position())
                cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                cursor.mergeCharFormat(code_font)
        block = block.next()
    if code_start >= 0:
        _merge(cursor, code_start, document.characterCount() - 1, code_block, code_font)
    _images_as_text(document, images)


def _merge(cursor: QTextCursor, start: int, end: int, block: QTextBlockFormat, char: QTextCharFormat) -> None:
    cursor.setPosition(start)
    cursor.setPosition(max(start, end), QTextCursor.MoveMode.KeepAnchor)
    cursor.mergeBlockFormat(block)
    cursor.mergeCharFormat(char)


def _images_as_text(document: QTextDocument, images: list[tuple[int, str]]) -> None:
    # The panel shows no pictures (nothing is loaded); the image's words stand in its place.
    cursor = QTextCursor(document)
    note = QTextCharFormat()
    note.setFontItalic(True)
    for position, words in reversed(images):  # from the end, so earlier positions stay valid
        cursor.setPosition(position)
        cursor.setPosition(position + 1, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(QCoreApplication.translate("page_document", "[image: {words}]").format(words=words), note)


def _style_tables(frame: QTextFrame, shade: QColor) -> None:
    # Bare, spaced-out cells become a tight grid with a shaded header row.
    for child in frame.childFrames():
        if not isinstance(child, QTextTable):
            _style_tables(child, shade)
            continue
        table_format = child.format()
        table_format.setCellSpacing(0)
        table_format.setCellPadding(4)
        table_format.setBorderCollapse(True)
        child.setFormat(table_format)
        for row in range(child.rows()):
            for column in range(child.columns()):
                cell = child.cellAt(row, column)
                cell_format = cell.format()
                cell_format.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignMiddle)
                if row == 0:
                    cell_format.setBackground(shade)
                cell.setFormat(cell_format)
