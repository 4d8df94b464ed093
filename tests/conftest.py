"""Shared fixtures: every test gets its own app home, so nothing touches the user's folders."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from app.bench.desktop import desktop_problem
from app.bench.pg_cluster import Cluster, ClusterUnavailable, start_cluster
from tests import worker_desktop

if TYPE_CHECKING:
    from tests.team_server import TeamDatabase


_worker_desktop: worker_desktop.Desktop | None = None
_worker_desktop_problem = ""


def pytest_configure(config: pytest.Config) -> None:
    # Each parallel worker after the first gets a desktop of its own (tests/worker_desktop.py).
    global _worker_desktop, _worker_desktop_problem
    if worker_desktop.wanted():
        try:
            _worker_desktop = worker_desktop.start()
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            _worker_desktop_problem = str(exc)
            os.environ.pop("DISPLAY", None)  # never share the first worker's desktop: its tests would hear ours
        else:
            os.environ.update(_worker_desktop.environment())


def pytest_unconfigure(config: pytest.Config) -> None:
    if _worker_desktop is not None:
        _worker_desktop.stop()


@pytest.fixture(autouse=True)
def app_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("vda-home")
    monkeypatch.setenv("VOICE_DEV_AGENT_HOME", str(home))
    # Never reach the user's real keyring or a real API key from a test.
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    from app.core import api_key

    monkeypatch.setattr(api_key, "_session_key", "")  # a key "used until the app quits" ends with its test
    from app.core import messages, settings

    # Each test is a fresh start of the app: nothing said before it is still waiting for a sink or counted as said.
    monkeypatch.setattr(messages, "_held", [])
    monkeypatch.setattr(messages, "_sink", None)  # and no front end's sink left from another test
    monkeypatch.setattr(settings, "_reported", set())
    return home


def git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Dev",
        "GIT_AUTHOR_EMAIL": "dev@example.com",
        "GIT_COMMITTER_NAME": "Dev",
        "GIT_COMMITTER_EMAIL": "dev@example.com",
    }
    out = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=env, check=True)
    return out.stdout


def trusted(repo: Path) -> Path:
    """`repo`, trusted by the developer to run its own code (build, test), as `voice-dev-agent trust` does."""
    from app.core import trust

    trust.grant(repo)
    return repo


@pytest.fixture
def empty_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "project"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    return repo


@pytest.fixture
def desktop() -> None:
    """Tests that need the desktop installer/test.sh starts.

    Outside the test command they skip; under it (VDA_REQUIRE_DESKTOP=1) a missing
    desktop is a failure, so CI can never pass by skipping them.
    """
    problem = _worker_desktop_problem or desktop_problem()
    if problem:
        if os.environ.get("VDA_REQUIRE_DESKTOP") == "1":
            pytest.fail(f"the test desktop is missing: {problem}")
        pytest.skip(f"needs the test desktop ({problem}); run installer/test.sh")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A real PostgreSQL cluster for the whole run, in a temporary folder, on a Unix socket only.

    Without a PostgreSQL server installed the team tests skip, saying why; under the test
    command (VDA_REQUIRE_POSTGRES=1, as CI runs it) a missing server is a failure instead.
    """
    try:
        cluster = start_cluster()
    except ClusterUnavailable as exc:
        if os.environ.get("VDA_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"the test PostgreSQL server could not start: {exc}")
        pytest.skip(f"needs a PostgreSQL server: {exc}")
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(scope="session")
def team_db(pg_cluster: Cluster) -> TeamDatabase:
    """One team database for the run, its schema made by its owning role; tests use repositories of their own."""
    from tests.team_server import new_database

    return new_database(pg_cluster)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # One spelling of "needs the desktop": asking for the fixture marks the test, so
    # `-m "not desktop"` (the fast lane) leaves out exactly the tests that would need it.
    for item in items:
        if "desktop" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.desktop)
    items[:] = _longest_first(items)


def _seconds(item: pytest.Item) -> float:
    marker = item.get_closest_marker("long")
    return float(marker.kwargs.get("seconds", 60)) if marker else 0.0


def _longest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The modules of long tests first, longest first, one to each worker, then a short module each.

    installer/test.sh runs the suite on several workers, a module to a worker at a time (xdist's
    loadscope, so a module's fixtures are built once). A bench that runs for minutes started last
    would keep one worker busy long after the others finished; and xdist deals each worker its second
    module before any test ends, so after one long module per worker comes one short module per
    worker, and no worker starts with two long ones.
    """
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)

    def weight(name: str) -> float:
        return sum(_seconds(item) for item in modules[name])

    long = sorted((name for name in modules if weight(name)), key=weight, reverse=True)
    short = [name for name in modules if not weight(name)]
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    order = long[:workers] + short[:workers] + long[workers:] + short[workers:]
    return [item for name in order for item in modules[name]]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    # A long module is a hint to read it for a second job, not a failure: splitting by line
    # count made import cycles and an inheritance chain before.
    from tests.structure import ADVISED_LINES, sizes

    long = {name: lines for name, lines in sizes().items() if lines > ADVISED_LINES}
    if long:
        terminalreporter.write_sep("-", f"modules over {ADVISED_LINES} lines (read them for a second job)")
        for name, lines in sorted(long.items(), key=lambda item: -item[1]):
            terminalreporter.write_line(f"warning: {name}: {lines} lines")
