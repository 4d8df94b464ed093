"""Words made below the UI that a person reads in the app's windows: marked for translation, still English.

app/core and app/voice import no Qt, so they cannot translate; they mark instead. `QT_TRANSLATE_NOOP`
carries Qt's own name so `pyside6-lupdate` finds the text and its context in these files too, and returns a
`UiText`: a plain `str` (the log, the command line and every comparison see the English words) that also
remembers its context, its template and the values `format` put in, so app/ui can translate it at display
time (`app.ui.translation.shown`).

A count in a marked sentence is a `Count`: "4,103" in the English, grouped the person's way in the windows.

A marked sentence that went through a file or a database comes back a plain `str`; `recognised` marks it again
from the sentences marked under its context (each `QT_TRANSLATE_NOOP` remembers its source), values and all.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

_FIELD = re.compile(r"\{(\w+)\}")
# Every source marked so far, by context: what `recognised` can read back (the modules that mark are imported by then).
_MARKED: dict[str, dict[str, None]] = {}


class UiText(str):
    """English text that knows how to be looked up in a translation: context, template, format values."""

    context: str
    template: str
    values: dict[str, Any]

    def __new__(cls, text: str, context: str = "", template: str = "", values: dict[str, Any] | None = None) -> UiText:
        made = super().__new__(cls, text)
        made.context, made.template, made.values = context, template or text, dict(values or {})
        return made

    def __reduce__(self) -> tuple[type[UiText], tuple[str, str, str, dict[str, Any]]]:
        # copy, deepcopy (dataclasses.asdict) and pickle rebuild it whole, not from its text alone
        return UiText, (str(self), self.context, self.template, self.values)

    def removeprefix(self, prefix: str, /) -> str:
        """Without `prefix`; a marked sentence behind a literal prefix (`prefixed`) comes back marked.

        Without that prefix it is itself, still marked: callers strip whichever of several prefixes is there.
        """
        rest = str.removeprefix(self, prefix)
        if len(rest) == len(self):
            return self
        if not self.template.startswith(prefix):
            return rest
        field = _FIELD.fullmatch(self.template[len(prefix) :])
        inner = self.values.get(field.group(1)) if field else None
        return inner if isinstance(inner, UiText) and inner == rest else rest

    def format(self, *args: object, **values: Any) -> UiText:
        if args:  # positional fields cannot be named in a translation: keep the English words only
            return UiText(str.format(self, *args, **values), self.context, str.format(self, *args, **values))
        return UiText(str.format(self, **values), self.context, self.template, {**self.values, **values})


class Count(int):
    """A whole number a sentence groups in thousands: "4,103" in the English (the model, the log, the command line).

    The windows group it the person's way ("4.103" in German): `app.ui.translation.shown` formats a `Count` value
    with the language's locale, since "4,103" reads as four point one in German and Spanish.
    """

    def __str__(self) -> str:
        return f"{int(self):,}"

    def __format__(self, spec: str) -> str:
        return format(int(self), spec or ",")


def joined(*parts: str) -> str:
    """Sentences put together with a space; when one is marked, the whole is, each part translated where shown."""
    kept = [part for part in parts if part]
    if not any(isinstance(part, UiText) for part in kept):
        return " ".join(kept)
    values = {f"part{i}": part for i, part in enumerate(kept)}
    return UiText(" ".join(kept), "", " ".join("{" + name + "}" for name in values), values)


def prefixed(prefix: str, said: str) -> str:
    """`said` behind a prefix the model reads ("Error: "); `removeprefix(prefix)` gives back the marked sentence."""
    if not isinstance(said, UiText):
        return prefix + said
    return UiText(prefix + said, "", prefix + "{said}", {"said": said})


def QT_TRANSLATE_NOOP(context: str, source: str) -> UiText:
    """Mark `source` for translation in `context`; the app's windows show it translated, everything else as is."""
    known = _MARKED.setdefault(context, {})
    if source not in known:
        known[source] = None
        _patterns.cache_clear()
    return UiText(source, context, source)


@lru_cache(maxsize=64)
def _patterns(context: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each template of `context` with named fields, as a pattern that reads its values back (longest first)."""
    found = []
    for source in sorted(_MARKED.get(context, ()), key=len, reverse=True):
        if _FIELD.search(source) is None:
            continue
        pieces, at = [], 0
        for field in _FIELD.finditer(source):
            pieces.append(re.escape(source[at : field.start()]) + f"(?P<{field.group(1)}>.+?)")
            at = field.end()
        pieces.append(re.escape(source[at:]))
        try:
            found.append((source, re.compile("".join(pieces), re.DOTALL)))
        except re.error:  # a field named twice: such a template cannot be read back
            continue
    return tuple(found)


def recognised(text: str, context: str) -> str:
    """`text` marked again when it is a sentence marked under `context` (its values read back too), else as is.

    For words kept as plain text (a journal's column) that the app once made from a marked sentence.
    """
    if isinstance(text, UiText) or not text:
        return text
    if text in _MARKED.get(context, ()):
        return UiText(text, context, text)
    for source, pattern in _patterns(context):
        match = pattern.fullmatch(text)
        if match is not None:
            values = {name: recognised(value, context) for name, value in match.groupdict().items()}
            return UiText(text, context, source, values)
    return text
