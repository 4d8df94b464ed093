"""TeamBackend: a repository's team memory on the PostgreSQL server, below the same guards as a local one.

One command is one transaction, and the server's row-level security decides what the connected
role may see or change. A write that names the files it changes (a person's promotion or edit
of a team line) locks just those files' rows, keyed by repository and path since a new file has
no row yet, and holds the repository's lock shared: two people writing different files, or one
after the other into the same file, never wait for the whole store. A write that does not say
(the memory tool's commands, an undo) holds the repository's lock exclusively, as the local lock
file makes it, so it waits for those and they for it. The repository is found by its identity
(`repo_identity`), never by a local path. The per-machine half of the journal (use counts, the
git cache) stays on this machine, in a small SQLite file of its own; the files' sizes are the
server's, counted by each command, since teammates write too.

The history on the server is append-only for every app role, so `forget` cannot remove it:
it is refused, saying so.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TypeVar

from psycopg import errors as pg_errors

from app.core import paths
from app.core.errors import TeamRefused
from app.core.memory import limits
from app.core.memory.journal_file import JournalFile
from app.core.memory.key import MemoryKey
from app.core.memory.lock import LockTimeout
from app.core.memory.sqlite_machine import SqliteMachineLog
from app.core.team.changes import TeamChangeLog
from app.core.team.schema import check_version, usable
from app.core.team.server import Connection, connect, describe, translated
from app.core.team.texts import TeamTexts
from app.core.ui_text import QT_TRANSLATE_NOOP

T = TypeVar("T")
LOCK_CLASS = 0x7664_6101  # advisory lock space of the repositories' command locks (key: repository id)
LOCK_WAIT = "10s"  # a command waits this long for another person's command on the same repository


class _ServerSizes(SqliteMachineLog):
    """This machine's records, except the files' sizes: teammates write too, so each command counts the server's."""

    def sizes(self) -> dict[str, int] | None:
        return None  # the caps check counts every file's size from the rows it reads anyway

    def set_sizes(self, sizes: Mapping[str, int | None], *, replace: bool = False) -> None:
        return None


