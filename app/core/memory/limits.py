"""Size limits: the memory is loaded into every session, so it must stay small."""

from __future__ import annotations

FILE_CAP = 4_000  # characters in one memory file
STORE_CAP = 6_000  # characters in all memory files of one repository together
VIEW_CAP = 16_000  # characters one `view` of a file returns
READ_LIMIT_BYTES = 4 * 1024 * 1024  # a file placed by hand beyond this is not read at all

_ADVICE = "Merge related entries into shorter ones or delete entries that are no longer true, then try again."


def check(path: str, old_chars: int, new_chars: int, store_before: int) -> str | None:
    """The refusal for a write that changes one file from `old_chars` to `new_chars`, or None.

    A write that does not grow what is already over a cap (a file edited by hand, say) is let
    through, so the model can always shrink its way back under the limits.
    """
    store_after = store_before - old_chars + new_chars
    if new_chars > FILE_CAP and new_chars > old_chars:
        return (
            f"Error: Refused: {path} would hold {new_chars:,} characters; a memory file holds at most "
            f"{FILE_CAP:,}. {_ADVICE}"
        )
    if store_after > STORE_CAP and store_after > store_before:
        return (
            f"Error: Refused: the memory would hold {store_after:,} characters in total; the limit is "
            f"{STORE_CAP:,} for all files together. {_ADVICE}"
        )
    return None
