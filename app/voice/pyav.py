"""PyAV loads when a file is decoded, not when faster-whisper is imported.

faster-whisper imports PyAV (`import av`) at its own import, for `decode_audio` alone, which
reads audio files. The app hands Whisper the samples it recorded; only `transcribe FILE` and a
downloaded model's speed check read a file. PyAV and the FFmpeg libraries it maps cost the tray
app about 17 MB resident all day (4 MB of its own, 13 MB of mapped libraries).

`defer()` puts a stand-in for `av` in sys.modules before faster-whisper is imported: its
`import av` then binds the stand-in, and the first attribute anyone reads from it (`av.open`)
imports the real PyAV and answers from it. importlib.util.LazyLoader does not serve here: a
second `import av` reads the module's `__spec__`, which loads a LazyLoader module at once.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
from types import ModuleType
from typing import Any

NAME = "av"
_lock = threading.Lock()


class _StandIn(ModuleType):
    """`av` until first use; then every attribute comes from the real module."""

    def __getattr__(self, name: str) -> Any:  # only for what the stand-in itself lacks
        if name.startswith("__") and name != "__path__":
            # Probes (inspect's __wrapped__, PySide6's import hook) are no use of PyAV; a submodule's
            # import, which reads __path__, is.
            raise AttributeError(name)
        return getattr(load(), name)


def defer() -> bool:
    """Put the stand-in in place unless PyAV is imported already or not installed; whether it did."""
    with _lock:
        if NAME in sys.modules:
            return False
        spec = importlib.util.find_spec(NAME)
        if spec is None:
            return False
        stand_in = _StandIn(NAME, "PyAV, imported at its first use (app.voice.pyav)")
        stand_in.__spec__ = spec  # what `import av` checks, without loading it
        stand_in.__file__ = spec.origin  # where PySide6's import hook reads the source it looks into
        sys.modules[NAME] = stand_in
        return True


def load() -> ModuleType:
    """The real PyAV, imported now if the stand-in is still in its place."""
    with _lock:
        module = sys.modules.get(NAME)
        if isinstance(module, _StandIn):
            del sys.modules[NAME]
            try:
                module = importlib.import_module(NAME)
            except BaseException:
                sys.modules[NAME] = module  # still deferred; the caller sees why it failed
                raise
        return module if module is not None else importlib.import_module(NAME)


def loaded() -> bool:
    """Whether the real PyAV is imported."""
    return NAME in sys.modules and not isinstance(sys.modules[NAME], _StandIn)
