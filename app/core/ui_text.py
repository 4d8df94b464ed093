"""Words made below the UI that a person reads in the app's windows: marked for translation, still English.

app/core and app/voice import no Qt, so they cannot translate; they mark instead. `QT_TRANSLATE_NOOP`
carries Qt's own name so `pyside6-lupdate` finds the text and its context in these files too, and returns a
`UiText`: a plain `str` (the log, the command line and every comparison see the English words) that also
remembers its context, its template and the values `format` put in, so app/ui can translate it at display
time (`app.ui.translation.shown`).
"""

from __future__ import annotations

from typing import Any


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

    def format(self, *args: object, **values: Any) -> UiText:
        if args:  # positional fields cannot be named in a translation: keep the English words only
            return UiText(str.format(self, *args, **values), self.context, str.format(self, *args, **values))
        return UiText(str.format(self, **values), self.context, self.template, {**self.values, **values})


def joined(*parts: str) -> str:
    """Sentences put together with a space; when one is marked, the whole is, each part translated where shown."""
    kept = [part for part in parts if part]
    if not any(isinstance(part, UiText) for part in kept):
        return " ".join(kept)
    values = {f"part{i}": part for i, part in enumerate(kept)}
    return UiText(" ".join(kept), "", " ".join("{" + name + "}" for name in values), values)


def QT_TRANSLATE_NOOP(context: str, source: str) -> UiText:
    """Mark `source` for translation in `context`; the app's windows show it translated, everything else as is."""
    return UiText(source, context, source)
