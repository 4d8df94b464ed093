"""Markdown into words worth saying, and a stream of text deltas into sentences.

The agent answers in Markdown meant for a screen. Read aloud, syntax, code and URLs are
noise: a code block or table becomes "The details are on screen." (once per reply),
URLs are left out, identifiers are split into words (`ReviewOrchestrator` → "Review
Orchestrator", `changed_file` → "changed file") and paths shrink to the file name.
"""

from __future__ import annotations

import re

CODE_NOTE = "The details are on screen."
MAX_SENTENCE = 280  # characters before a sentence without an end is cut at a comma or space
# Words of plain prose at the start of the buffer, each followed by white space (so complete):
# letters, digits, apostrophes and inner punctuation only, not starting a list item or heading.
_PLAIN_HEAD = re.compile(r"(?![ \t]*(?:[-*+#>]|\d+[.)])\s)(?:[ \t]*[A-Za-z0-9][A-Za-z0-9'’,;:-]*[ \t]+)+")

_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)")
_URL = re.compile(r"<?\b(?:https?://|www\.)[^\s<>)\]]+>?")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_REF_LINK = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_INLINE_CODE = re.compile(r"`+([^`]+)`+")
_HTML_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_EMPHASIS = re.compile(r"(\*\*|\*|~~)(?=\S)(.+?)(?<=\S)\1|(?<!\w)(__|_)(?=\S)(.+?)(?<=\S)\3(?!\w)")
_PATH = re.compile(r"(?<![\w@])(?:[\w.-]+/){2,}([\w-]+(?:\.\w+)?)|(?<![\w@])(?:[\w.-]+/)+([\w-]+\.\w+)")
_VERSION = re.compile(r"\bv(\d+(?:\.\d+)+)\b")
_IDENT = re.compile(
    r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b"  # snake_case
    r"|\b[a-z]+[A-Z][A-Za-z0-9]*\b"  # camelCase
    r"|\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b"  # CamelCase
    r"|\b[A-Z]{2,}(?=[A-Z][a-z])[A-Za-z0-9]*\b"  # HTTPServer
)
_SPLIT_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_ABBREVIATIONS = {"e.g.": "for example", "i.e.": "that is", "etc.": "and so on", "vs.": "versus"}


def _say_identifier(match: re.Match[str]) -> str:
    return " ".join(_SPLIT_PARTS.findall(match.group()))


def _code_words(code: str) -> str:
    """Inline code as words: a path becomes its file name, identifiers their parts, calls lose ()."""
    code = code.strip()
    code = _PATH.sub(lambda m: m.group(1) or m.group(2), code)
    code = re.sub(r"\(\s*\)", "", code)
    return _IDENT.sub(_say_identifier, code)


