"""The app's own words in the person's language: which language, installing Qt's translators, core text shown.

The choice is Settings → General → "Language of the app" (`Settings.ui_language`, "" = the system's). The
translations are `resources/translations/voice_dev_agent_<lang>.qm`, compiled with `pyside6-lrelease` from
the `.ts` files `pyside6-lupdate` makes (installer/translations.sh); Qt's own `qtbase_<lang>.qm` translates
its standard buttons (Save, Close, Cancel). English is the source language: it needs no file.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from app.core import paths
from app.core.ui_text import Count, UiText

log = logging.getLogger(__name__)

CATALOGUE = "voice_dev_agent"
# The choices in Settings, each named in its own language so a person who cannot read the current one finds theirs.
LANGUAGES: tuple[tuple[str, str], ...] = (("en", "English"), ("de", "Deutsch"), ("es", "Español"))
TRANSLATED = ("de", "es")  # the languages with a catalogue; English is the source
_installed: list[QTranslator] = []


def translations_dir() -> Path:
    return paths.resources_dir() / "translations"


def chosen_language(setting: str, system: QLocale | None = None) -> str:
    """The language the app shows: the setting, else the first of the system's languages the app has, else English."""
    if setting in dict(LANGUAGES):
        return setting
    for name in (system or QLocale.system()).uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in TRANSLATED or code == "en":
            return code
    return "en"


def install(app: QCoreApplication, setting: str) -> str:
    """Install the app's and Qt's translators for `setting` before any window is built; returns the language shown.

    A missing or unreadable catalogue leaves the app in English and says so in the log, never stops it.
    """
    language = chosen_language(setting)
    QLocale.setDefault(QLocale(language))
    if language not in TRANSLATED:
        return "en"
    own = QTranslator(app)
    if not own.load(f"{CATALOGUE}_{language}", str(translations_dir())):
        log.warning("no translation of the app for %s in %s: it stays in English", language, translations_dir())
        return "en"
    app.installTranslator(own)
    _installed.append(own)
    qt = QTranslator(app)
    if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    return language


def remove(app: QCoreApplication) -> None:
    """Take the installed translators out again: the app's words are English from here on (tests use it)."""
    while _installed:
        app.removeTranslator(_installed.pop())
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def number(count: int) -> str:
    """A count as the person's language writes it: "4,103" in English, "4.103" in German (the language chosen)."""
    locale = QLocale()
    if locale.language() == QLocale.Language.C:  # no language installed yet (a bare Qt): the English source's grouping
        locale = QLocale(QLocale.Language.English)
    return locale.toString(int(count))


def _value(value: object) -> object:
    if isinstance(value, Count):
        return number(value)
    return shown(value) if isinstance(value, str) else value


def shown(text: str) -> str:
    """`text` as the person reads it: a `UiText` made below the UI translated now (with its values), else as is.

    A `Count` in it is grouped the language's way; the `str` itself keeps the English for the model and the log.
    """
    if not isinstance(text, UiText):
        return text
    template = QCoreApplication.translate(text.context, text.template)
    values = {name: _value(value) for name, value in text.values.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder: the English is still right
        log.warning("translation of %r does not fit its values", text.template)
        return str(text)
