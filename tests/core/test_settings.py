"""Settings round-trip, survive a corrupt file, and never hold the API key."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from app.core import messages, paths, settings
from app.core.settings import RepoCommands, Settings
from tests.app_cli import run_app


def test_defaults_when_no_file() -> None:
    result = settings.load()
    assert result.settings == Settings()
    assert result.problem == ""
    assert result.settings.model == "claude-haiku-5-5"
    assert result.settings.effort == "low"


def test_round_trip(tmp_path: Path) -> None:
    s = Settings(
        model="claude-x",
        effort="high",
        max_tokens=999,
        hotkey_mode="toggle",
        repo_commands={"/r": RepoCommands(build="make", test="make check")},
        repo_aliases={"/r": {"review bot": "reviewbot"}},
    ).with_repo(tmp_path)
    settings.save(s)
    loaded = settings.load()
    assert loaded.problem == ""
    assert loaded.settings == s
    assert json.loads(paths.settings_file().read_text())["schema_version"] == settings.SCHEMA_VERSION
    assert paths.settings_file().stat().st_mode & 0o777 == 0o600


def test_corrupt_file_is_kept_and_defaults_used() -> None:
    target = paths.settings_file()
    target.parent.mkdir(parents=True)
    target.write_text("{ not json")
    result = settings.load()
    assert result.settings == Settings()
    assert "damaged" in result.problem
    kept = list(target.parent.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text() == "{ not json"


@pytest.mark.parametrize(
    "data",
    [
        '{"model": "claude-x"}\n'.encode("utf-16"),  # Windows Notepad's "Unicode", with its byte-order mark
        b'{"model": "caf\xe9"}\n',  # Latin-1, not UTF-8
        b"[" * 100_000 + b"]" * 100_000,  # nested past Python's recursion limit
        b'{"a": ' * 100_000 + b"1" + b"}" * 100_000,
    ],
    ids=["utf-16", "latin-1", "deep-list", "deep-object"],
)
def test_an_unreadable_settings_file_is_moved_aside_and_the_app_starts_on_defaults(data: bytes) -> None:
    target = paths.settings_file()
    target.parent.mkdir(parents=True)
    target.write_bytes(data)
    result = settings.load()
    assert result.settings == Settings()
    assert "damaged" in result.problem and "defaults" in result.problem
    kept = list(target.parent.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == data, "the person's file is kept, byte for byte"
    assert not target.exists()
    assert settings.load().problem == "", "said once: the next start finds no damaged file"


def test_bad_values_fall_back_per_key_and_unknown_keys_are_dropped() -> None:
    target = paths.settings_file()
    target.parent.mkdir(parents=True)
    target.write_text(json.dumps({"effort": "extreme", "max_tokens": "lots", "model": "m", "api_key": "sk-ant-x"}))
    result = settings.load()
    assert result.settings.model == "m"
    assert result.settings.effort == "low" and result.settings.max_tokens == 2048
    assert "effort" in result.problem
    settings.save(result.settings)
    assert "api_key" not in paths.settings_file().read_text()


def test_history_and_speech_model_settings_have_safe_defaults_and_bounds(tmp_path: Path) -> None:
    from app.core import settings as settings_module

    assert Settings().history_enabled is True and Settings().history_days == 30
    assert Settings().speech_model == "tiny.en"
    loaded, problems = settings_module.from_dict({"history_days": 0, "history_enabled": False})
    assert loaded.history_days == 30 and loaded.history_enabled is False
    assert problems == ["history_days must be between 1 and 3650"]


def test_memory_modes_round_trip_and_bad_values_fall_back(tmp_path: Path) -> None:
    target = tmp_path / "settings.json"
    chosen = settings.Settings(memory_mode="read-only", memory_modes={"/r/a": "off"}, memory_words_days=30)
    settings.save(chosen, target)
    loaded = settings.load(target).settings
    assert (loaded.memory_mode, loaded.memory_modes, loaded.memory_words_days) == ("read-only", {"/r/a": "off"}, 30)
    assert loaded.memory_mode_for(Path("/r/a")) == "off" and loaded.memory_mode_for(Path("/r/b")) == "read-only"
    target.write_text('{"memory_mode": "sometimes", "memory_modes": {"/r/a": "maybe", "/r/b": "on"}}')
    result = settings.load(target)
    assert result.settings.memory_mode == "on" and result.settings.memory_modes == {"/r/b": "on"}
    assert "memory_mode" in result.problem


def test_every_setting_says_what_a_change_to_it_affects() -> None:
    for field in dataclasses.fields(Settings):
        assert isinstance(field.metadata.get("effect"), settings.Effect), f"{field.name} says nothing"
    assert settings.effect_of("model") is settings.Effect.SESSION
    assert settings.effect_of("repo_aliases") is settings.Effect.VOCABULARY  # no model reload for an alias
    assert settings.effect_of("whisper_model") is settings.Effect.SPEECH


def test_settings_are_values_changed_by_replacing() -> None:
    first = Settings()
    second = dataclasses.replace(first, sound_cues=False, idle_minutes=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.model = "other"  # type: ignore[misc]
    assert first.sound_cues and not second.sound_cues
    assert settings.changed_fields(first, second) == {"sound_cues", "idle_minutes"}
    assert settings.changed_effects(first, second) == {settings.Effect.IMMEDIATE}
    remembered = first.with_repo(Path("/a")).with_repo(Path("/b")).with_repo(Path("/a"))
    assert remembered.recent_repos == ("/a", "/b") and first.recent_repos == ()


def test_the_panel_keeps_twenty_pages_unless_told_otherwise_and_bad_counts_fall_back() -> None:
    from app.core import settings as settings_module

    assert Settings().panel_pages == 20 and settings_module.effect_of("panel_pages") is settings_module.Effect.IMMEDIATE
    loaded, problems = settings_module.from_dict({"panel_pages": 0})
    assert loaded.panel_pages == 20 and problems == ["panel_pages must be between 1 and 500"]
    assert settings_module.from_dict({"panel_pages": 5})[0].panel_pages == 5


def test_a_damaged_file_is_said_through_the_message_path_once() -> None:
    target = paths.settings_file()
    target.parent.mkdir(parents=True)
    heard: list[messages.Message] = []
    messages.set_sink(heard.append)
    try:
        target.write_bytes(b"{ not json")
        settings.load()
        target.write_text('{"speech_rate": "fast"}')
        settings.load()
        settings.load()  # a process loads its settings more than once: the second time says nothing new
    finally:
        messages.set_sink(None)
    said = [(m.level, m.text) for m in heard]
    assert len(said) == 2, said
    assert said[0][0] is messages.Level.WARNING and "damaged and has been reset to defaults" in said[0][1]
    assert "Some settings were invalid" in said[1][1] and "speech_rate" in said[1][1]


def test_a_command_says_what_was_wrong_with_the_settings_file(empty_repo: Path) -> None:
    """Logging's set-up read the file first and moved it aside in silence, so no command ever said it."""
    target = paths.settings_file()
    target.parent.mkdir(parents=True)
    target.write_bytes('{"model": "claude-x"}\n'.encode("utf-16"))
    out = run_app("memory", "mode", "--repo", str(empty_repo), env=_cli_env())
    assert out.returncode == 0, out.stderr
    warned = [line for line in out.stderr.splitlines() if "settings file was damaged" in line]
    assert len(warned) == 1 and warned[0].startswith("warning: "), out.stderr
    assert list(target.parent.glob("settings.json.corrupt-*")), "the person's file is kept aside"


def test_logging_set_up_reads_the_file_without_moving_it() -> None:
    target = paths.settings_file()
    target.parent.mkdir(parents=True)
    target.write_text('{"diagnostic_log_api_traffic": true}')
    assert settings.read_quietly().diagnostic_log_api_traffic is True
    target.write_bytes(b"{ not json")
    assert settings.read_quietly() == Settings()
    assert target.read_bytes() == b"{ not json", "left for the load that reports it"


def _cli_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