class TeamBackend:
    """One repository's team memory: rows on the server, reached through one connection of this process."""

    def __init__(
        self,
        dsn: str,
        identity: str,
        *,
        name: str = "",
        password: str = "",
        machine_folder: Path | None = None,
        caps: limits.Caps = limits.PERSONAL,
    ) -> None:
        self.identity = identity
        self.dsn = dsn
        self._password = password
        self.key = MemoryKey("team", name or identity.replace("/", "_").replace(":", "-"))
        self._conn: Connection | None = None
        self._active: tuple[Connection, int] | None = None
        self.texts = TeamTexts(self._current, caps)
        self.changes = TeamChangeLog(self._current, contextlib.nullcontext)
        folder = machine_folder or paths.cache_dir() / "team" / self.key.name
        paths.ensure_private_dir(folder)
        self.machine = _ServerSizes(JournalFile(folder))

    @property
    def location(self) -> str:
        return f"the team server {describe(self.dsn)}"

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def _connection(self) -> Connection:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self.close()
            conn = connect(self.dsn, password=self._password)
            try:
                with translated(self.location):
                    if usable(conn):
                        check_version(conn)  # an older or newer schema is refused, not half used
            except BaseException:
                conn.close()
                raise
            self._conn = conn
        return self._conn

    def _current(self) -> tuple[Connection, int]:
        if self._active is None:
            raise RuntimeError("team memory used outside a command")  # a bug in the caller, not a server state
        return self._active

    def _repository(self, conn: Connection) -> int | None:
        """The repository's id as the connected role sees it; None when it sees nothing (no grant, revoked)."""
        usable = conn.execute(
            "SELECT CASE WHEN to_regnamespace('vda') IS NULL THEN false ELSE has_schema_privilege('vda', 'USAGE') END"
        ).fetchone()
        if not (usable and usable[0]):
            return None
        row = conn.execute("SELECT id FROM vda.repos WHERE identity = %s", (self.identity,)).fetchone()
        return None if row is None else int(row[0])

    def exists(self) -> bool:
        with translated(self.location):
            conn = self._connection()
            repo = self._repository(conn)
            if repo is None:
                return False
            row = conn.execute(
                "SELECT EXISTS (SELECT 1 FROM vda.texts WHERE repo = %s) OR EXISTS (SELECT 1 FROM vda.changes"
                " WHERE repo = %s)",
                (repo, repo),
            ).fetchone()
            return bool(row and row[0])

    def may_write(self) -> bool:
        """Whether the connected role may change this repository's team memory now."""
        return not self.write_refusal()

    def write_refusal(self) -> str:
        """Why the connected role may not change this repository's team memory now, in one sentence ("" it may)."""
        with translated(self.location):
            conn = self._connection()
            repo = self._repository(conn)
            if repo is not None and _can_write(conn, repo):
                return ""
            return str(self._refusal(conn, repo))

    def locked(self, work: Callable[[], T], *, write: bool, empty: Callable[[], T], files: Iterable[str] = ()) -> T:
        """Run `work` as one transaction; `empty()` for an unseen repository.

        A write locks the `files` it names (virtual paths) and the repository shared, or, naming none,
        the whole repository.
        """
        if self._active is not None:  # a command inside a command shares its transaction
            return work()
        with translated(self.location), self._transaction(write, sorted(set(files))) as repo:
            if repo is None:
                return empty()
            return work()

    @contextlib.contextmanager
    def _transaction(self, write: bool, files: list[str]) -> Iterator[int | None]:
        conn = self._connection()
        try:
            with conn.transaction():
                repo = self._repository(conn)
                if repo is None or (write and not _can_write(conn, repo)):
                    if write:
                        raise self._refusal(conn, repo)
                    yield None
                    return
                if write:
                    conn.execute(f"SET LOCAL lock_timeout = '{LOCK_WAIT}'")
                    _lock(conn, repo, files)
                self._active = (conn, repo)
                self.texts.forget_rows()
                try:
                    yield repo
                finally:
                    self._active = None
        except pg_errors.LockNotAvailable as exc:
            raise LockTimeout(self.location) from exc

    def _refusal(self, conn: Connection, repo: int | None) -> TeamRefused:
        who = conn.info.user
        if repo is None:
            return TeamRefused(
                QT_TRANSLATE_NOOP(
                    "errors", "The team server gives the role {who} no access to this repository's team memory."
                ).format(who=who)
            )
        row = conn.execute("SELECT read_only FROM vda.repos WHERE id = %s", (repo,)).fetchone()
        if row and row[0]:
            return TeamRefused(
                QT_TRANSLATE_NOOP("errors", "The team's admin made this repository's team memory read-only.")
            )
        return TeamRefused(
            QT_TRANSLATE_NOOP(
                "errors", "The role {who} may read this repository's team memory but not change it."
            ).format(who=who)
        )

    def forget(self) -> None:
        raise TeamRefused(
            QT_TRANSLATE_NOOP(
                "errors",
                "The team memory's history is kept on the team server and cannot be removed from here; "
                "delete its lines one by one, or ask the team's admin.",
            )
        )


def _lock(conn: Connection, repo: int, files: list[str]) -> None:
    """Lock the whole repository, or share it and lock each named file's row (in name order: no deadlock)."""
    if not files:
        conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_CLASS, repo))
        return
    conn.execute("SELECT pg_advisory_xact_lock_shared(%s, %s)", (LOCK_CLASS, repo))
    # One bigint per (repository, path): a file that has no row yet is locked as surely as one that has.
    conn.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended(%s::text || ':' || f, %s)) FROM unnest(%s::text[]) f",
        (repo, LOCK_CLASS, files),
    )


def _can_write(conn: Connection, repo: int) -> bool:
    row = conn.execute("SELECT vda.can_write(%s)", (repo,)).fetchone()
    return bool(row and row[0])
