"""The history of turns: what was heard, the reply, the tools that ran and the pages shown.

One SQLite file in the data folder, readable by the owner only, never sent anywhere. Turns
older than the kept number of days are deleted whenever the history is opened or written.
With the history off nothing is written (what was kept before stays until it expires or is
deleted). A person can correct what was heard; the correction is kept beside the original,
and the aliases it taught (see `app.core.corrections`) are recorded here so the settings
can show where they came from.

Every call opens its own connection: turns are written a few times a minute at most, and a
connection per call makes the store safe to use from the agent worker and the UI alike.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from app.core import messages, paths
from app.core.languages import Heard
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

DAY = 86400.0
MAX_TEXT = 200_000  # characters of one reply or page kept; a runaway page should not bloat the file
SCHEMA = """
CREATE TABLE IF NOT EXISTS turns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    repo TEXT NOT NULL,
    at REAL NOT NULL,
    heard TEXT NOT NULL,
    corrected TEXT,
    reply TEXT NOT NULL,
    tools TEXT NOT NULL,
    pages TEXT NOT NULL,
    source TEXT NOT NULL,
    language TEXT,
    language_probability REAL,
    language_detected INTEGER
);
CREATE INDEX IF NOT EXISTS turns_repo_at ON turns (repo, at);
CREATE INDEX IF NOT EXISTS turns_at ON turns (at);
CREATE TABLE IF NOT EXISTS learned (
    repo TEXT NOT NULL,
    spoken TEXT NOT NULL,
    written TEXT NOT NULL,
    turn_id INTEGER,
    at REAL NOT NULL,
    PRIMARY KEY (repo, spoken)
);
"""


@dataclass(frozen=True)
class ToolRun:
    """A tool the agent ran during a turn, as the tray showed it ("building", "reading app.py")."""

    name: str
    label: str
    ok: bool = True


@dataclass(frozen=True)
class Page:
    """A page the agent showed on screen."""

    title: str
    markdown: str


@dataclass(frozen=True)
class Turn:
    id: int
    repo: str
    at: float  # seconds since the epoch
    heard: str
    corrected: str | None
    reply: str
    tools: tuple[ToolRun, ...]
    pages: tuple[Page, ...]
    source: str  # "voice" or "typed"
    language: Heard | None = None  # the language the question was heard in; None when typed or not known

    @property
    def question(self) -> str:
        """What the person said, as corrected when they corrected it."""
        return self.corrected if self.corrected is not None else self.heard


@dataclass(frozen=True)
class LearnedAlias:
    repo: str
    spoken: str
    written: str
    turn_id: int | None
    at: float


class History:
    """The history store. Cheap to create; `keep_days` applies on every open and write."""

    @classmethod
    def for_settings(cls, settings: Settings) -> History:
        """The history as the settings say: on or off, and how many days it keeps."""
        return cls(keep_days=settings.history_days, enabled=settings.history_enabled)

    def __init__(self, path: Path | None = None, *, keep_days: int = 30, enabled: bool = True) -> None:
        self.path = path or paths.history_file()
        self.keep_days = max(1, keep_days)
        self.enabled = enabled
        self._reported: set[str] = set()  # kinds of temporary trouble already told to the person

    # -- writing ---------------------------------------------------------------------------------

    def add(
        self,
        repo: str,
        heard: str,
        reply: str,
        *,
        tools: tuple[ToolRun, ...] | list[ToolRun] = (),
        pages: tuple[Page, ...] | list[Page] = (),
        source: str = "voice",
        at: float | None = None,
        language: Heard | None = None,
    ) -> int | None:
        """Store one turn; its id, or None when the history is off or the turn said nothing."""
        if not self.enabled or not (heard.strip() or reply.strip()):
            return None
        tools_json = json.dumps([{"name": t.name, "label": t.label, "ok": t.ok} for t in tools])
        pages_json = json.dumps([{"title": p.title, "markdown": p.markdown[:MAX_TEXT]} for p in pages])
        with self._connect() as db:
            cursor = db.execute(
                "INSERT INTO turns (repo, at, heard, corrected, reply, tools, pages, source,"
                " language, language_probability, language_detected) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?)",
                (
                    repo,
                    time.time() if at is None else at,
                    heard,
                    reply[:MAX_TEXT],
                    tools_json,
                    pages_json,
                    source,
                    language.code if language else None,
                    language.probability if language else None,
                    int(language.detected) if language else None,
                ),
            )
            return int(cursor.lastrowid or 0)

    def correct(self, turn_id: int, text: str) -> Turn | None:
        """Keep `text` as what was really said in turn `turn_id` (blank text undoes a correction)."""
        with self._connect() as db:
            db.execute("UPDATE turns SET corrected = ? WHERE id = ?", (text.strip() or None, turn_id))
        return self.get(turn_id)

    def delete_turn(self, turn_id: int) -> None:
        with self._connect() as db:
            db.execute("DELETE FROM turns WHERE id = ?", (turn_id,))

    def delete_repo(self, repo: str) -> None:
        with self._connect() as db:
            db.execute("DELETE FROM turns WHERE repo = ?", (repo,))
            db.execute("DELETE FROM learned WHERE repo = ?", (repo,))

    def delete_all(self) -> None:
        """Everything the history holds is deleted, the file too, so nothing is left to recover."""
        for suffix in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                Path(f"{self.path}{suffix}").unlink()

    # -- reading ---------------------------------------------------------------------------------

    def turns(self, repo: str | None = None, query: str = "", limit: int = 500) -> list[Turn]:
        """Turns newest first, of one repository or all, whose words contain `query`."""
        if not self.path.exists():
            return []
        where, args = [], []
        if repo is not None:
            where.append("repo = ?")
            args.append(repo)
        for word in query.split():
            pattern = "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            where.append(
                "(heard LIKE ? ESCAPE '\\' OR corrected LIKE ? ESCAPE '\\' OR reply LIKE ? ESCAPE '\\'"
                " OR pages LIKE ? ESCAPE '\\' OR tools LIKE ? ESCAPE '\\')"
            )
            args.extend([pattern] * 5)
        sql = "SELECT * FROM turns" + (" WHERE " + " AND ".join(where) if where else "")
        with self._connect() as db:
            rows = db.execute(sql + " ORDER BY at DESC, id DESC LIMIT ?", (*args, max(1, limit))).fetchall()
        return [_turn(row) for row in rows]

    def get(self, turn_id: int) -> Turn | None:
        if not self.path.exists():
            return None
        with self._connect() as db:
            row = db.execute("SELECT * FROM turns WHERE id = ?", (turn_id,)).fetchone()
        return _turn(row) if row else None

    def repos(self) -> list[str]:
        """Repositories with turns, the most recently used first."""
        if not self.path.exists():
            return []
        with self._connect() as db:
            rows = db.execute("SELECT repo FROM turns GROUP BY repo ORDER BY MAX(at) DESC").fetchall()
        return [row["repo"] for row in rows]

    # -- learned aliases -------------------------------------------------------------------------

    def record_learned(self, repo: str, spoken: str, written: str, turn_id: int | None) -> None:
        with self._connect() as db:
            db.execute(
                "INSERT OR REPLACE INTO learned (repo, spoken, written, turn_id, at) VALUES (?, ?, ?, ?, ?)",
                (repo, spoken, written, turn_id, time.time()),
            )

    def learned(self, repo: str | None = None) -> list[LearnedAlias]:
        if not self.path.exists():
            return []
        sql = "SELECT * FROM learned"
        args: tuple[str, ...] = ()
        if repo is not None:
            sql, args = sql + " WHERE repo = ?", (repo,)
        with self._connect() as db:
            rows = db.execute(sql + " ORDER BY at DESC", args).fetchall()
        return [LearnedAlias(r["repo"], r["spoken"], r["written"], r["turn_id"], r["at"]) for r in rows]

    def forget_learned(self, repo: str, spoken: str) -> None:
        if not self.path.exists():
            return
        with self._connect() as db:
            db.execute("DELETE FROM learned WHERE repo = ? AND spoken = ?", (repo, spoken))

    # -- the file --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = self._open()
        try:
            with db:  # one transaction: committed on success, rolled back on an exception
                yield db
        finally:
            db.close()

    def _open(self) -> sqlite3.Connection:
        paths.ensure_private_dir(self.path.parent)
        if not self.path.exists():
            # Created owner-only before SQLite opens it; SQLite gives its journal the same mode.
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        try:
            db = self._connect_checked()
        except sqlite3.DatabaseError as exc:
            if not _damaged(self.path, exc):
                _report_once(exc, self._reported)
                raise  # busy or full is temporary: the caller loses this turn, the history stays
            kept = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            log.warning("the history file was damaged; moved it to %s and started a new one", kept)
            self.path.replace(kept)
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
            db = self._connect_checked()
        return db

    def _connect_checked(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=5.0)
        try:
            db.row_factory = sqlite3.Row
            db.executescript(SCHEMA)
            _add_language_columns(db)
            db.execute("DELETE FROM turns WHERE at < ?", (time.time() - self.keep_days * DAY,))
            db.commit()
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db


# What "damaged" means: SQLite says so, and its own integrity check agrees. Busy (another process holds
# the file past the 5 s wait), full, read-only or I/O errors are about the moment, not the file.
_DAMAGE_CODES = frozenset({"SQLITE_CORRUPT", "SQLITE_NOTADB"})


def _damaged(path: Path, exc: sqlite3.DatabaseError) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name and not name.startswith(tuple(_DAMAGE_CODES)):
        return False
    try:
        db = sqlite3.connect(path, timeout=5.0)
        try:
            return str(db.execute("PRAGMA quick_check").fetchone()[0]) != "ok"
        finally:
            db.close()
    except sqlite3.DatabaseError as again:
        again_name = getattr(again, "sqlite_errorname", "") or ""
        return again_name.startswith(tuple(_DAMAGE_CODES))


def _report_once(exc: sqlite3.DatabaseError, _reported: set[str]) -> None:
    """One message per kind of trouble: a locked history would otherwise say so every turn."""
    name = getattr(exc, "sqlite_errorname", "") or type(exc).__name__
    if name in _reported:
        log.debug("history still unavailable (%s)", name)
        return
    _reported.add(name)
    if name.startswith("SQLITE_BUSY") or "locked" in str(exc):
        why = "another program has the history file locked"
    elif name.startswith("SQLITE_FULL"):
        why = "the disk is full"
    else:
        why = f"the history file cannot be written now ({exc})"
    messages.warning(
        QT_TRANSLATE_NOOP(
            "history", "Turns are not being saved to the history: {why}. The history is kept; it resumes by itself."
        ).format(why=why)
    )


def _add_language_columns(db: sqlite3.Connection) -> None:
    """A history written before the language was kept gains its columns; its old turns have none."""
    have = {str(row[1]) for row in db.execute("PRAGMA table_info(turns)")}
    for column, kind in (("language", "TEXT"), ("language_probability", "REAL"), ("language_detected", "INTEGER")):
        if column not in have:
            db.execute(f"ALTER TABLE turns ADD COLUMN {column} {kind}")


def _language(row: sqlite3.Row) -> Heard | None:
    code = row["language"]
    if not isinstance(code, str) or not code:
        return None
    probability = row["language_probability"]
    return Heard(code, float(probability) if probability is not None else 1.0, bool(row["language_detected"]))


def _turn(row: sqlite3.Row) -> Turn:
    try:
        tools = tuple(ToolRun(str(t["name"]), str(t["label"]), bool(t["ok"])) for t in json.loads(row["tools"]))
        pages = tuple(Page(str(p["title"]), str(p["markdown"])) for p in json.loads(row["pages"]))
    except (ValueError, KeyError, TypeError):
        tools, pages = (), ()
    return Turn(
        id=row["id"],
        repo=row["repo"],
        at=row["at"],
        heard=row["heard"],
        corrected=row["corrected"],
        reply=row["reply"],
        tools=tools,
        pages=pages,
        source=row["source"],
        language=_language(row),
    )
