"""Counted words ("3 sessions", "1 file") in the person's language, with Qt's plural forms (`%n`).

One small QObject so `pyside6-lupdate` sees each as a plural message (it reads plurals only from `tr` with a
count); module helpers that have no widget of their own ask `COUNTS`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject


class Counts(QObject):
    def sessions(self, n: int) -> str:
        return self.tr("%n session(s)", "", n)

    def commits(self, n: int) -> str:
        return self.tr("%n commit(s)", "", n)

    def files(self, n: int) -> str:
        return self.tr("%n file(s)", "", n)

    def lines(self, n: int) -> str:
        return self.tr("%n line(s)", "", n)

    def years(self, n: int) -> str:
        return self.tr("%n year(s)", "", n)

    def days(self, n: int) -> str:
        return self.tr("%n day(s)", "", n)

    def hours(self, n: int) -> str:
        return self.tr("%n hour(s)", "", n)

    def minutes(self, n: int) -> str:
        return self.tr("%n minute(s)", "", n)


COUNTS = Counts()
