"""Commits since, from one bounded walk: exactly git's count up to the limit, "over N" past it, on real histories."""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.core.memory import open_store, staleness
from app.core.memory.report import file_reports
from app.core.memory.staleness import Written
from tests.core.memory.conftest import ok

T0 = 1_750_000_000
NOW = datetime.fromtimestamp(T0 + 86_400, UTC)


class _Repo:
    """A repository whose commits get the times a test chooses (one minute apart, or all in one second)."""

    def __init__(self, root: Path, *, same_second: bool) -> None:
        self.path = root / "project"
        self.path.mkdir()
        self.same_second = same_second
        self.ticks = 0
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        when = T0 if self.same_second else T0 + 60 * self.ticks
        env = {
            **os.environ,
            "GIT_AUTHOR_NAME": "Dev",
            "GIT_AUTHOR_EMAIL": "dev@example.com",
            "GIT_COMMITTER_NAME": "Dev",
            "GIT_COMMITTER_EMAIL": "dev@example.com",
            "GIT_AUTHOR_DATE": f"@{when} +0000",
            "GIT_COMMITTER_DATE": f"@{when} +0000",
        }
        done = subprocess.run(["git", "-C", str(self.path), *args], capture_output=True, text=True, env=env, check=True)
        return done.stdout.strip()

    def commit(self, name: str) -> str:
        self.ticks += 1
        (self.path / f"{name}.txt").write_text(name)
        self.git("add", "-A")
        self.git("commit", "-q", "-m", name)
        return self.git("rev-parse", "HEAD")

    def merge(self, branch: str) -> str:
        self.ticks += 1
        self.git("merge", "-q", "--no-ff", "-m", f"merge {branch}", branch)
        return self.git("rev-parse", "HEAD")

    def exact(self, commit: str) -> int:
        return int(self.git("rev-list", "--count", f"{commit}..HEAD"))


def _history(root: Path, *, same_second: bool) -> tuple[_Repo, dict[str, str]]:
    """main with a side branch forked early and merged late, and a branch never merged, dated in between."""
    repo = _Repo(root, same_second=same_second)
    c = {name: repo.commit(name) for name in ("c0", "c1", "c2")}
    repo.git("branch", "side")
    c |= {name: repo.commit(name) for name in ("c3", "c4")}
    repo.git("branch", "other")
    repo.git("checkout", "-q", "side")
    c |= {name: repo.commit(name) for name in ("s1", "s2")}
    repo.git("checkout", "-q", "main")
    c["c5"] = repo.commit("c5")
    repo.git("checkout", "-q", "other")
    c |= {name: repo.commit(name) for name in ("o1", "o2")}
    repo.git("checkout", "-q", "main")
    c["m"] = repo.merge("side")
    c |= {name: repo.commit(name) for name in ("c6", "c7")}
    return repo, c


@pytest.mark.parametrize("same_second", [False, True], ids=["minute-apart", "same-second"])
def test_counts_match_git_up_to_the_limit_and_say_over_past_it(tmp_path: Path, same_second: bool) -> None:
    repo, commits = _history(tmp_path, same_second=same_second)
    files = [Written(f"/memories/{name}.md", "", NOW, "agent", sha) for name, sha in commits.items()]
    exact_counts = {name: repo.exact(sha) for name, sha in commits.items()}
    for limit in (1, 2, 3, 4, 6, 9, 50):
        marks = staleness.assess(repo.path, files, NOW, count_limit=limit)
        for name, exact in exact_counts.items():
            m = marks[f"/memories/{name}.md"]
            if m.commits_more:
                assert m.commits_since == limit + 1 and exact > limit, (limit, name, exact, m)
                assert m.words().endswith(f"over {limit} commits since")
            else:
                assert m.commits_since == exact, (limit, name, exact, m)


def test_a_file_written_by_hand_is_dated_to_the_commit_git_names(tmp_path: Path) -> None:
    repo, _commits = _history(tmp_path, same_second=False)
    moments = [T0 + 60 * tick + 30 for tick in range(-1, repo.ticks + 1)]  # between every two commits
    files = [Written(f"/memories/at{m}.md", "", datetime.fromtimestamp(m, UTC), "person", "") for m in moments]
    for limit in (2, 5, 50):
        marks = staleness.assess(repo.path, files, NOW, count_limit=limit)
        for moment in moments:
            expected = repo.git("rev-list", "-1", f"--before={moment}", "HEAD")
            assert marks[f"/memories/at{moment}.md"].commit == expected, (limit, moment)


def test_a_commit_git_no_longer_has_or_a_damaged_one_gives_no_count(tmp_path: Path) -> None:
    repo, _commits = _history(tmp_path, same_second=False)
    gone = Written("/memories/gone.md", "src/x.py", NOW, "agent", "0123456789" * 4)
    planted = tmp_path / "planted"
    damaged = Written("/memories/bad.md", "src/x.py", NOW, "agent", f"--output={planted}")
    marks = staleness.assess(repo.path, [gone, damaged], NOW)
    assert marks["/memories/gone.md"].words() == "written less than a minute ago"
    assert marks["/memories/bad.md"].words() == "written less than a minute ago"
    assert not planted.exists()


def _many_commits(repo: Path, count: int, first: int) -> None:
    """`count` commits on main, a minute apart from commit time `first`, the last one deleting src/old.py."""
    out = [b"reset refs/heads/main\nfrom refs/heads/main^0\n"]
    for n in range(count):
        data = f"change {n}".encode()
        out.append(b"commit refs/heads/main\ncommitter Dev <dev@example.com> %d +0000\n" % (first + 60 * n))
        out.append(b"data %d\n%s\nM 100644 inline src/counter.py\ndata %d\n%s\n" % (len(data), data, len(data), data))
        if n == count - 1:
            out.append(b"D src/old.py\n")
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input=b"".join(out), check=True)
    subprocess.run(["git", "-C", str(repo), "reset", "-q", "--hard", "main"], check=True)


def test_a_note_from_long_ago_is_over_500_commits_old_and_memory_show_still_counts_exactly(
    tmp_path: Path,
) -> None:
    repo = _Repo(tmp_path, same_second=False)
    (repo.path / "src").mkdir()
    (repo.path / "src" / "old.py").write_text("old\n")
    repo.commit("start")
    store = open_store(repo.path)
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "The old code is src/old.py\n"})
    _many_commits(repo.path, 520, T0 + 3_600)
    status = store.snapshot(session_id="s1").split('status="', 1)[1].split('"', 1)[0]
    assert status == "written less than a minute ago; over 500 commits since; no longer exists: src/old.py"
    assert file_reports(store)[0].commits_since == 520  # `memory show --json` gives the number
    _many_commits(repo.path, 3, T0 + 86_400)  # the next session extends what it was told: still over, still gone
    status = store.snapshot(session_id="s2").split('status="', 1)[1].split('"', 1)[0]
    assert status == "written less than a minute ago; over 500 commits since; no longer exists: src/old.py"
    assert file_reports(store)[0].commits_since == 523
