"""When a session ends and the next begins: at start, on a repository change, on request, after idle time.

DESIGN, session invariant 6: the next session starts from memory, not from the old
history. Sessions are made lazily, at the first turn after an end, so each loads the
memory as it is then. The desktop's agent worker and the typed `chat` command both keep
one of these, so the rule lives in one place.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.core import clock as clocks
from app.core.agent.prompt_cache import PromptCache
from app.core.agent.session import Session
from app.core.errors import RepositoryError
from app.core.settings import Settings

log = logging.getLogger(__name__)

SessionFactory = Callable[[Path, Settings], Session]


def new_session(repo: Path, settings: Settings, prompt_cache: PromptCache | None = None) -> Session:
    """A session with a client for the user's API key (MissingApiKeyError when there is none)."""
    from app.core.agent.client import make_client

    return Session(repo, settings, client=make_client(settings), prompt_cache=prompt_cache)


@dataclass(frozen=True)
class TurnSession:
    """The session a turn runs in: `fresh` when started for this turn, `expired` when idle time ended the last."""

    session: Session
    fresh: bool
    expired: bool


class SessionLifecycle:
    """The current session of one conversation, and the rule for when it ends. Used from one thread."""

    def __init__(
        self,
        repo: Path | None,
        settings: Settings,
        *,
        make_session: SessionFactory = new_session,
        clock: Callable[[], float] = clocks.monotonic,  # a bench moves it past the idle time (VDA_CLOCK_SKEW_FILE)
    ) -> None:
        self._repo = repo
        self._settings = settings
        self._make = make_session
        self._clock = clock
        self._session: Session | None = None
        self._last_activity = clock()
        # A session started at a key-down, before its first turn: (whether the idle time ended the last, when)
        self._prepared: tuple[bool, float] | None = None

    @property
    def repo(self) -> Path | None:
        return self._repo

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def current(self) -> Session | None:
        return self._session

    def restart(self, repo: Path | None, settings: Settings) -> None:
        """End the session (app start, new repository, the user's "new session", a setting that needs it)."""
        self._session = None
        self._prepared = None
        self._repo, self._settings = repo, settings
        self._last_activity = self._clock()

    def update_settings(self, settings: Settings) -> None:
        """Settings that the running session can keep (the idle time itself, for one)."""
        self._settings = settings

    def idle_expired(self) -> bool:
        """More than the idle time has passed since the last turn ended (or the session began)."""
        limit = self._settings.idle_minutes * 60
        return limit > 0 and self._clock() - self._last_activity > limit

    def prepared_session(self) -> Session | None:
        """The session the next turn will run in, started now if needed (a warm-up sends its exact prompt).

        None without a repository. Not activity: the idle time still counts from the last turn, and the
        next turn still reports the session as fresh (and expired, when the idle time ended the last one).
        Raises what the factory raises (MissingApiKeyError).
        """
        if self._repo is None:
            return None
        if self._prepared is not None and self._prepared_too_long_ago():
            self._session, self._prepared = None, None
        if self._prepared is None and (self._session is None or self.idle_expired()):
            expired = self._session is not None
            self._session = self._make(self._repo, self._settings)
            self._prepared = (expired, self._clock())
            log.info("session %s started for %s", self._session.id, self._repo)
        return self._session

    def session_for_turn(self) -> TurnSession:
        """The session the next turn runs in, started now if there is none or the idle time ran out.

        Raises RepositoryError without a repository, and whatever the factory raises (MissingApiKeyError).
        """
        if self._repo is None:
            raise RepositoryError("No repository is chosen.", hint="Choose one in the tray menu under Repository.")
        if self._prepared is not None and not self._prepared_too_long_ago() and self._session is not None:
            expired, _ = self._prepared
            self._prepared = None
            self._last_activity = self._clock()
            return TurnSession(self._session, True, expired)
        if self._prepared is not None:  # prepared, then unused for longer than the idle time
            self._session, self._prepared = None, None
        expired = self._session is not None and self.idle_expired()
        if expired:
            log.info("idle for more than %s minutes: new session", self._settings.idle_minutes)
            self._session = None
        fresh = self._session is None
        if self._session is None:
            self._session = self._make(self._repo, self._settings)
            log.info("session %s started for %s", self._session.id, self._repo)
        self._last_activity = self._clock()
        return TurnSession(self._session, fresh, expired)

    def _prepared_too_long_ago(self) -> bool:
        limit = self._settings.idle_minutes * 60
        return self._prepared is not None and limit > 0 and self._clock() - self._prepared[1] > limit

    def turn_ended(self) -> None:
        """A turn ended: the idle time counts from now."""
        self._last_activity = self._clock()
