"""A team memory's files as rows of `vda.texts`: the `Texts` a memory store reads and writes, on the server.

A row is a file (its bytes) or a folder (`is_dir`), at a path of already-checked names joined
by "/" ("" is the root, never stored). Every call runs on the connection and transaction the
backend holds for the current command, so one command sees one consistent state. Each write
of a file's row raises its version (a trigger), which is what the team lines' edits check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime

from app.core.memory import limits
from app.core.memory.folder import Entry, Missing, NotADirectory, NotAFile, TooLarge
from app.core.team.server import Connection

DIR_SIZE = 4096  # what a folder's size reads as in a listing, as on the local file systems


def joined(parts: tuple[str, ...]) -> str:
    return "/".join(parts)


class TeamTexts:
    """The files of one repository's team memory; `active()` gives the command's (connection, repository id)."""

    def __init__(self, active: Callable[[], tuple[Connection, int]], caps: limits.Caps = limits.PERSONAL) -> None:
        self._active = active
        self.caps = caps  # what this store may hold (`limits.caps_of`): a team tier's are the team's
        # The rows this command has read (None: known missing), so a path asked about twice is one round trip.
        self._rows: dict[str, tuple[bool, bytes | None, datetime] | None] = {}

    def forget_rows(self) -> None:
        """Called as each command starts and after each write: the rows read are that command's alone."""
        self._rows = {}

    def _row(self, path: str) -> tuple[bool, bytes | None, datetime] | None:
        if path not in self._rows:
            conn, repo = self._active()
            row = conn.execute(
                "SELECT is_dir, body, at FROM vda.texts WHERE repo = %s AND path = %s", (repo, path)
            ).fetchone()
            self._rows[path] = None if row is None else (bool(row[0]), row[1], row[2])
        return self._rows[path]

    def kind(self, parts: tuple[str, ...]) -> str:
        if not parts:
            return "dir"
        row = self._row(joined(parts))
        if row is None:
            return "missing"
        return "dir" if row[0] else "file"

    def read_bytes(self, parts: tuple[str, ...], limit: int) -> bytes:
        row = self._row(joined(parts))
        if row is None:
            self._parents_must_be_dirs(parts)
            raise Missing(joined(parts))
        if row[0]:
            raise NotAFile(joined(parts))
        body = bytes(row[1] or b"")
        if len(body) > limit:
            raise TooLarge(joined(parts))
        return body

    def _parents_must_be_dirs(self, parts: tuple[str, ...]) -> None:
        for end in range(1, len(parts)):
            row = self._row(joined(parts[:end]))
            if row is None:
                raise Missing(joined(parts[:end]))
            if not row[0]:
                raise NotADirectory(joined(parts[:end]))

    def _make_parents(self, parts: tuple[str, ...]) -> None:
        conn, repo = self._active()
        for end in range(1, len(parts)):
            path = joined(parts[:end])
            row = self._row(path)
            if row is None:
                conn.execute("INSERT INTO vda.texts (repo, path, is_dir) VALUES (%s, %s, true)", (repo, path))
                self.forget_rows()
            elif not row[0]:
                raise NotADirectory(path)

    def write_bytes(self, parts: tuple[str, ...], data: bytes) -> None:
        conn, repo = self._active()
        self._make_parents(parts)
        path = joined(parts)
        row = self._row(path)
        if row is not None and row[0]:
            raise NotAFile(path)
        if row is None:
            conn.execute(
                "INSERT INTO vda.texts (repo, path, is_dir, body) VALUES (%s, %s, false, %s)", (repo, path, data)
            )
        else:
            conn.execute("UPDATE vda.texts SET body = %s WHERE repo = %s AND path = %s", (data, repo, path))
        self.forget_rows()

    def delete(self, parts: tuple[str, ...]) -> None:
        conn, repo = self._active()
        self._parents_must_be_dirs(parts)
        path = joined(parts)
        if self._row(path) is None:
            raise Missing(path)
        conn.execute(
            "DELETE FROM vda.texts WHERE repo = %s AND (path = %s OR starts_with(path, %s))", (repo, path, path + "/")
        )
        self.forget_rows()

    def rename(self, old: tuple[str, ...], new: tuple[str, ...]) -> None:
        conn, repo = self._active()
        source = joined(old)
        if self._row(source) is None:
            self._parents_must_be_dirs(old)
            raise Missing(source)
        self._make_parents(new)
        target = joined(new)
        conn.execute(
            "UPDATE vda.texts SET path = %s || substr(path, %s)"
            " WHERE repo = %s AND (path = %s OR starts_with(path, %s))",
            (target, len(source) + 1, repo, source, source + "/"),
        )
        self.forget_rows()

    def entries(self, parts: tuple[str, ...]) -> list[Entry]:
        conn, repo = self._active()
        if parts:
            row = self._row(joined(parts))
            if row is None:
                self._parents_must_be_dirs(parts)
                raise Missing(joined(parts))
            if not row[0]:
                raise NotADirectory(joined(parts))
        prefix = joined(parts) + "/" if parts else ""
        rows = conn.execute(
            "SELECT substr(path, %s), is_dir, coalesce(length(body), 0) FROM vda.texts"
            " WHERE repo = %s AND starts_with(path, %s) AND strpos(substr(path, %s), '/') = 0",
            (len(prefix) + 1, repo, prefix, len(prefix) + 1),
        ).fetchall()
        return sorted(
            (Entry(str(name), bool(is_dir), DIR_SIZE if is_dir else int(size)) for name, is_dir, size in rows),
            key=lambda e: e.name,
        )

    def modified(self, parts: tuple[str, ...]) -> datetime:
        row = self._row(joined(parts))
        if row is None:
            raise Missing(joined(parts))
        return row[2]

    def dir_size(self, parts: tuple[str, ...]) -> int:
        return DIR_SIZE

    def walk_files(self, parts: tuple[str, ...] = (), *, hidden: bool = False) -> Iterator[tuple[str, ...]]:
        """Every file below `parts`, depth first in name order (as the local folder walks)."""
        conn, repo = self._active()
        prefix = joined(parts) + "/" if parts else ""
        # Who walks the files reads them next: their rows come along in the same round trip.
        rows = conn.execute(
            "SELECT path, body, at FROM vda.texts WHERE repo = %s AND NOT is_dir AND starts_with(path, %s)",
            (repo, prefix),
        ).fetchall()
        for path, body, at in rows:
            self._rows[str(path)] = (False, body, at)
        found = [tuple(str(path).split("/")) for path, _body, _at in rows]
        for item in sorted(found):
            below = item[len(parts) :]
            if not hidden and any(name.startswith(".") for name in below):
                continue
            yield item
