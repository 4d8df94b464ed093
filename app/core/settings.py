"""Typed settings with defaults and a schema version, stored as JSON in the config folder.

The API key is deliberately not a setting: it lives in the system keyring or the
environment (see `app.core.api_key`), so it can never end up in this file.
A corrupt file is kept beside the new one for the user to inspect, and the app
starts with defaults instead of failing; what went wrong is said once, through the one
message path (`app.core.messages`), to whichever face the person is using.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from app.core import messages, paths
from app.core.atomic import write_text_atomic
from app.core.languages import SpeechLanguage

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
MAX_HISTORY_DAYS = 3650
MAX_PANEL_PAGES = 500
Effort = Literal["low", "medium", "high"]
HotkeyMode = Literal["hold", "toggle"]
MemoryMode = Literal["on", "read-only", "off"]  # the one spelling of a repository memory's mode
UiLanguage = Literal["", "en", "de", "es"]  # the app's own words: "" follows the system's language
MEMORY_MODES: tuple[MemoryMode, ...] = get_args(MemoryMode)


def as_memory_mode(value: object) -> MemoryMode | None:
    """`value` as a memory mode, or None when it is not one (text from a signal or a command line)."""
    return next((mode for mode in MEMORY_MODES if mode == value), None)


@dataclass(frozen=True)
class RepoCommands:
    """Per-repository overrides for the build and test tools (empty means detect)."""

    build: str = ""
    test: str = ""


class Effect(enum.Enum):
    """What a changed setting reaches, so each holder knows what to redo when a new value arrives."""

    SESSION = "session"  # the conversation ends; the next question starts a new session with it
    SPEECH = "speech"  # the speech models reload
    VOCABULARY = "vocabulary"  # the repositories' vocabularies are built again (no model reload)
    HOTKEY = "hotkey"  # the hotkey listener restarts
    MICROPHONE = "microphone"  # the microphone reopens, or opens or closes while idle
    IMMEDIATE = "immediate"  # read each time it is used: nothing to restart
    RESTART = "restart"  # read when the app starts: the next start uses it


def _setting(default: Any, effect: Effect) -> Any:
    if isinstance(default, dict | tuple | list):
        return field(default_factory=lambda: type(default)(default), metadata={"effect": effect})
    return field(default=default, metadata={"effect": effect})


@dataclass(frozen=True)
class Settings:
    """The user's settings: an immutable value, changed with `dataclasses.replace` and passed by message.

    Each field says, in one place, what a change to it affects (see `Effect`).
    """

    model: str = _setting("claude-haiku-5-5", Effect.SESSION)
    effort: Effort = _setting("low", Effect.SESSION)
    max_tokens: int = _setting(2048, Effect.SESSION)
    hotkey: str = _setting("ctrl+alt+space", Effect.HOTKEY)
    hotkey_mode: HotkeyMode = _setting("hold", Effect.HOTKEY)
    panel_hotkey: str = _setting("", Effect.HOTKEY)  # shows the last answers with the keyboard in them; "" = none
    input_device: str = _setting("", Effect.MICROPHONE)  # empty: the system default
    output_device: str = _setting("", Effect.SPEECH)
    whisper_model: str = _setting("", Effect.SPEECH)  # a faster-whisper folder of the user's own; wins when set
    speech_model: str = _setting("tiny.en", Effect.SPEECH)  # a name from app.voice.model_catalog; tiny.en is bundled
    # The language the transcription is told ("" = Detect). The speech worker hands it to the loaded model,
    # which reads it at each decode: no reload. An English-only (.en) model always decodes English.
    speech_language: SpeechLanguage = _setting("", Effect.IMMEDIATE)
    piper_voice: str = _setting("", Effect.SPEECH)  # empty: the embedded en_US-joe-medium voice
    speech_rate: float = _setting(1.0, Effect.SPEECH)
    volume: float = _setting(1.0, Effect.SPEECH)
    sound_cues: bool = _setting(True, Effect.IMMEDIATE)  # a short tone when listening starts and stops
    cue_volume: float = _setting(1.0, Effect.IMMEDIATE)  # the cues' loudness: 1.0 as made, 0..2; sent with each cue
    keep_microphone_open: bool = _setting(True, Effect.MICROPHONE)  # open while the hotkey listens, for pre-roll
    # At key-down, send the prompt ahead when its cache is cold, so the first answer comes as soon as the
    # tenth; costs about one cache write of the prompt per cold start (README: "Prepare the answer").
    prepare_while_speaking: bool = _setting(True, Effect.IMMEDIATE)
    idle_minutes: int = _setting(30, Effect.IMMEDIATE)
    # "Send what the editor shows": a question carries the file, cursor, selection and diagnostics an editor
    # plugin last reported (app.core.editor), when fresh and from the active repository. Read at each question.
    send_editor_context: bool = _setting(True, Effect.IMMEDIATE)
    # The panel keeps this many of the session's pages to step back through; older ones are let go.
    panel_pages: int = _setting(20, Effect.IMMEDIATE)
    tool_timeout_seconds: int = _setting(300, Effect.SESSION)
    setup_done: bool = _setting(False, Effect.IMMEDIATE)  # the setup window was finished or closed once
    start_at_login: bool = _setting(False, Effect.IMMEDIATE)  # the settings window applies it on save
    # Diagnostics only: lets the API client's debug records (whole requests: what was said, tool output,
    # memory) into the log file when ANTHROPIC_LOG=debug is set. Read when the app starts.
    diagnostic_log_api_traffic: bool = _setting(False, Effect.RESTART)
    last_repo: str = _setting("", Effect.IMMEDIATE)
    recent_repos: tuple[str, ...] = _setting((), Effect.IMMEDIATE)
    repo_commands: Mapping[str, RepoCommands] = _setting({}, Effect.SESSION)
    repo_aliases: Mapping[str, Mapping[str, str]] = _setting({}, Effect.VOCABULARY)
    history_enabled: bool = _setting(True, Effect.IMMEDIATE)  # off: no turn is stored at all
    history_days: int = _setting(30, Effect.IMMEDIATE)  # turns older than this are deleted
    # Read when a session starts (its memory store and prompt follow them): a change starts a new session.
    memory_mode: MemoryMode = _setting("on", Effect.SESSION)  # for repositories without their own choice
    memory_modes: Mapping[str, MemoryMode] = _setting({}, Effect.SESSION)  # repository path -> its memory's mode
    memory_words_days: int = _setting(90, Effect.SESSION)  # the user's words kept with each memory change
    # The team memory's PostgreSQL server (a libpq DSN, never with a password: that is in the keyring); "" = off.
    # VOICE_DEV_AGENT_TEAM_DSN wins over it. Read when a session starts.
    team_dsn: str = _setting("", Effect.SESSION)
    # "Ask before remembering": every line the agent writes waits for the developer's Keep (memory pending).
    memory_ask_first: bool = _setting(False, Effect.SESSION)
    # The language of the app's windows, menus and notices ("" = the system's). The translators are installed
    # once, before the first window is built: the next start uses a new choice. The command line stays English.
    ui_language: UiLanguage = _setting("", Effect.RESTART)

    def memory_mode_for(self, repo: Path) -> MemoryMode:
        return self.memory_modes.get(str(repo), self.memory_mode)

    def commands_for(self, repo: Path) -> RepoCommands:
        return self.repo_commands.get(str(repo), RepoCommands())

    def with_repo(self, repo: Path, keep: int = 8) -> Settings:
        """These settings with `repo` as the last one used, first among the recent ones."""
        key = str(repo)
        return dataclasses.replace(
            self, last_repo=key, recent_repos=(key, *[r for r in self.recent_repos if r != key])[:keep]
        )


def effect_of(name: str) -> Effect:
    """What a change to the setting `name` affects."""
    return _EFFECTS[name]


def changed_fields(old: Settings, new: Settings) -> set[str]:
    return {name for name in _EFFECTS if getattr(old, name) != getattr(new, name)}


def changed_effects(old: Settings, new: Settings) -> set[Effect]:
    """Everything that has to be redone to go from `old` to `new`."""
    return {_EFFECTS[name] for name in changed_fields(old, new)}


@dataclass(frozen=True)
class LoadResult:
    settings: Settings
    problem: str = ""  # a message for the user when the file had to be replaced or repaired


_DEFAULTS = Settings()
_FIELD_TYPES = {f.name: f.type for f in dataclasses.fields(Settings)}
_EFFECTS: dict[str, Effect] = {f.name: f.metadata["effect"] for f in dataclasses.fields(Settings)}
_LITERALS: dict[str, tuple[str, ...]] = {
    "effort": get_args(Effort),
    "hotkey_mode": get_args(HotkeyMode),
    "memory_mode": get_args(MemoryMode),
    "speech_language": get_args(SpeechLanguage),
    "ui_language": get_args(UiLanguage),
}


def _coerce(name: str, value: Any) -> Any:
    """Return `value` checked against the field's type, or raise ValueError."""
    default = getattr(_DEFAULTS, name)
    if name in _LITERALS:
        if value not in _LITERALS[name]:
            raise ValueError(f"{name} must be one of {', '.join(_LITERALS[name])}")
        return value
    if name == "repo_commands":
        if not isinstance(value, dict):
            raise ValueError("repo_commands must be an object")
        return {
            str(k): RepoCommands(build=str(v.get("build", "")), test=str(v.get("test", "")))
            for k, v in value.items()
            if isinstance(v, dict)
        }
    if name == "repo_aliases":
        if not isinstance(value, dict):
            raise ValueError("repo_aliases must be an object")
        return {str(k): {str(a): str(b) for a, b in v.items()} for k, v in value.items() if isinstance(v, dict)}
    if name == "memory_modes":
        if not isinstance(value, dict):
            raise ValueError("memory_modes must be an object")
        return {str(k): v for k, v in value.items() if v in get_args(MemoryMode)}
    if name == "recent_repos":
        if not isinstance(value, list):
            raise ValueError("recent_repos must be a list")
        return tuple(str(v) for v in value if isinstance(v, str))
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number")
        if name == "history_days" and not 1 <= value <= MAX_HISTORY_DAYS:
            raise ValueError(f"history_days must be between 1 and {MAX_HISTORY_DAYS}")
        if name == "panel_pages" and not 1 <= value <= MAX_PANEL_PAGES:
            raise ValueError(f"panel_pages must be between 1 and {MAX_PANEL_PAGES}")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{name} must be a number")
        return float(value)
    if isinstance(default, str):
        if not isinstance(value, str):
            raise ValueError(f"{name} must be text")
        return value
    raise ValueError(f"{name} has an unsupported type")