def _inline(text: str) -> str:
    """One line of Markdown prose as plain words."""
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _REF_LINK.sub(r"\1", text)
    text = _URL.sub("the link", text)
    text = _HTML_TAG.sub("", text)
    text = _INLINE_CODE.sub(lambda m: _code_words(m.group(1)), text)
    text = _PATH.sub(lambda m: m.group(1) or m.group(2), text)
    text = _VERSION.sub(r"version \1", text)
    for short, long in _ABBREVIATIONS.items():
        text = re.sub(rf"(?<!\w){re.escape(short)}", long, text, flags=re.IGNORECASE)
    for _ in range(2):  # nested emphasis such as ***word***
        text = _EMPHASIS.sub(lambda m: m.group(2) or m.group(4), text)
    text = _IDENT.sub(_say_identifier, text)
    text = text.replace("`", "").replace("|", " ")
    text = re.sub(r"(?<!\w)[#*_~>]+(?!\w)", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def _end_sentence(text: str) -> str:
    return text if not text or text[-1] in ".!?:;" else text + "."


def to_speech(markdown: str, *, code_note: bool = True) -> str:
    """The words of `markdown` worth saying. `code_note=False` drops code silently."""
    out: list[str] = []
    in_code = False
    noted = not code_note
    for raw in markdown.splitlines():
        if _FENCE.match(raw):
            if not in_code and not noted:
                out.append(CODE_NOTE)
                noted = True
            in_code = not in_code
            continue
        if in_code:
            continue
        line = raw.strip()
        if not line or re.fullmatch(r"[-*_=\s]{3,}", line):
            continue
        if line.startswith("|") or raw.startswith(("    ", "\t")):  # tables and indented code
            if not noted:
                out.append(CODE_NOTE)
                noted = True
            continue
        heading = re.match(r"#{1,6}\s+(.*)", line)
        if heading:
            out.append(_end_sentence(_inline(heading.group(1))))
            continue
        line = re.sub(r"^(?:>\s*)+", "", line)
        item = re.match(r"(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)", line)
        if item:
            out.append(_end_sentence(_inline(item.group(1))))
            continue
        out.append(_inline(line))
    return re.sub(r"\s+", " ", " ".join(p for p in out if p)).strip()


class SentenceSplitter:
    """Cuts a stream of Markdown deltas into sentences, each ready to speak when it ends.

    A sentence ends at ".", "!" or "?" followed by white space, at a blank line, or at
    the end of a list item or heading line. Abbreviations ("e.g."), versions ("v1.2"),
    file names ("src/app.py") and decimals do not end one. A fenced code block is kept
    whole, so it becomes one sentence that `to_speech` turns into the screen note.
    """

    def __init__(self) -> None:
        self._buffer = ""

    def push(self, delta: str) -> list[str]:
        self._buffer += delta
        sentences: list[str] = []
        while True:
            cut = self._next_cut()
            if cut is None:
                break
            sentence, self._buffer = self._buffer[:cut].strip(), self._buffer[cut:]
            if sentence:
                sentences.append(sentence)
        return sentences

    def flush(self) -> list[str]:
        rest, self._buffer = self._buffer.strip(), ""
        return [rest] if rest else []

    def head(self, words: int) -> list[str]:
        """The first `words` words of the unfinished sentence, when they are plain prose and more follow.

        A listener waiting in silence hears the opening words while the rest of the sentence
        still streams. Only plain words qualify (no Markdown, code or list marker that a cut
        could break); the rest of the sentence stays and ends as usual.
        """
        match = _PLAIN_HEAD.match(self._buffer)
        if match is None:
            return []
        tokens = match.group().split()
        if len(tokens) <= words:
            return []
        cut = 0
        for token in tokens[:words]:  # to the end of the `words`-th word
            cut = self._buffer.index(token, cut) + len(token)
        head, self._buffer = self._buffer[:cut].strip(), self._buffer[cut:]
        return [head] if head else []

    def _next_cut(self) -> int | None:
        text = self._buffer
        fence = _first_fence(text)
        if fence is not None:
            if text[:fence].strip():
                cut = self._prose_cut(text[:fence], final=True)
                return cut if cut is not None else fence
            close = _first_fence(text, start=text.index("\n", fence) + 1 if "\n" in text[fence:] else len(text))
            if close is None:
                return None  # wait for the end of the block
            end = text.find("\n", close)
            return end + 1 if end != -1 else None
        return self._prose_cut(text, final=False)

    def _prose_cut(self, text: str, *, final: bool) -> int | None:
        for match in re.finditer(r"[.!?]+[\"')\]]*(?=\s)|\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)]|#)\s)", text):
            if match.group().startswith("\n"):
                return match.end()
            if self._is_sentence_end(text, match.start()):
                return match.end()
        if final:
            return len(text)
        if len(text) > MAX_SENTENCE:
            space = max(text.rfind(", ", 0, MAX_SENTENCE), text.rfind(" ", 0, MAX_SENTENCE))
            return space + 1 if space > 0 else MAX_SENTENCE
        return None

    @staticmethod
    def _is_sentence_end(text: str, dot: int) -> bool:
        if text[dot] != ".":
            return True
        word = re.search(r"(\S*)$", text[: dot + 1])
        token = word.group(1).lower() if word else ""
        if token in _ABBREVIATIONS or re.fullmatch(r"(?:[a-z]\.){2,}", token):
            return False
        line_start = text.rfind("\n", 0, dot) + 1
        return not re.fullmatch(r"\s*\d+\.", text[line_start : dot + 1])  # "1. " list marker


def _first_fence(text: str, start: int = 0) -> int | None:
    for match in re.finditer(r"(?m)^[ \t]{0,3}(?:```|~~~)", text[start:]):
        return start + match.start()
    return None


class SpeechStream:
    """SentenceSplitter plus to_speech, with the screen note said once per reply."""

    def __init__(self) -> None:
        self._splitter = SentenceSplitter()
        self._noted = False

    def push(self, delta: str) -> list[str]:
        return self._speak(self._splitter.push(delta))

    def flush(self) -> list[str]:
        return self._speak(self._splitter.flush())

    def head(self, words: int) -> list[str]:
        """The opening words of the sentence still streaming (see SentenceSplitter.head)."""
        return self._speak(self._splitter.head(words))

    def _speak(self, chunks: list[str]) -> list[str]:
        spoken: list[str] = []
        for chunk in chunks:
            text = to_speech(chunk, code_note=not self._noted)
            if CODE_NOTE in text:
                self._noted = True
            if re.search(r"\w", text):
                spoken.append(text)
        return spoken
