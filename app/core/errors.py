"""The exception tree of the app.

    VoiceDevAgentError               anything the app raises on purpose
    ├── UserFacingError              a message fit to be spoken or shown as it is
    │   ├── ConfigurationError       a setting is missing or wrong (API key, model path …)
    │   │   └── MissingApiKeyError   no API key in the environment or the keyring
    │   ├── AudioDeviceError         no microphone, device busy, unplugged, bad rate
    │   │   └── NotAMicrophone       the setting names a monitor: it records what plays, not what is said
    │   ├── HotkeyUnavailableError   no global hotkey can work on this desktop
    │   ├── ModelLoadError           a speech model could not be loaded
    │   ├── ModelDownloadError       a speech model could not be downloaded (offline, disk full …)
    │   │   └── DownloadCancelled    the person cancelled; what arrived is kept to resume
    │   ├── AgentTurnError           a turn failed after the SDK's retries
    │   ├── RepositoryError          the folder is not a usable repository
    │   ├── TeamServerError          the team memory's server said no, or could not be asked
    │   │   ├── TeamUnreachable      no answer in time (also an OSError: storage that is not there)
    │   │   ├── TeamSchemaError      its schema is missing, older or newer than this app's
    │   │   └── TeamRefused          the server's rights refuse this (no grant, reader only, read-only)
    │   ├── eval.report.ReportError  the eval's report cannot be read or written
    │   └── eval.scenario.ScenarioError  a scenario file is malformed
    └── (a bug is any other exception: logged with its traceback and reported in one line
         through `app.core.messages`, whose excepthooks catch what nothing else did)

Outside the tree, because they never reach a person as they are: each is caught by one
caller and turned into a result or a sentence.

    memory.journal.JournalError      the memory journal cannot be read or written
    memory.undo.UndoRefused          an undo would overwrite a newer change; the reason is shown
    PathRefused                      a path the model sent (in the repository or under /memories)
                                     breaks a rule; its message is one line the model can act on
    memory.folder.FolderError        the memory folder refused an operation (LinkRefused: a link)
    eval.workspace.SetupError        a scenario's repository could not be built
    ReportRefused                    an editor's context report breaks the protocol; logged, answered, dropped

Tool failures are not exceptions that reach the user: they become tool results
with `is_error` for the model to read (see `app.core.agent.tools`).
"""

from __future__ import annotations

from app.core.ui_text import QT_TRANSLATE_NOOP, joined


class VoiceDevAgentError(Exception):
    """Base class of every error the app raises on purpose."""


class UserFacingError(VoiceDevAgentError):
    """An error whose message a person can act on; shown and spoken as is.

    `hint` is an optional second sentence saying what to do next.
    """

    def __init__(self, message: str, *, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        # str(exc) keeps a marked message marked (str() returns a str subclass as it is): the tray translates it.
        return joined(self.message, self.hint)


class ConfigurationError(UserFacingError):
    """A setting is missing or wrong."""


class MissingApiKeyError(ConfigurationError):
    """No Anthropic API key was found."""

    def __init__(self) -> None:
        super().__init__(
            QT_TRANSLATE_NOOP("errors", "No Anthropic API key is set."),
            hint=QT_TRANSLATE_NOOP(
                "errors", "Enter it under Settings, API key, or set ANTHROPIC_API_KEY in the environment."
            ),
        )


class AudioDeviceError(UserFacingError):
    """The microphone or speaker cannot be used right now."""


class NotAMicrophone(AudioDeviceError):
    """The microphone setting names a sink's monitor (an old setting): the default microphone is used instead."""


class HotkeyUnavailableError(UserFacingError):
    """No global hotkey can work on this desktop."""


class ModelLoadError(UserFacingError):
    """A transcription or speech model failed to load."""


class ModelDownloadError(UserFacingError):
    """A speech model download failed; the current model keeps working."""


class DownloadCancelled(ModelDownloadError):
    """The person cancelled a download; the part that arrived is kept so the next try resumes."""


class AgentTurnError(UserFacingError):
    """A turn failed after the SDK's own retries."""


class RepositoryError(UserFacingError):
    """The chosen folder cannot be used as a repository."""


class TeamServerError(UserFacingError):
    """The team memory's PostgreSQL server said no, or could not be asked; the message says which."""


class TeamUnreachable(TeamServerError, OSError):
    """The team server did not answer in time. An OSError too: to the memory store it is storage not there."""


class TeamSchemaError(TeamServerError):
    """The server's team schema is missing, older than this app needs, or newer than it knows."""


class TeamRefused(TeamServerError):
    """The server's rights refuse the request: no grant for this repository, a reader writing, read-only."""


class PathRefused(ValueError):
    """A path the model sent breaks a rule (path_guard for the repository, vpath for /memories).

    Outside the tree: the caller turns it into the tool's error text; the message is one line the
    model can act on.
    """


class ReportRefused(ValueError):
    """An editor's context report breaks the protocol (app.core.editor.report): malformed, too big, a path outside.

    Outside the tree: the instance server logs the reason and answers the editor with it; the app carries on.
    """
