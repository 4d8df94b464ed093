"""How the memory windows put things into words: ages, one-line summaries of changes, readable diffs, modes."""

from __future__ import annotations

import difflib
from datetime import datetime
from html import escape

from PySide6.QtCore import QCoreApplication

from app.core.memory import Change
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours
from app.ui.counts import COUNTS

# The per-repository memory switch, with the one line that explains each choice.
MODES: tuple[tuple[str, str, str], ...] = (
    (
        "on",
        QT_TRANSLATE_NOOP("memory_words", "On"),
        QT_TRANSLATE_NOOP("memory_words", "The agent reads its notes at the start of each session and saves new ones."),
    ),
    (
        "read-only",
        QT_TRANSLATE_NOOP("memory_words", "Read-only"),
        QT_TRANSLATE_NOOP("memory_words", "The agent reads its notes but cannot save or change any."),
    ),
    (
        "off",
        QT_TRANSLATE_NOOP("memory_words", "Off"),
        QT_TRANSLATE_NOOP("memory_words", "Nothing is loaded or saved; the agent has no memory for this repository."),
    ),
)
MODE_NAMES = {key: name for key, name, _line in MODES}
MODE_LINES = {key: line for key, _name, line in MODES}
SUMMARY_CHARS = 90


def age(moment: datetime | None, now: datetime) -> str:
    """'3 days', '5 hours', 'just now': the largest whole unit, for a list column."""
    if moment is None:
        return QCoreApplication.translate("memory_words", "unknown")
    seconds = max(0.0, (now - moment).total_seconds())
    for unit, size in (
        (COUNTS.years, 365 * 86_400),
        (COUNTS.days, 86_400),
        (COUNTS.hours, 3_600),
        (COUNTS.minutes, 60),
    ):
        if seconds >= size:
            return unit(int(seconds // size))
    return QCoreApplication.translate("memory_words", "just now")


def when(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def who(by: str) -> str:
    return (
        QCoreApplication.translate("memory_words", "you")
        if by == "person"
        else QCoreApplication.translate("memory_words", "the agent")
    )


def short(text: str, limit: int = SUMMARY_CHARS) -> str:
    """One line of at most `limit` characters, list markers and runs of spaces gone."""
    line = " ".join(text.split())
    line = line.removeprefix("- ").removeprefix("* ")
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def added_lines(old: str | None, new: str | None) -> list[str]:
    """The non-empty lines `new` has that `old` did not (what a change added)."""
    before = (old or "").splitlines()
    after = (new or "").splitlines()
    added: list[str] = []
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes():
        if tag in ("insert", "replace"):
            added.extend(line for line in after[j1:j2] if line.strip())
    return added


def file_name(path: str) -> str:
    return path.removeprefix("/memories/")


def change_line(change: Change) -> str:
    """'Remembered: … in notes.md' / 'Updated notes.md: …' / 'Forgot notes.md': one line per change."""
    name = file_name(change.path)
    if change.moves_only:
        return QCoreApplication.translate("memory_words", "Moved {file_name} to {name}").format(
            file_name=file_name(change.old_path), name=name
        )
    if change.new is None:
        return QCoreApplication.translate("memory_words", "Forgot {name}").format(name=name)
    added = [short(a, 60).rstrip(".;:, ") for a in added_lines(change.old, change.new)]
    what = f"“{short('; '.join(added))}”" if added else ""
    if change.old is None:
        return (
            QCoreApplication.translate("memory_words", "Remembered: {what} in {name}").format(what=what, name=name)
            if what
            else QCoreApplication.translate("memory_words", "Remembered {name}").format(name=name)
        )
    if what:
        return QCoreApplication.translate("memory_words", "Updated: {what} in {name}").format(what=what, name=name)
    return QCoreApplication.translate("memory_words", "Updated {name} (lines removed)").format(name=name)


def undone_line(changes: list[Change]) -> str:
    """What an Undo did, said the way the person sees it: 'Undone: I forgot …' / 'Undone: back to …'.

    `changes` are one operation's changes (what was reverted). Words, not the journal's verbs:
    "the create of /memories/notes.md by the agent" told a person how the store works, not what
    the agent now knows.
    """
    if not changes:
        return QCoreApplication.translate("memory_words", "Undone.")
    parts = [_undone_part(c) for c in changes[:3]]
    more = (
        QCoreApplication.translate("memory_words", " (and {value} more files)").format(value=len(changes) - 3)
        if len(changes) > 3
        else ""
    )
    undone = QCoreApplication.translate("memory_words", "Undone: {parts}{more}.")
    return undone.format(parts="; ".join(parts), more=more)


def _quoted(lines: list[str]) -> str:
    return f"“{short('; '.join(short(line, 60).rstrip('.;:, ') for line in lines))}”"


def _undone_part(change: Change) -> str:
    name = file_name(change.path)
    if change.moves_only:
        return QCoreApplication.translate("memory_words", "back to the name {file_name}").format(
            file_name=file_name(change.old_path)
        )
    if change.new is None:  # a delete undone: the file and its lines are back
        kept = [line for line in (change.old or "").splitlines() if line.strip()]
        return QCoreApplication.translate("memory_words", "back to {name} as it was").format(name=name) + (
            QCoreApplication.translate("memory_words", ", with {quoted}").format(quoted=_quoted(kept)) if kept else ""
        )
    added = added_lines(change.old, change.new)
    removed = added_lines(change.new, change.old)  # what the change took away, and undo puts back
    if change.old is None or not removed:
        return (
            QCoreApplication.translate("memory_words", "I forgot {quoted} in {name}").format(
                quoted=_quoted(added), name=name
            )
            if added
            else QCoreApplication.translate("memory_words", "I forgot {name}").format(name=name)
        )
    return QCoreApplication.translate("memory_words", "back to {quoted} in {name}").format(
        quoted=_quoted(removed), name=name
    )


def describe_change(change: Change) -> str:
    """A history row: when, who, what."""
    target = f"{file_name(change.old_path)} → {file_name(change.path)}" if change.old_path else file_name(change.path)
    phrase = CHANGE_PHRASES.get((change.command, change.by == "person"))
    if phrase is None:  # a command the journal learned later: its own word
        return f"{when(change.at)}  {who(change.by).capitalize()} {change.command} {target}"
    return f"{when(change.at)}  " + QCoreApplication.translate("memory_words", phrase).format(target=target)


# A history row's words, whole, per command and per author: the verb's form and the order differ by language.
CHANGE_PHRASES = {
    ("create", True): QT_TRANSLATE_NOOP("memory_words", "You wrote {target}"),
    ("create", False): QT_TRANSLATE_NOOP("memory_words", "The agent wrote {target}"),
    ("save", True): QT_TRANSLATE_NOOP("memory_words", "You saved {target}"),
    ("save", False): QT_TRANSLATE_NOOP("memory_words", "The agent saved {target}"),
    ("str_replace", True): QT_TRANSLATE_NOOP("memory_words", "You edited {target}"),
    ("str_replace", False): QT_TRANSLATE_NOOP("memory_words", "The agent edited {target}"),
    ("insert", True): QT_TRANSLATE_NOOP("memory_words", "You added to {target}"),
    ("insert", False): QT_TRANSLATE_NOOP("memory_words", "The agent added to {target}"),
    ("delete", True): QT_TRANSLATE_NOOP("memory_words", "You deleted {target}"),
    ("delete", False): QT_TRANSLATE_NOOP("memory_words", "The agent deleted {target}"),
    ("rename", True): QT_TRANSLATE_NOOP("memory_words", "You renamed {target}"),
    ("rename", False): QT_TRANSLATE_NOOP("memory_words", "The agent renamed {target}"),
    ("undo", True): QT_TRANSLATE_NOOP("memory_words", "You undid a change to {target}"),
    ("undo", False): QT_TRANSLATE_NOOP("memory_words", "The agent undid a change to {target}"),
}


def diff_html(old: str | None, new: str | None) -> str:
    """Old → new as an HTML page: removed lines struck through in red, added lines in green, the rest grey."""
    before = (old or "").splitlines()
    after = (new or "").splitlines()
    rows: list[str] = []
    if old is None:
        rows.append(
            '<p style="color:{};"><i>{}</i></p>'.format(
                colours.DIFF_NOTE, QCoreApplication.translate("memory_words", "The file did not exist before.")
            )
        )
    if new is None:
        rows.append(
            '<p style="color:{};"><i>{}</i></p>'.format(
                colours.DIFF_NOTE, QCoreApplication.translate("memory_words", "The file was deleted.")
            )
        )
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            rows.extend(_row(" ", line, colours.DIFF_SAME, "") for line in before[i1:i2])
            continue
        struck = f"background:{colours.DIFF_REMOVED_BACKGROUND};text-decoration:line-through;"
        rows.extend(_row("−", line, colours.DIFF_REMOVED, struck) for line in before[i1:i2])
        added = f"background:{colours.DIFF_ADDED_BACKGROUND};"
        rows.extend(_row("+", line, colours.DIFF_ADDED, added) for line in after[j1:j2])
    body = "\n".join(rows) or '<p style="color:{}"><i>{}</i></p>'.format(
        colours.DIFF_NOTE + ";", QCoreApplication.translate("memory_words", "No text.")
    )
    return f'<div style="font-family:monospace; white-space:pre-wrap;">{body}</div>'


def _row(mark: str, line: str, colour: str, style: str) -> str:
    return f'<div style="color:{colour};{style}">{mark} {escape(line) or "&nbsp;"}</div>'


def settled_line(message: str, text: str) -> str:
    """What became of a held or refused line, then the line in the language's own quotation marks."""
    return QCoreApplication.translate("memory_words", "{message} “{line}”").format(
        message=message, line=short(text, 120)
    )
