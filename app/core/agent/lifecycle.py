"""When a session ends and the next begins: at start, on a repository change, on request, after idle time,
and when its history has grown long.

DESIGN, session invariant 6: the next session starts from memory, not from the old
history; invariant 3: a long session is bounded by starting a new one, never by cutting
its history. Sessions are made lazily, at the first turn after an end, so each loads the
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
from app.core.agent.trust_wait import TrustAnswers
from app.core.errors import RepositoryError
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

SessionFactory = Callable[[Path, Settings], Session]

# A session whose history has passed this many characters (about 64,000 tokens at four to a token) ends
# before the next question. Without a bound, an app asked questions all day without an idle break sent a
# history growing by ~6 KB a question with every request (the soak bench: 589 KB, 600 messages after 100
# questions), kept it in memory, and reached the model's context window near question 180, where every turn
# fails with "prompt is too long" until the idle time ends the session. The API's clearing of old tool
# results starts at 40,000 input tokens (turn.CONTEXT_MANAGEMENT), below this, so it does its part first.
HISTORY_LIMIT_CHARS = 256_000
LONG_SESSION_NOTE = "This conversation had grown long, so this question starts a new one, from memory."


def new_session(
    repo: Path,
    settings: Settings,
    prompt_cache: PromptCache | None = None,
    trust_answers: TrustAnswers | None = None,
) -> Session:
    """A session with a client for the user's API key (MissingApiKeyError when there is none)."""
    from app.core.agent.client import make_client

    return Session(repo, settings, client=make_client(settings), prompt_cache=prompt_cache, trust_answers=trust_answers)


@dataclass(frozen=True)
class _Ended:
    idle: bool = False
    long: bool = False

    def __bool__(self) -> bool:
        return self.idle or self.long


@dataclass(frozen=True)
class TurnSession:
    """The session a turn runs in: `fresh` when started for this turn; why the last one ended, if a rule ended it.

    `expired`: the idle time ran out; `grew_long`: its history passed HISTORY_LIMIT_CHARS.
    """

    session: Session
    fresh: bool
    expired: bool
    grew_long: bool = False


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
        # A session started at a key-down, before its first turn: (what ended the last, when)
        self._prepared: tuple[_Ended, float] | None = None

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

    def grew_long(self) -> bool:
        """The current session's history has passed HISTORY_LIMIT_CHARS: the next question starts a new one."""
        return self._session is not None and self._session.history_chars > HISTORY_LIMIT_CHARS

    def idle_expired(self) -> bool:
        """More than the idle time has passed since the last turn ended (or the session began)."""
        limit = self._settings.idle_minutes * 60
        return limit > 0 and self._clock() - self._last_activity > limit

    def prepared_session(self) -> Session | None:
        """The session the next turn will run in, started now if needed (a warm-up sends its exact prompt).

        None without a repository. Not activity: the idle time still counts from the last turn, and the
        next turn still reports the session as fresh (and what ended the last one, when a rule did).
        Raises what the factory raises (MissingApiKeyError).
        """
        if self._repo is None:
            return None
        if self._prepared is not None and self._prepared_too_long_ago():
            self._session, self._prepared = None, None
        if self._prepared is None:
            ended = self._ending()
            if self._session is None or ended:
                self._session = self._make(self._repo, self._settings)
                self._prepared = (ended, self._clock())
                log.info("session %s started for %s", self._session.id, self._repo)
        return self._session

    def session_for_turn(self) -> TurnSession:
        """The session the next turn runs in, started now if there is none, the idle time ran out or it grew long.

        Raises RepositoryError without a repository, and whatever the factory raises (MissingApiKeyError).
        """
        if self._repo is None:
            raise RepositoryError(
                QT_TRANSLATE_NOOP("errors", "No repository is chosen."),
                hint=QT_TRANSLATE_NOOP("errors", "Choose one in the tray menu under Repository."),
            )
        if self._prepared is not None and not self._prepared_too_long_ago() and self._session is not None:
            ended, _ = self._prepared
            self._prepared = None
            self._last_activity = self._clock()
            return TurnSession(self._session, True, ended.idle, ended.long)
        if self._prepared is not None:  # prepared, then unused for longer than the idle time
            self._session, self._prepared = None, None
        ended = self._ending()
        session = self._session
        fresh = session is None or bool(ended)
        if session is None or ended:
            session = self._session = self._make(self._repo, self._settings)
            log.info("session %s started for %s", session.id, self._repo)
        self._last_activity = self._clock()
        return TurnSession(session, fresh, ended.idle, ended.long)

    def _ending(self) -> _Ended:
        """Whether a rule ends the current session now, and which; logged, as the person is told."""
        if self._session is None:
            return _Ended()
        if self.idle_expired():
            log.info("idle for more than %s minutes: new session", self._settings.idle_minutes)
            return _Ended(idle=True)
        if self.grew_long():
            log.info("the history passed %s characters: new session", HISTORY_LIMIT_CHARS)
            return _Ended(long=True)
        return _Ended()

    def _prepared_too_long_ago(self) -> bool:
        limit = self._settings.idle_minutes * 60
        return self._prepared is not None and limit > 0 and self._clock() - self._prepared[1] > limit

    def turn_ended(self) -> None:
        """A turn ended: the idle time counts from now."""
        self._last_activity = self._clock()
