"""The memory block of the system prompt: every file wrapped with its path and its staleness marks.

Each line may carry its own mark (what it cites changed or is gone); lines whose citations are gone
are not presented among the notes but listed last, under a heading that says to check them first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

from app.core.memory.limits import SNAPSHOT_CAP, VIEW_CAP

# A memory must not be able to close its own wrapper and pose as something else, in any letter case.
_CLOSING_TAG = re.compile(r"</(\s*memory)", re.IGNORECASE)


def escape_content(content: str) -> str:
    return _CLOSING_TAG.sub(r"&lt;/\1", content)


GONE_HEADING = (
    "Lines to check before repeating them: what each one cites no longer exists in the working tree, so "
    "they are not facts about now. Check with a tool first, then correct or delete the line."
)
# (path, text) -> the text with each line's mark on it, and its gone lines taken out (marked).
LineMarks = Callable[[str, str], tuple[str, list[str]]]


def render(
    files: list[tuple[str, str]], marks: dict[str, str], lines: LineMarks | None = None
) -> tuple[str, list[str]]:
    """The block text and the paths it includes; files past SNAPSHOT_CAP are named but not loaded.

    Within the caps every file fits; only files put in the folder by hand can exceed them, and they
    must never make the prompt too large for a session to start. `lines` marks each line.
    """
    blocks: list[str] = []
    included: list[str] = []
    left_out: list[str] = []
    gone: list[tuple[str, list[str]]] = []
    used = 0
    for path, content in files:
        moved: list[str] = []
        if lines is not None:
            content, moved = lines(path, content)
        content = escape_content(content)
        if len(content) > VIEW_CAP:
            content = content[:VIEW_CAP] + f"\n[cut: the file is longer than {VIEW_CAP:,} characters]"
        if used + len(content) + len(path) > SNAPSHOT_CAP and included:
            left_out.append(path)
            continue
        status = marks.get(path, "")
        attribute = f' status="{escape(status, quote=True)}"' if status else ""
        blocks.append(f'<memory path="{escape(path, quote=True)}"{attribute}>\n{content.rstrip(chr(10))}\n</memory>')
        included.append(path)
        used += len(content) + len(path)
        if moved:
            gone.append((path, moved))
    if left_out:
        shown = ", ".join(left_out[:5]) + (f" and {len(left_out) - 5} more" if len(left_out) > 5 else "")
        blocks.append(
            f"[Not loaded: {len(left_out)} more file(s) ({shown}); the memory is over its size limit. "
            "View them with the memory tool if needed, and merge or delete entries to bring it back under.]"
        )
    if gone:
        blocks.append(GONE_HEADING)
        for path, moved in gone:
            content = escape_content("\n".join(moved))
            blocks.append(f'<memory path="{escape(path, quote=True)}" lines="gone">\n{content}\n</memory>')
    return "\n\n".join(blocks), included