def from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Build settings from parsed JSON; bad or unknown keys fall back to defaults."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    for name in _FIELD_TYPES:
        if name not in data:
            continue
        try:
            values[name] = _coerce(name, data[name])
        except ValueError as exc:
            problems.append(str(exc))
    return Settings(**values), problems


def to_dict(settings: Settings) -> dict[str, Any]:
    data = dataclasses.asdict(settings)
    data["recent_repos"] = list(settings.recent_repos)
    data["repo_commands"] = {k: dataclasses.asdict(v) for k, v in settings.repo_commands.items()}
    data["repo_aliases"] = {k: dict(v) for k, v in settings.repo_aliases.items()}
    return {"schema_version": SCHEMA_VERSION, **data}


def load(path: Path | None = None, *, report: bool = True) -> LoadResult:
    """Read the settings file; never raises for a missing, unreadable or corrupt file.

    A problem goes to the person through the message path (once per process for each wording), so no
    command has to remember to say it; `report=False` is for a caller that shows it itself (doctor).
    """
    result = _load(path or paths.settings_file())
    if report and result.problem:
        _report_once(result.problem)
    return result


_reported: set[str] = set()


def _report_once(problem: str) -> None:
    # A process may load the settings several times (start-up, a command, the desktop's own load): say it once.
    if problem not in _reported:
        _reported.add(problem)
        messages.warning(problem)


