"""The real tools on a hostile repository: no secret leaves through read_file, search_code or git_status.

Each secret value is unique; a tool result holding any of them, or changing with a
pattern that only a secret matches, is a leak.
"""

from __future__ import annotations

import logging
import re
import threading
from pathlib import Path

import pytest

from app.core.agent.tools import git_status, read_file, search_code
from tests.hostile.repo import SECRET_PATHS, SECRETS, SPECIAL_PATHS, make_hostile_repo


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_hostile_repo(tmp_path_factory.mktemp("attack"))


def _leaks(text: str) -> list[str]:
    return [value for value in SECRETS.values() if value in text or value.lower() in text.lower()]


@pytest.mark.parametrize("path", SECRET_PATHS + SPECIAL_PATHS)
def test_read_file_refuses_every_secret_link_and_special_file(hostile: Path, path: str) -> None:
    box: list[str] = []
    reader = threading.Thread(target=lambda: box.append(read_file(hostile, path).text), daemon=True)
    reader.start()
    reader.join(5)
    assert box, f"read_file hung on {path}"
    assert box[0].startswith("Refused:") and not _leaks(box[0])


def test_search_for_a_word_every_secret_holds_shows_only_the_innocent_files(hostile: Path) -> None:
    result = search_code(hostile, "needle")
    assert not result.is_error and not _leaks(result.text)
    shown = {m.group(1) for m in re.finditer(r"^([^:\s]+):\d+: ", result.text, re.MULTILINE)}
    assert shown == {"README.md", "src/app.py", "src/config.py"}, result.text
    assert "are never searched" in result.text


@pytest.mark.parametrize("secret", sorted(SECRETS))
def test_a_pattern_only_a_secret_matches_reads_exactly_like_a_miss(hostile: Path, secret: str) -> None:
    value = SECRETS[secret]
    # The probes an attacker grows one character at a time, each beside the same shape matching nothing.
    for probe in (f"^TOKEN={value[:7]}", value[:12], f"{value}$", "PRIVATE KEY", "client_email", "LS0tLS1CRUdJTi"):
        miss = "".join(("Q" if ch.isupper() else "q") if ch.isalnum() else ch for ch in probe)
        got, expected = search_code(hostile, probe), search_code(hostile, miss)
        assert not _leaks(got.text.replace(probe, ""))  # the result repeats the pattern; nothing more
        assert got.text.replace(probe, "P") == expected.text.replace(miss, "P"), (probe, got.text)


@pytest.mark.parametrize("scope", ["docs", "deploy/deploy_key", "config", "keys", "notes", "k8s", "src"])
def test_searching_inside_a_folder_or_file_of_secrets_shows_nothing_of_them(hostile: Path, scope: str) -> None:
    result = search_code(hostile, "needle|TOKEN|KEY", scope)
    assert not _leaks(result.text)


def test_git_status_names_no_secret_value(hostile: Path) -> None:
    result = git_status(hostile)
    assert not result.is_error and not _leaks(result.text)


def test_a_lone_surrogate_pattern_is_a_one_line_error_with_no_traceback(
    hostile: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    result = search_code(hostile, "needle\ud800")
    assert result.is_error and "\n" not in result.text and "surrogate" in result.text
    assert not [r for r in caplog.records if r.exc_info]
