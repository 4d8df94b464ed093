"""read_file: normal reads and ranges, and an attack corpus where nothing secret may ever come back."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from app.core.agent.tools import read_file
from app.core.tool_result import ToolResult
from tests.scenario import SCENARIO_SECRET

MARK = "TOPSECRET"  # every file the tool must refuse contains this


@pytest.fixture
def attack_repo(tmp_path: Path) -> Path:
    """`tmp/project` with normal files and every kind of forbidden one, plus secrets beside it."""
    repo = tmp_path / "project"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "config").write_text(f"[core]\n# {MARK}-git\n")
    (repo / ".git" / "HEAD").write_text(f"ref: refs/heads/main {MARK}\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(f"{MARK}-outside\n")
    sibling = tmp_path / "project-secrets"
    sibling.mkdir()
    (sibling / "secret.txt").write_text(f"{MARK}-sibling\n")

    files = {
        "src/app.py": "def main():\n    return 'hello'\n",
        ".env": f"TOKEN={MARK}-env\n",
        ".env.local": f"TOKEN={MARK}-env-local\n",
        ".env.production": f"TOKEN={MARK}\n",
        ".envrc": f"export TOKEN={MARK}\n",
        "prod.env": f"TOKEN={MARK}\n",
        "config/prod.env": f"TOKEN={MARK}\n",
        "keys/server.pem": f"{MARK}\n",
        "server.key": f"{MARK}\n",
        "cert.crt": f"{MARK}\n",
        "client.p12": f"{MARK}\n",
        "client.pfx": f"{MARK}\n",
        "id_rsa": f"{MARK}\n",
        "id_ed25519": f"{MARK}\n",
        "id_rsa.pub": f"{MARK}\n",
        ".netrc": f"machine x password {MARK}\n",
        "_netrc": f"{MARK}\n",
        ".npmrc": f"//registry:_authToken={MARK}\n",
        ".pypirc": f"password={MARK}\n",
        "credentials.json": f'{{"k": "{MARK}"}}\n',
        ".aws/credentials": f"aws_secret_access_key={MARK}\n",
        ".ssh/config": f"{MARK}\n",
        ".git-credentials": f"https://u:{MARK}@host\n",
        "deploy_key": f"-----BEGIN OPENSSH PRIVATE KEY-----\n{MARK}\n-----END OPENSSH PRIVATE KEY-----\n",
        "a:b.txt": f"{MARK}\n",
        "PROGRA~1/secret.txt": f"{MARK}\n",
        "RE~1.MD": f"{MARK}\n",
        f"bad{chr(1)}name.txt": f"{MARK}\n",
    }
    for name, content in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
    (repo / "image.bin").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0" + MARK.encode() + bytes(range(256)))
    (repo / "huge.txt").write_text(f"{MARK} filler line\n" * 80_000)  # about 1.6 MB
    os.symlink(outside / "secret.txt", repo / "link_out.txt")
    os.symlink(outside, repo / "linkdir")
    os.symlink(repo / "src", repo / "src_link")  # even a link that stays inside is refused
    os.symlink(tmp_path / "nowhere", repo / "dangling")
    os.mkfifo(repo / "fifo")
    os.link(outside / "secret.txt", repo / "hardlink.txt")
    return repo


def attack_inputs(tmp: Path) -> list[object]:
    outside = str(tmp / "outside" / "secret.txt")
    return [
        # traversal in every spelling
        "../outside/secret.txt",
        "../../etc/passwd",
        "src/../../outside/secret.txt",
        "src/./../../outside/secret.txt",
        "src//..//..//outside/secret.txt",
        "  ../outside/secret.txt",
        "..\\outside\\secret.txt",
        "src\\..\\..\\outside\\secret.txt",
        "....//outside/secret.txt",
        ".../outside/secret.txt",
        "src/app.py/..",
        "\uff0e\uff0e/outside/secret.txt",  # fullwidth dots
        # encoded dots and slashes
        "%2e%2e/outside/secret.txt",
        "%2E%2E%2Foutside%2Fsecret.txt",
        "..%2foutside%2fsecret.txt",
        "%252e%252e/outside/secret.txt",
        # absolute, home, URLs, drives, UNC
        outside,
        "/etc/passwd",
        str(tmp / "project-secrets" / "secret.txt"),
        "~/.ssh/id_rsa",
        "~root/.bashrc",
        "~",
        "file:///etc/passwd",
        "C:\\Windows\\win.ini",
        "C:/Windows/win.ini",
        "\\\\server\\share\\secret.txt",
        # a sibling folder whose name starts with the repository's
        "../project-secrets/secret.txt",
        "../project/../project-secrets/secret.txt",
        # git internals
        ".git/config",
        ".GIT/config",
        ".git/HEAD",
        ".git",
        "src/../.git/config",
        # environment files
        ".env",
        "./.env",
        ".ENV",
        ".env.local",
        ".Env.Production",
        ".envrc",
        "prod.env",
        "config/prod.env",
        ".env.",
        ".env ",
        ".env...",
        # keys and certificates
        "keys/server.pem",
        "server.key",
        "cert.crt",
        "client.p12",
        "client.pfx",
        "id_rsa",
        "id_ed25519",
        "id_rsa.pub",
        "deploy_key",  # no telling name, but a private key inside
        # credential files
        ".netrc",
        "_netrc",
        ".npmrc",
        ".pypirc",
        "credentials.json",
        ".aws/credentials",
        ".ssh/config",
        ".git-credentials",
        # links
        "link_out.txt",
        "linkdir/secret.txt",
        "src_link/app.py",
        "dangling",
        "hardlink.txt",
        # colons and 8.3 names
        "a:b.txt",
        "src/app.py:stream",
        "src/app.py::$DATA",
        "PROGRA~1/secret.txt",
        "RE~1.MD",
        # NUL, control and invisible characters
        "src/app.py\x00.txt",
        "src/\napp.py",
        f"bad{chr(1)}name.txt",
        "src/app.py\u202e",
        "src/\u200bapp.py",
        # non-regular, binary, huge
        "fifo",
        "image.bin",
        "huge.txt",
        # not a path at all
        "",
        "   ",
        None,
        42,
        ["src/app.py"],
        {"path": "src/app.py"},
        b"src/app.py",
        "src/" + "a/" * 600 + "x.py",
    ]


def _read_with_deadline(repo: Path, path: object) -> ToolResult:
    """Run read_file in a thread so a hang (say, on a FIFO) fails the test instead of freezing it."""
    box: list[ToolResult] = []
    worker = threading.Thread(target=lambda: box.append(read_file(repo, path)), daemon=True)
    worker.start()
    worker.join(10)
    assert box, f"read_file({path!r}) did not return within 10 s"
    return box[0]


def test_corpus_is_large_enough(tmp_path: Path) -> None:
    assert len(attack_inputs(tmp_path)) >= 40


@pytest.mark.parametrize("index", range(len(attack_inputs(Path("/x")))))
def test_attack_is_refused_and_leaks_nothing(attack_repo: Path, index: int) -> None:
    attack = attack_inputs(attack_repo.parent)[index]
    result = _read_with_deadline(attack_repo, attack)
    assert result.is_error, f"{attack!r} was not refused: {result.text[:200]}"
    assert MARK not in result.text
    assert "\n" not in result.text, "a refusal is one line the model can act on"
    assert len(result.text) < 600


def test_refusals_say_why(attack_repo: Path, tmp_path: Path) -> None:
    reasons = {
        "../outside/secret.txt": "..",
        str(tmp_path / "outside" / "secret.txt"): "absolute",
        "~/.ssh/id_rsa": "home",
        "%2e%2e/x": "encoded",
        ".git/config": ".git",
        ".env.local": "environment file",
        "server.key": "key",
        ".netrc": "credentials",
        "link_out.txt": "symbolic link",
        "fifo": "not a regular file",
        "image.bin": "binary",
        "huge.txt": "1 MB",
        "a:b.txt": "colon",
        "PROGRA~1/secret.txt": "short name",
        "src/app.py\x00": "control",
        "nothing/here.py": "does not exist",
    }
    for attack, reason in reasons.items():
        result = read_file(attack_repo, attack)
        assert result.is_error and reason in result.text, (attack, result.text)


def test_a_folder_is_listed_not_read(attack_repo: Path) -> None:
    result = read_file(attack_repo, "src")
    assert result.is_error
    assert "folder" in result.text and "app.py" in result.text
    root = read_file(attack_repo, ".")
    assert ".git" not in root.text.replace(".git-credentials", "")
    assert MARK not in root.text


def test_scenario_env_file_is_refused(scenario: Path) -> None:
    result = read_file(scenario, ".env")
    assert result.is_error and SCENARIO_SECRET not in result.text


# --- normal reads -------------------------------------------------------------------------------


def test_reads_numbered_lines_of_the_scenario(scenario: Path) -> None:
    result = read_file(scenario, "reviewbot/orchestrator.py")
    assert not result.is_error
    lines = result.text.splitlines()
    assert lines[0] == "reviewbot/orchestrator.py: lines 1-26 of 26"
    assert lines[6] == " 6  from reviewbot.models import ChangedFile, Finding"
    assert "More lines" not in result.text


def test_a_range_returns_exactly_those_lines(scenario: Path) -> None:
    result = read_file(scenario, "reviewbot/rules.py", 10, 12)
    body = result.text.splitlines()[1:]
    assert [line.split("  ", 1)[0].strip() for line in body] == ["10", "11", "12"]
    assert "class LongLineRule:" in body[0]
    assert "lines 10-12 of" in result.text


def test_end_line_past_the_end_is_clamped(scenario: Path) -> None:
    result = read_file(scenario, "reviewbot/__init__.py", 2, 500)
    assert not result.is_error
    assert "lines 2-3 of 3" in result.text


@pytest.mark.parametrize(
    ("start", "end"),
    [(True, None), (1.0, None), ("2", None), (-1, None), (0, None), (None, 2.5), (5, 2), (None, False), ([1], None)],
)
def test_bad_line_numbers_are_errors(scenario: Path, start: object, end: object) -> None:
    result = read_file(scenario, "reviewbot/rules.py", start, end)
    assert result.is_error
    assert "Refused" in result.text and "line" in result.text


def test_start_past_the_end_says_how_long_the_file_is(scenario: Path) -> None:
    result = read_file(scenario, "reviewbot/__init__.py", 50)
    assert result.is_error and "has 3 lines" in result.text


def test_long_file_is_paged_by_200_lines(tmp_path: Path) -> None:
    (tmp_path / "long.py").write_text("".join(f"x{n} = {n}\n" for n in range(1, 451)))
    first = read_file(tmp_path, "long.py")
    assert first.text.splitlines()[0] == "long.py: lines 1-200 of 450"
    assert "start_line=201" in first.text
    assert "200  x200 = 200" in first.text and "x201 =" not in first.text
    last = read_file(tmp_path, "long.py", 401)
    assert last.text.splitlines()[0] == "long.py: lines 401-450 of 450"
    assert "start_line=" not in last.text


def test_wide_lines_stop_at_16000_characters_and_say_where_to_continue(tmp_path: Path) -> None:
    (tmp_path / "wide.txt").write_text("".join(f"{n} " + "y" * 3000 + "\n" for n in range(1, 101)))
    result = read_file(tmp_path, "wide.txt")
    assert len(result.text) <= 16_000
    header = result.text.splitlines()[0]
    shown_last = int(header.split("-")[1].split()[0])
    assert shown_last < 100
    assert f"start_line={shown_last + 1}" in result.text


def test_minified_one_line_file_is_cut_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "bundle.min.js").write_text("var a=1;" * 60_000)  # 480,000 characters, one line
    result = read_file(tmp_path, "bundle.min.js")
    assert not result.is_error
    assert len(result.text) <= 16_000
    assert "lines 1-1 of 1" in result.text
    assert "cut" in result.text and "more characters" in result.text


def test_crlf_latin1_utf16_and_empty_files_read_as_text(tmp_path: Path) -> None:
    (tmp_path / "win.txt").write_bytes(b"one\r\ntwo\r\n")
    (tmp_path / "latin.txt").write_bytes("caf\xe9 cr\xe8me\n".encode("latin-1"))
    (tmp_path / "wide.txt").write_text("hello\nworld\n", encoding="utf-16")
    (tmp_path / "empty.txt").write_text("")
    assert read_file(tmp_path, "win.txt").text.splitlines()[1:] == ["1  one", "2  two"]
    assert "caf" in read_file(tmp_path, "latin.txt").text
    assert "2  world" in read_file(tmp_path, "wide.txt").text
    empty = read_file(tmp_path, "empty.txt")
    assert not empty.is_error and "empty" in empty.text


def test_unicode_names_and_nested_paths_work(tmp_path: Path) -> None:
    (tmp_path / "docs" / "über").mkdir(parents=True)
    (tmp_path / "docs" / "über" / "naïve.md").write_text("# Hallo\n")
    result = read_file(tmp_path, "docs/über/naïve.md")
    assert not result.is_error and "1  # Hallo" in result.text
    assert not read_file(tmp_path, "./docs//über/naïve.md").is_error
    assert not read_file(tmp_path, "docs\\über\\naïve.md").is_error


def test_a_compiler_location_is_refused_with_the_way_to_ask(scenario: Path) -> None:
    result = read_file(scenario, "reviewbot/orchestrator.py:6")
    assert result.is_error
    assert "path='reviewbot/orchestrator.py' and start_line=6" in result.text
