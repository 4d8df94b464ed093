"""Sessions end when the app starts, the repository changes, the user asks, or the idle time runs out."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.core.agent.lifecycle import SessionLifecycle
from app.core.agent.session import Session
from app.core.errors import RepositoryError
from app.core.settings import Settings
from tests.scenario import make_scenario_repo


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def lifecycle_for(repo: Path | None, clock: Clock, settings: Settings | None = None) -> SessionLifecycle:
    # Real sessions without a client: nothing here talks to the API.
    return SessionLifecycle(repo, settings or Settings(idle_minutes=30), make_session=Session, clock=clock)


def test_the_session_stays_while_questions_keep_coming_and_ends_after_the_idle_time(tmp_path: Path) -> None:
    clock = Clock()
    lifecycle = lifecycle_for(make_scenario_repo(tmp_path), clock)
    first = lifecycle.session_for_turn()
    assert first.fresh and not first.expired
    lifecycle.turn_ended()

    clock.now += 29 * 60
    again = lifecycle.session_for_turn()
    assert again.session is first.session and not again.fresh
    lifecycle.turn_ended()

    clock.now += 31 * 60
    later = lifecycle.session_for_turn()
    assert later.expired and later.fresh and later.session is not first.session


def test_no_idle_limit_keeps_the_session(tmp_path: Path) -> None:
    clock = Clock()
    lifecycle = lifecycle_for(make_scenario_repo(tmp_path), clock, Settings(idle_minutes=0))
    first = lifecycle.session_for_turn().session
    clock.now += 24 * 3600
    assert lifecycle.session_for_turn().session is first


def test_a_new_repository_or_a_requested_restart_starts_from_memory(tmp_path: Path) -> None:
    clock = Clock()
    repo = make_scenario_repo(tmp_path / "a")
    lifecycle = lifecycle_for(repo, clock)
    first = lifecycle.session_for_turn().session
    lifecycle.restart(repo, lifecycle.settings)
    second = lifecycle.session_for_turn()
    assert second.fresh and not second.expired and second.session is not first

    other = make_scenario_repo(tmp_path / "b")
    lifecycle.restart(other, replace(lifecycle.settings, model="claude-other"))
    third = lifecycle.session_for_turn().session
    assert third.repo == other and third.settings.model == "claude-other"


def test_a_changed_idle_time_applies_to_the_running_session(tmp_path: Path) -> None:
    clock = Clock()
    lifecycle = lifecycle_for(make_scenario_repo(tmp_path), clock)
    first = lifecycle.session_for_turn().session
    lifecycle.turn_ended()
    lifecycle.update_settings(replace(lifecycle.settings, idle_minutes=5))
    clock.now += 6 * 60
    assert lifecycle.session_for_turn().session is not first


def test_without_a_repository_the_turn_says_what_to_do() -> None:
    with pytest.raises(RepositoryError, match="No repository"):
        lifecycle_for(None, Clock()).session_for_turn()


def test_a_session_prepared_at_key_down_is_the_next_turns_and_still_counts_as_fresh(tmp_path: Path) -> None:
    clock = Clock()
    lifecycle = lifecycle_for(make_scenario_repo(tmp_path), clock)
    prepared = lifecycle.prepared_session()
    assert prepared is not None and lifecycle.prepared_session() is prepared  # a second press: the same one
    turn = lifecycle.session_for_turn()
    assert turn.session is prepared and turn.fresh and not turn.expired
    lifecycle.turn_ended()
    assert lifecycle.prepared_session() is prepared  # a press in a running session keeps it

    clock.now += 31 * 60
    after_idle = lifecycle.prepared_session()  # the idle time ended the session: the press starts the next
    assert after_idle is not None and after_idle is not prepared
    turn = lifecycle.session_for_turn()
    assert turn.session is after_idle and turn.fresh and turn.expired


def test_a_prepared_session_left_unused_past_the_idle_time_is_not_the_next_turns(tmp_path: Path) -> None:
    clock = Clock()
    lifecycle = lifecycle_for(make_scenario_repo(tmp_path), clock)
    stale = lifecycle.prepared_session()
    clock.now += 31 * 60  # a tap, then nothing for half an hour: its memory snapshot is old
    turn = lifecycle.session_for_turn()
    assert turn.session is not stale and turn.fresh
    assert lifecycle_for(None, clock).prepared_session() is None
