"""Undo the disguises a credential can wear before the detector looks at it (the memory's filter).

Folded: compatibility forms (fullwidth letters, mathematical alphabets: NFKC), combining marks,
invisible characters and the letters that print as nothing (Hangul fillers, the blank Braille
pattern U+2800, the Khmer inherent vowels), look-alike letters from Cyrillic, Greek and Latin's
extensions (a skeleton in the sense of Unicode's TR39, for the letters keys are written in), and the
Unicode hyphens and minus signs (keys use ASCII '-'). Decoded: long runs of hex or base32, and the
text reversed, since each of those turns back into the key with one step anyone can ask a model for.
Best effort, as SECURITY.md says: an encoding not listed here passes.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from collections.abc import Iterator

# Letters with no ink that are not format characters (Cf), so NFKD and the category filter keep them.
_BLANK_LETTERS = "\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f\u180e\u2060\u2061\u2062\u2063\u2064"
_HYPHENS = (
    "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\u02d7\u058a\u05be\u1400\u1806"
    "\u2e17\u2e1a\u2e3a\u2e3b\u2e40\u301c\u30a0\ufe58\ufe63\uff0d"
)
# Look-alikes of the ASCII letters and digits keys are written in (after NFKC), from TR39's confusables.
_CONFUSABLES = {
    # Cyrillic
    "а": "a", "в": "B", "е": "e", "ё": "e", "к": "k", "м": "M", "н": "H", "о": "o", "р": "p", "с": "c",
    "т": "T", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ɡ": "g", "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q", "Ԝ": "W", "Ү": "Y",
    # Greek
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "τ": "t", "υ": "u", "ι": "i", "κ": "k", "χ": "x", "ϲ": "c",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C",
    # Latin extensions and others
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɩ": "i", "ɪ": "I", "ʏ": "Y", "ᴀ": "A", "ᴄ": "c", "ᴏ": "o", "ᴠ": "v",
    "ᴡ": "w", "ᴢ": "z", "ǀ": "l", "ⅼ": "l", "Ⅰ": "I", "߀": "0", "〇": "0", "৪": "8", "ȝ": "3",
}  # fmt: skip
_FOLD = str.maketrans({**dict.fromkeys(_BLANK_LETTERS, ""), **dict.fromkeys(_HYPHENS, "-"), **_CONFUSABLES})

_HEX_RUN = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){20,}(?![0-9A-Fa-f])")
_BASE32_RUN = re.compile(r"(?<![A-Z2-7])[A-Z2-7]{32,}={0,6}")


def fold(text: str) -> str:
    """`text` without its disguises: compatibility forms, marks, invisible and blank letters, look-alikes."""
    if text.isascii():
        return text
    folded = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in folded if unicodedata.category(c) not in {"Mn", "Me", "Cf"})
    return unicodedata.normalize("NFKC", kept).translate(_FOLD)


def decodings(text: str) -> Iterator[tuple[str, str]]:
    """(how, text) for each way `text` may hold a key in a reversible form: reversed, hex runs, base32 runs."""
    yield "written backwards", text[::-1]
    for match in _HEX_RUN.finditer(text):
        decoded = _printable(binascii.unhexlify(match.group(0)))
        if decoded:
            yield "hex-encoded", decoded
    for match in _BASE32_RUN.finditer(text):
        run = match.group(0).rstrip("=")
        try:
            raw = base64.b32decode(run + "=" * (-len(run) % 8))
        except (binascii.Error, ValueError):
            continue
        decoded = _printable(raw)
        if decoded:
            yield "base32-encoded", decoded


def _printable(data: bytes) -> str:
    """The bytes as text when they read as text (a key, a line); "" for random bytes (a hash, an id)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    return text if text and sum(c.isprintable() or c in "\n\t" for c in text) >= 0.95 * len(text) else ""
