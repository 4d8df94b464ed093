"""The colours the windows use to say how something stands, in one place (plain CSS values, no Qt).

Red for a problem, green for done, amber for a caution; each reads on a light window and is kept
dark enough to pass contrast on the boxes' own pale backgrounds.
"""

from __future__ import annotations

ERROR = "#b3261e"  # a problem: refusals, failures, stale memory lines
OK = "#1e6b34"  # done: a key saved, a test passed
OK_BACKGROUND = "#e3f5e6"  # behind done text (the setup window's hotkey light)
CAUTION = "#8a5300"  # worth a look, not wrong
MUTED = "#8a8a8a"  # gone or inactive (deleted memory files)

ERROR_TEXT = f"color: {ERROR};"
OK_TEXT = f"color: {OK};"
CAUTION_TEXT = f"color: {CAUTION};"
# Boxes above a form; the caller adds its padding.
PROBLEM_BOX = "background: #fdecea; color: #8c1d18; border-radius: 4px;"
CAUTION_BOX = "background: #fff4d6; color: #5c4400; border-radius: 4px;"
NOTE_BOX = "background: #fff4e5; color: #663c00; border-radius: 4px;"

# A diff of memory text: unchanged, removed and added lines.
DIFF_SAME = "#6b6b6b"
DIFF_NOTE = "#555555"  # "The file was deleted." and the like, in place of lines
DIFF_REMOVED = ERROR
DIFF_REMOVED_BACKGROUND = "#fde7e7"
DIFF_ADDED = "#1e6b2f"
DIFF_ADDED_BACKGROUND = "#e3f5e6"


def status(error: bool) -> str:
    """The style of a one-line status: red when it reports a problem, green when it reports success."""
    return ERROR_TEXT if error else OK_TEXT
