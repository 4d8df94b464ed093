"""`memory add` keeps a person's own line as they wrote it, and a refusal of a line they asked for says how.

The command runs as a person runs it (tests/app_cli.py) on a real temporary repository; the refusal comes
from the store as the agent's memory tool calls it, with the person's words of the turn.
"""

from __future__ import annotations

import os
import secrets
import subprocess
from pathlib import Path

from app.core.memory import open_store
from app.core.memory.gate import check_write
from tests.app_cli import run_app

STATE_LINE = "12 tests are failing in the payments suite, keep an eye on them"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PULSE_SERVER")}
    env["PULSE_RUNTIME_PATH"] = "/nonexistent"
    return env


def _add(repo: Path, line: str) -> subprocess.CompletedProcess[str]:
    return run_app("memory", "add", "--repo", str(repo), line, env=_env(), cwd=repo)


def test_memory_add_keeps_a_line_the_gate_would_refuse_as_the_persons(empty_repo: Path) -> None:
    assert check_write("/memories/notes.md", None, f"- {STATE_LINE}\n", {}) is not None  # the agent could not
    done = _add(empty_repo, STATE_LINE)
    assert done.returncode == 0, done.stderr
    assert "Remembered" in done.stdout
    store = open_store(empty_repo)
    assert [f.text for f in store.files()] == [f"- {STATE_LINE}\n"]
    assert [c.by for c in store.history()] == ["person"]  # journaled as the person's, undoable like any edit
    again = _add(empty_repo, "Stand-up is at 09:30 on weekdays.")
    assert again.returncode == 0, again.stderr
    assert store.files()[0].text == f"- {STATE_LINE}\n- Stand-up is at 09:30 on weekdays.\n"


def test_memory_add_refuses_a_credential_and_writes_nothing(empty_repo: Path) -> None:
    key = "sk-ant-api03-" + secrets.token_urlsafe(30).replace("-", "x").replace("_", "y")
    refused = _add(empty_repo, f"The deploy key is {key}")
    assert refused.returncode == 2
    assert "Not saved" in refused.stderr and key not in refused.stderr + refused.stdout
    assert open_store(empty_repo).files() == []


def test_a_refusal_of_a_line_the_person_asked_for_names_both_ways_to_keep_it(empty_repo: Path) -> None:
    store = open_store(empty_repo)
    write = {"command": "create", "path": "/memories/notes.md", "file_text": f"- {STATE_LINE}\n"}
    asked = store.execute(write, session_id="s1", user_words=f"Remember that {STATE_LINE}.")
    assert asked.is_error
    assert "Settings → Memory" in asked.text
    assert f'memory add --repo {empty_repo} "{STATE_LINE}"' in asked.text
    # Beside the text for the model, the result carries the line to the person, with the same command.
    (offer,) = asked.offers
    assert (offer.line, offer.file) == (STATE_LINE, "notes.md") and offer.command() in asked.text
    # The agent's own idea, refused the same way, offers the person nothing to do.
    unasked = store.execute(write, session_id="s2", user_words="Why is the payments build red?")
    assert unasked.is_error and "memory add" not in unasked.text and unasked.offers == ()
