"""A scenario's world: its git repository and memory, built step by step inside one temp folder.

Each run gets a fresh folder holding the repository and an app home of its own (see `isolated_home`),
so a run never reads or leaves anything in the user's real memory, and two runs never share one.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

from app.core import paths
from app.core.memory import MemoryStore, open_store
from app.eval.scenario import Step

AUTHOR = ("Dana Developer", "dana@example.com")
SETUP_SESSION = "eval-setup"
_DATE_MARK = re.compile(r"\{today(?:-(\d{1,3}))?\}")


class SetupError(Exception):
    """A setup step failed (git refused, the memory refused a seeded note); the run cannot be scored."""


@contextlib.contextmanager
def isolated_home(home: Path) -> Iterator[None]:
    """Point every app location (the memory above all) at `home` while a run is under way."""
    previous = os.environ.get(paths.HOME_OVERRIDE)
    os.environ[paths.HOME_OVERRIDE] = str(home)
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(paths.HOME_OVERRIDE, None)
        else:
            os.environ[paths.HOME_OVERRIDE] = previous


def git_env(stamp: str, author: tuple[str, str] = AUTHOR) -> dict[str, str]:
    """The environment for a git command whose result must not depend on the machine: one author, one time."""
    return {
        **os.environ,
        "GIT_CONFIG_GLOBAL": os.devnull,  # the developer's own git config must not change a scenario
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": author[0],
        "GIT_AUTHOR_EMAIL": author[1],
        "GIT_COMMITTER_NAME": author[0],
        "GIT_COMMITTER_EMAIL": author[1],
        "GIT_AUTHOR_DATE": stamp,
        "GIT_COMMITTER_DATE": stamp,
        "GIT_EDITOR": "true",  # a merge must never wait for an editor
    }


class Workspace:
    """The repository of one run and the steps that change it between sessions."""

    def __init__(self, root: Path, repository: str, *, now: datetime | None = None) -> None:
        self.repo = root / repository
        self.now = now or datetime.now().astimezone()
        self.repo.mkdir(parents=True)
        self.git("init", "-q", "-b", "main")

    def apply(self, step: Step) -> None:
        """Carry out one non-session step; raises SetupError with a readable reason."""
        if step.kind == "write":
            for rel, content in step.files.items():
                target = self.repo / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(content, encoding="utf-8")
        elif step.kind == "delete":
            for rel in step.paths:
                target = self.repo / rel
                if target.is_dir() and not target.is_symlink():
                    shutil.rmtree(target)
                elif target.exists() or target.is_symlink():
                    target.unlink()
                else:
                    raise SetupError(f"delete: {rel} does not exist")
        elif step.kind == "commit":
            self.git("add", "-A")
            self.git("commit", "-q", "--allow-empty", "-m", step.message, when=self.now - timedelta(days=step.days_ago))
        elif step.kind == "git":
            self.git(*step.args)
        elif step.kind == "memory":
            self.seed_memory(step)
        else:
            raise SetupError(f"a {step.kind} step is not a setup step")

    def git(self, *args: str, when: datetime | None = None) -> str:
        env = git_env((when or self.now).isoformat(timespec="seconds"))
        try:
            out = subprocess.run(
                ["git", "-C", str(self.repo), *args], capture_output=True, text=True, env=env, timeout=60, check=False
            )
        except (OSError, subprocess.SubprocessError) as exc:
            raise SetupError(f"git {' '.join(args)}: {exc}") from exc
        if out.returncode != 0:
            detail = (out.stderr or out.stdout).strip().splitlines()
            raise SetupError(f"git {' '.join(args)} failed: {detail[-1] if detail else out.returncode}")
        return out.stdout

    # -- memory -------------------------------------------------------------------------------------

    def store(self) -> MemoryStore:
        return open_store(self.repo)

    def seed_memory(self, step: Step) -> None:
        """Write a note as an earlier session of the agent would have (`by = agent`), or as a person."""
        text = self.dated(step.text)
        if not text.endswith("\n"):
            text += "\n"
        store = self.store()
        if step.by == "agent":
            # Through the memory tool, so the same checks (gate, caps, credential filter) apply.
            result = store.execute(
                {"command": "create", "path": step.memory_path, "file_text": text},
                session_id=SETUP_SESSION,
                user_words="(scenario setup)",
            )
            if result.is_error:
                raise SetupError(f"memory {step.memory_path}: the store refused the seeded note: {result.text}")
            return
        # As the memory window saves a person's edit: journaled as theirs, and no gate (a person decides).
        current = self.memory_files().get(step.memory_path)
        saved = store.save_as_person(step.memory_path, text, current)
        if not saved.saved:
            raise SetupError(f"memory {step.memory_path}: the store refused the person's note: {saved.message}")

    def memory_files(self) -> dict[str, str]:
        """Every memory file's text by its /memories path."""
        return {f.path: f.text for f in self.store().files()}

    def dated(self, text: str) -> str:
        """`{today}` and `{today-N}` in a note become dates, so a seeded note is as old as the scenario says."""

        def replace(match: re.Match[str]) -> str:
            days = int(match.group(1) or 0)
            return (self.now - timedelta(days=days)).date().isoformat()

        return _DATE_MARK.sub(replace, text)
