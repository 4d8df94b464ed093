"""A standing line is the developer's instruction: the agent can neither change, remove nor move it.

Only a person makes a line standing (from a promotion candidate, in the memory window). An agent's
write that would change one is refused with the reason, and the model is asked to say what it
would change, so the developer decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from app.core.memory import lines
from app.core.memory.text import quoted


def standing_lines(records: Mapping[lines.LineKey, lines.LineRecord], path: str, text: str | None) -> list[str]:
    """The standing lines of one file's text, in order."""
    found: list[str] = []
    for line in lines.claims(text):
        record = records.get((path, lines.normalise(line)))
        if record is not None and record.standing:
            found.append(line)
    return found


def refusal(records: Mapping[lines.LineKey, lines.LineRecord], path: str, old: str | None, new: str) -> str | None:
    """Why a write of `path` from `old` to `new` may not go ahead (it changes or drops a standing line), or None."""
    kept = {lines.normalise(line) for line in lines.claims(new)}
    touched = [line for line in standing_lines(records, path, old) if lines.normalise(line) not in kept]
    return _message(touched, path, "this write would change or remove it") if touched else None


def refusal_for(
    records: Mapping[lines.LineKey, lines.LineRecord], files: Iterable[tuple[str, str]], verb: str
) -> str | None:
    """Why deleting or moving these files (path, text) may not go ahead, or None."""
    for path, text in files:
        touched = standing_lines(records, path, text)
        if touched:
            return _message(touched, path, f"{verb} the file would take it away")
    return None


def _message(touched: list[str], path: str, why: str) -> str:
    named = ", ".join(f'"{quoted(line.strip(), 160)}"' for line in touched[:3])
    return (
        f"Error: Not changed. {named} in {path} is a standing line: the developer made it an instruction, and only "
        f"they can change it; {why}. Nothing was changed. Keep following it, and if you think it should change, "
        "say in your answer what you would change and why, so the developer can edit it in the memory window."
    )
