"""What each memory line cites, in a local memory's SQLite journal (`journal_file`'s step 5).

Part of the shared half: `sqlite_journal.SqliteChangeLog` has it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from app.core.memory import journal_file


class SqliteCitationLog:
    """The `citations` table: (file, normalised line) -> the line's citations as `citations.dumps` wrote them."""

    _file: journal_file.JournalFile

    def citations(self, paths: Iterable[str] | None = None) -> dict[str, dict[str, str]]:
        with self._file.connection(create=False) as conn:
            if conn is None:
                return {}
            if paths is None:
                rows = conn.execute("SELECT path, key, cites FROM citations").fetchall()
            else:  # a write asks about its own file only, however many lines the store holds
                query = "SELECT path, key, cites FROM citations WHERE path = ?"
                rows = [r for p in set(paths) for r in conn.execute(query, (p,))]
        found: dict[str, dict[str, str]] = {}
        for path, key, cites in rows:
            found.setdefault(str(path), {})[str(key)] = str(cites)
        return found

    def set_citations(self, path: str, rows: Mapping[str, str | None]) -> None:
        if not rows:
            return
        with self._file.connection(create=True) as conn:
            assert conn is not None
            conn.execute("BEGIN IMMEDIATE")
            for key, cites in rows.items():
                if cites is None:
                    conn.execute("DELETE FROM citations WHERE path = ? AND key = ?", (path, key))
                else:
                    conn.execute(
                        "INSERT INTO citations (path, key, cites) VALUES (?,?,?)"
                        " ON CONFLICT DO UPDATE SET cites = excluded.cites",
                        (path, key, cites),
                    )
            conn.execute("COMMIT")
