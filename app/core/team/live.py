"""Live team memory: a listener that says when a teammate changed a repository's team memory.

It holds a connection of its own (never the one commands use) with LISTEN on the schema's
channel, on a thread of its own, so nothing waits for it: a window is told within a moment of a
teammate's commit. Every role that can log in may LISTEN on any channel, also one with no grant
for the repository that changed, so the notification carries nothing (an empty payload): on
hearing one, the listener asks the server for this repository's changes past the newest it saw,
through the row-level security policies, so it learns only what its role may read. That is the
same question it asks after a lost connection, so a change made while it was away is caught up by
sequence number (`vda.changes.seq`), never by a clock that two machines need not agree on.

A stopped server does not always end a LISTEN (a host that vanished sends nothing), so while no
notification comes the listener asks the server a trivial question every `HEALTH` seconds, on a
connection whose TCP keepalives give up within seconds: a window learns the server is gone within a
few seconds either way (`on_state(False)`), and `last_heard` says until when its copy was current.

`on_change(seq)` and `on_state(connected)` run on the listener's thread; a Qt window hands them to its own.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

import psycopg

from app.core.errors import TeamServerError
from app.core.team.schema import CHANNEL
from app.core.team.server import Connection, connect

log = logging.getLogger(__name__)

POLL = 0.25  # seconds between looks at the stop flag while no notification comes
RETRY = (0.5, 1.0, 2.0, 5.0)  # seconds before each reconnect attempt; the last repeats
HEALTH = 2.0  # seconds of quiet after which the listener checks that the server still answers
# libpq's TCP options for the listener's connection: a host that vanished is given up on within seconds.
# (A Unix socket ignores them; there a stopped server closes the socket and the check fails at once.)
LIVENESS = {"keepalives": 1, "keepalives_idle": 2, "keepalives_interval": 1, "keepalives_count": 2,
            "tcp_user_timeout": 4000}  # fmt: skip


class TeamListener:
    """Calls `on_change(seq)` for each newer change to `identity`'s team memory; `on_state(connected)` as it goes."""

    def __init__(
        self,
        dsn: str,
        identity: str,
        on_change: Callable[[int], None],
        *,
        since: int = 0,
        password: str = "",
        on_state: Callable[[bool], None] | None = None,
    ) -> None:
        self.dsn = dsn
        self.identity = identity
        self.last_seen = since  # the highest change sequence number this listener has reported or been given
        self.last_heard: datetime | None = None  # when the server last answered this listener (UTC)
        self._connected: bool | None = None  # as last reported: only a change is reported
        self._on_change = on_change
        self._on_state = on_state
        self._password = password
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="team-memory-listener", daemon=True)

    def start(self) -> TeamListener:
        self._thread.start()
        return self

    def wait_listening(self, timeout: float) -> bool:
        """True once the listener has LISTENed and caught up (for tests and the bench; a window never waits)."""
        return self._ready.wait(timeout)

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    def _run(self) -> None:
        attempt = 0
        while not self._stop.is_set():
            try:
                conn = connect(self.dsn, password=self._password, options=LIVENESS)
            except TeamServerError as exc:
                log.info("team listener: %s", exc)
                self._state(False)
                self._stop.wait(RETRY[min(attempt, len(RETRY) - 1)])
                attempt += 1
                continue
            attempt = 0
            try:
                self._listen(conn)
            except psycopg.Error as exc:  # the server went away or restarted: reconnect and catch up
                log.info("team listener lost its connection: %s", exc)
                self._state(False)
            finally:
                conn.close()

    def _listen(self, conn: Connection) -> None:
        conn.execute(f"LISTEN {CHANNEL}")  # before the catch-up, so nothing falls between the two
        repo = self._repository(conn)
        if repo is not None:
            self._catch_up(conn, repo)
        self._heard()
        self._state(True)
        self._ready.set()
        quiet_since = time.monotonic()
        while not self._stop.is_set():
            if not list(conn.notifies(timeout=POLL, stop_after=1)):
                if time.monotonic() - quiet_since >= HEALTH:
                    conn.execute("SELECT 1")  # psycopg.Error when the server is gone: reconnect, say so
                    self._heard()
                    quiet_since = time.monotonic()
                continue
            list(conn.notifies(timeout=0))  # the ones that came meanwhile: one question answers them all
            self._heard()
            quiet_since = time.monotonic()
            if repo is None:  # a first grant, or the repository's first change: look again
                repo = self._repository(conn)
            if repo is not None:
                self._catch_up(conn, repo)

    def _repository(self, conn: Connection) -> int | None:
        try:
            row = conn.execute("SELECT id FROM vda.repos WHERE identity = %s", (self.identity,)).fetchone()
        except psycopg.errors.InsufficientPrivilege:
            return None
        return None if row is None else int(row[0])

    def _catch_up(self, conn: Connection, repo: int) -> None:
        row = conn.execute(
            "SELECT max(seq) FROM vda.changes WHERE repo = %s AND seq > %s", (repo, self.last_seen)
        ).fetchone()
        if row and row[0] is not None:
            self._report(int(row[0]))

    def _report(self, seq: int) -> None:
        if seq <= self.last_seen:
            return  # already told (the catch-up and the notification of one change)
        self.last_seen = seq
        try:
            self._on_change(seq)
        except Exception:  # a window's handler must not end the listening
            log.exception("team listener: the change handler failed")

    def _heard(self) -> None:
        self.last_heard = datetime.now(UTC)

    def _state(self, connected: bool) -> None:
        if connected == self._connected:
            return  # each failed reconnect is not news
        self._connected = connected
        if self._on_state is not None:
            try:
                self._on_state(connected)
            except Exception:
                log.exception("team listener: the state handler failed")