def read_quietly(path: Path | None = None) -> Settings:
    """The settings as the file holds them, or the defaults; never moves, repairs or reports anything.

    For logging's set-up, which runs before the message path exists: the load that follows finds the
    damaged file still there, keeps it aside and says so.
    """
    try:
        data = json.loads((path or paths.settings_file()).read_bytes().decode("utf-8"))
        return from_dict(data)[0] if isinstance(data, dict) else Settings()
    except (OSError, ValueError, TypeError, RecursionError):
        return Settings()


def _load(path: Path) -> LoadResult:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return LoadResult(Settings())
    except OSError as exc:
        return LoadResult(Settings(), f"Could not read the settings file ({exc.strerror}); using defaults.")
    try:
        # Not UTF-8 (a UTF-16 save, Latin-1 bytes) is a ValueError; nesting past the recursion limit is not.
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        settings, problems = from_dict(data)
    except (ValueError, TypeError, RecursionError):
        kept, why = _keep_bad_file(path)
        if why:
            return LoadResult(
                Settings(),
                f"The settings file {path} is damaged and could not be moved aside ({why}); "
                "the app uses defaults until it is fixed or removed.",
            )
        return LoadResult(
            Settings(),
            f"The settings file was damaged and has been reset to defaults; the old one is {kept}.",
        )
    problem = ""
    if problems:
        problem = "Some settings were invalid and were reset: " + "; ".join(problems) + "."
    return LoadResult(settings, problem)


def save(settings: Settings, path: Path | None = None) -> None:
    path = path or paths.settings_file()
    paths.ensure_private_dir(path.parent)
    write_text_atomic(path, json.dumps(to_dict(settings), indent=2, sort_keys=True) + "\n")


def _keep_bad_file(path: Path) -> tuple[Path, str]:
    """Move the damaged file aside: (where it went, "") or (where it would have gone, why it could not)."""
    kept = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        path.replace(kept)
    except OSError as exc:
        log.warning("could not move the damaged settings file aside", exc_info=True)
        return kept, exc.strerror or type(exc).__name__
    return kept, ""
