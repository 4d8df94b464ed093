"""Walk a window's visible words and say which are still the English source, and which do not fit.

Used by the language tests (test_ui_language.py, language_view.py). A visible word counts as English when it
is a word of the English sources in the app's catalogue (or a common English word) that the language's own
translations never use; product names, file and key names are on a short list (SAME_IN_BOTH).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QRadioButton,
    QTableView,
    QTabWidget,
    QTextEdit,
    QTreeView,
    QTreeWidget,
    QWidget,
)

TRANSLATIONS = Path(__file__).resolve().parents[2] / "resources" / "translations"
# Words that are the same in English and in the translation, or names: never a sign of a missed translation.
SAME_IN_BOTH = {
    "ok", "api", "claude", "anthropic", "git", "piper", "whisper", "faster", "neovim", "markdown", "ctrl", "alt",
    "shift", "space", "esc", "enter", "md", "onnx", "sk", "ant", "dsn", "tiny", "en", "dotnet", "python", "node",
    "cargo", "go", "make", "http", "https", "haiku", "sonnet", "opus", "sdk", "mb", "kb", "json",
    "base", "small", "large", "turbo", "distil",  # the speech models' names
}  # fmt: skip
# Lists that name each choice in its own language (the app's languages: English, Deutsch, Español).
NAMED_IN_ITSELF = {"app_language"}
# Common English words the catalogue's sources might not contain, so a new sentence is still caught.
COMMON = {"the", "a", "an", "and", "or", "of", "to", "in", "is", "are", "this", "that", "your", "you", "it", "for",
          "with", "not", "no", "yes", "now", "here", "there", "new", "all", "none", "more", "what", "when"}  # fmt: skip
WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)


def _words(text: str) -> set[str]:
    # Paths, addresses, code spans and command lines are names, not words of the app.
    text = re.sub(r"Voice Dev Agent|(voice-dev-agent|\{APP_NAME\})( [a-z-]+)*|'[^']*'", " ", text)
    text = re.sub(r"\S*(_|\d)\S*[-_]\S*|\S*[-_]\S*\d\S*", " ", text)  # identifiers: en_US-joe-medium, large-v3
    text = re.sub(r"`[^`]*`|\S*[/\\]\S*|\S+\.\w{1,5}\b|\{[^{}]*\}|%n", " ", text)
    text = re.sub(r"(?<!\S)--[a-z][a-z-]*", " ", text)  # a command line's options: --file, --repo
    return {w.lower() for w in WORD.findall(text)}


@cache
def english_only(language: str) -> frozenset[str]:
    """Words of the English sources that the language's translations never use."""
    tree = ET.parse(TRANSLATIONS / f"voice_dev_agent_{language}.ts")
    sources: set[str] = set(COMMON)
    used: set[str] = set()
    for message in tree.iter("message"):
        sources |= _words(message.findtext("source") or "")
        translation = message.find("translation")
        if translation is not None:
            used |= _words("".join(translation.itertext()))
    return frozenset(sources - used - SAME_IN_BOTH)


def plain(text: str) -> str:
    if GuiQt.mightBeRichText(text):
        document = QTextDocument()
        document.setHtml(text)
        return document.toPlainText()
    return text


def visible_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) for each word a person can see in `root` now: texts, titles, tooltips, placeholders, list rows."""
    if root.windowTitle():
        yield f"{type(root).__name__} title", root.windowTitle()
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if widget is not root and not widget.isVisibleTo(root):
            continue
        name = f"{type(widget).__name__} {widget.objectName()}".strip()
        if widget.toolTip():
            yield f"{name} tooltip", plain(widget.toolTip())
        if isinstance(widget, QLabel):
            yield name, plain(widget.text())
        elif isinstance(widget, QAbstractButton):
            yield name, widget.text().replace("&", "")
        elif isinstance(widget, QGroupBox):
            yield f"{name} title", widget.title()
        elif isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
            yield f"{name} placeholder", widget.placeholderText()
        elif isinstance(widget, QComboBox) and widget.objectName() not in NAMED_IN_ITSELF:
            for i in range(widget.count()):
                if widget.itemData(i) is not None or not widget.isEditable():
                    yield f"{name} item", widget.itemText(i)
        elif isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                yield f"{name} tab", widget.tabText(i)
                yield f"{name} tab tooltip", widget.tabToolTip(i)
        elif isinstance(widget, QMenu):
            yield from menu_texts(widget)
        if isinstance(widget, QListWidget):
            for i in range(widget.count()):
                yield f"{name} row", widget.item(i).text()
        elif isinstance(widget, QTreeWidget):
            for i in range(widget.topLevelItemCount()):
                item = widget.topLevelItem(i)
                if item is None:
                    continue
                for column in range(item.columnCount()):
                    yield f"{name} row", item.text(column)
        if isinstance(widget, QTableView | QTreeView) and widget.model() is not None:
            model = widget.model()
            for column in range(model.columnCount(QModelIndex())):
                header = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
                if isinstance(header, str) and not header.isdigit():
                    yield f"{name} header", header


def menu_texts(menu: QMenu) -> Iterator[tuple[str, str]]:
    yield "menu title", menu.title()
    for action in menu.actions():
        if action.isSeparator() and not action.text():
            continue
        yield "menu item", action.text().replace("&", "")
        if action.toolTip() != action.text():
            yield "menu tooltip", action.toolTip()
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            yield from menu_texts(submenu)


def still_english(
    texts: Iterator[tuple[str, str]] | list[tuple[str, str]],
    language: str,
    names: frozenset[str] | set[str] = frozenset(),
) -> list[str]:
    """Each visible text that keeps a word only the English source uses, with the word and where it is.

    `names` are texts that are data, not the app's words (a sound server's device names).
    """
    english = english_only(language)
    found = []
    for where, text in texts:
        if text in names:
            continue
        left = sorted(_words(text) & english)
        if left:
            found.append(f"{where}: {text!r} (English: {', '.join(left)})")
    return found


def clipped(root: QWidget) -> list[str]:
    """Labels and buttons whose text is wider than the widget shows, and wrapping labels cut off below."""
    found = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisibleTo(root) or widget.width() <= 1:
            continue
        if isinstance(widget, QLabel):
            text = plain(widget.text())
            if not text or (widget.pixmap() is not None and not widget.pixmap().isNull()):
                continue
            if widget.wordWrap():  # a wrapping label fits when its lines at this width fit its height
                need, room = widget.heightForWidth(widget.width()), widget.height()
                if need > room + 1:
                    found.append(f"QLabel {text[:60]!r}: wraps to {need} px high, has {room} px")
                continue
            lines = text.splitlines() or [""]
            need = max(widget.fontMetrics().horizontalAdvance(line) for line in lines)
            room = widget.contentsRect().width() - 2 * widget.margin() - 2 * widget.indent() * (widget.indent() > 0)
        elif isinstance(widget, QAbstractButton) and widget.text():
            text = widget.text().replace("&", "")
            need = widget.fontMetrics().horizontalAdvance(text)
            extra = 22 if isinstance(widget, QCheckBox | QRadioButton) else 8  # the box, or the bevel
            extra += widget.iconSize().width() if not widget.icon().isNull() else 0
            room = widget.width() - extra
        else:
            continue
        if need > room:
            found.append(f"{type(widget).__name__} {text!r}: needs {need} px, has {room} px")
    return found
