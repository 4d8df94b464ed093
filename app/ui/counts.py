"""Counted words ("3 sessions", "1 file") in the person's language, with Qt's plural forms (`%n`).

One small QObject so `pyside6-lupdate` sees each as a plural message (it reads plurals only from `tr` with a
count); module helpers that have no widget of their own ask `COUNTS`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject


class Counts(QObject):
    def sessions(self, n: int) -> str:
        return _english(self.tr("%n session(s)", "", n), n)

    def commits(self, n: int) -> str:
        return _english(self.tr("%n commit(s)", "", n), n)

    def files(self, n: int) -> str:
        return _english(self.tr("%n file(s)", "", n), n)

    def lines(self, n: int) -> str:
        return _english(self.tr("%n line(s)", "", n), n)

    def years(self, n: int) -> str:
        return _english(self.tr("%n year(s)", "", n), n)

    def days(self, n: int) -> str:
        return _english(self.tr("%n day(s)", "", n), n)

    def hours(self, n: int) -> str:
        return _english(self.tr("%n hour(s)", "", n), n)

    def minutes(self, n: int) -> str:
        return _english(self.tr("%n minute(s)", "", n), n)


def _english(text: str, n: int) -> str:
    """English is the source language and has no catalogue: Qt leaves "(s)" in place, so choose here."""
    return text.replace("(s)", "" if n == 1 else "s")


COUNTS = Counts()
