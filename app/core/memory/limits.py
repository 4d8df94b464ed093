"""Size limits: the memory is loaded into every session, so it must stay small, names included."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.core.ui_text import QT_TRANSLATE_NOOP, Count, UiText, prefixed

FILE_CAP = 4_000  # characters in one memory file
STORE_CAP = 6_000  # characters in all memory files of one repository together, their paths included
MAX_FILES = 40  # files in one repository's memory: each one costs a wrapper in every session's prompt
MAX_DEPTH = 3  # folders below /memories a written file may sit in (/memories/a/b/c/notes.md)
VIEW_CAP = 16_000  # characters one `view` of a file returns
SNAPSHOT_CAP = 2 * STORE_CAP  # characters of files the session prompt takes, whatever was put there by hand
READ_LIMIT_BYTES = 4 * 1024 * 1024  # a file placed by hand beyond this is not read at all


@dataclass(frozen=True)
class Caps:
    """What one store may hold: characters in a file, in all files with their paths, and how many files."""

    file: int = FILE_CAP
    store: int = STORE_CAP
    files: int = MAX_FILES


PERSONAL = Caps()
# A team's memory (a lead and twenty developers, about fifty lines each): 1,000 lines of some 60 characters in
# up to 100 topic files. A file keeps the personal cap, so each write's checks read one small file; the whole is
# still loaded into every teammate's question (about 16,000 tokens at the cap), which is why it is capped at all.
TEAM = Caps(file=FILE_CAP, store=64_000, files=100)


def caps_of(texts: Any) -> Caps:
    """The caps of the store whose files `texts` holds: a backend's texts say when theirs differ (the team's)."""
    found = getattr(texts, "caps", PERSONAL)
    return found if isinstance(found, Caps) else PERSONAL


# Marked for translation: a person reads them too (a save in the memory window, a share with the team).
_ADVICE = QT_TRANSLATE_NOOP(
    "memory_limits",
    "Merge related entries into shorter ones or delete entries that are no longer true, then try again.",
)


def refusal(said: UiText) -> str:
    """ "Error: Refused: …" as the model reads it; each prefix taken off (`removeprefix`) leaves the rest marked.

    "Refused: " is marked apart from the sentence so a window that says the refusal its own way ("Not kept: …")
    takes it off and still shows the sentence in the person's language.
    """
    return prefixed("Error: ", QT_TRANSLATE_NOOP("memory_limits", "Refused: {reason}").format(reason=said))


def cost(path: str, text: str) -> int:
    """What one file takes from the store's cap: its path is loaded with it into every session."""
    return len(path) + len(text)


def check(
    path: str, old: str | None, new: str, sizes: dict[str, int], *, allow_empty: bool = False, caps: Caps = PERSONAL
) -> str | None:
    """The refusal for a write that changes `path` from `old` (None: new file) to `new`, or None.

    `sizes` is the running cost of every file (see `cost`), so a write never reads the others.
    A write that does not grow what is already over a cap (a file edited by hand, say) is let
    through, so the model can always shrink its way back under the limits.
    """
    if not new.strip() and not allow_empty:
        return refusal(
            QT_TRANSLATE_NOOP(
                "memory_limits",
                "{path} would be empty. Write what you want to remember, or delete the file "
                "if nothing in it is still worth keeping.",
            ).format(path=path),
        )
    parts = path.split("/")[2:]  # "", "memories", then the names below it
    if len(parts) - 1 > MAX_DEPTH and old is None:
        return refusal(
            QT_TRANSLATE_NOOP(
                "memory_limits",
                "{path} is nested {depth} folders deep; memory files sit at most "
                "{most} folders below /memories. Use a shorter path such as /memories/{name}.",
            ).format(path=path, depth=len(parts) - 1, most=MAX_DEPTH, name=parts[-1]),
        )
    others = {p: c for p, c in sizes.items() if p != path}
    if old is None and len(others) + 1 > caps.files:
        return refusal(
            QT_TRANSLATE_NOOP(
                "memory_limits",
                "the memory already holds {count} files, the most it keeps. Add this to an "
                "existing file instead. {advice}",
            ).format(count=len(others), advice=_ADVICE),
        )
    before = sum(others.values()) + (cost(path, old) if old is not None else 0)
    after = sum(others.values()) + cost(path, new)
    if len(new) > caps.file and (old is None or len(new) > len(old)):
        return refusal(
            QT_TRANSLATE_NOOP(
                "memory_limits",
                "{path} would hold {size} characters; a memory file holds at most {cap}. {advice}",
            ).format(path=path, size=Count(len(new)), cap=Count(caps.file), advice=_ADVICE),
        )
    if after > caps.store and after > before:
        return refusal(
            QT_TRANSLATE_NOOP(
                "memory_limits",
                "the memory would hold {size} characters in total (file names included); the "
                "limit is {cap} for all files together. {advice}",
            ).format(size=Count(after), cap=Count(caps.store), advice=_ADVICE),
        )
    return None
