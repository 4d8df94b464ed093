"""PySide6's import hook, made to read each new module's source without keeping it.

Once PySide6 is imported it replaces Python's import function, and for every module imported
after it asks whether the module's source holds the word "PySide6" (shibokensupport's
feature._mod_uses_pyside, for its opt-in `from __feature__ import ...` switching, which this app
never uses). It asks through inspect.getsource, which makes linecache keep every line of every
such file; clearing linecache later (app.core.source_lines) frees the lines, but in the middle
of the memory the modules themselves hold, where it stays resident. A fresh `import anthropic`
grew a process that had the tray's modules (Qt first) by 82 MB, one without Qt by 65 MB, and
the tray's with this check by 56 MB (tests/ui/test_launch_cost.py). In the app, whether the hook
saw the SDK's import on the agent thread varied from start to start (the source lines forgotten
at ready: 160 to 2,211 files), and the tray at ready with it (324 against 341 MB in two starts
of the same build).

The check here gives the same answer for every module with a .py source, reading the file
once; for any other module (built in, compiled, from a zip) inspect.getsource fails and
PySide6 answers no, as here.
"""

from __future__ import annotations

import logging
import sys
from types import ModuleType

log = logging.getLogger(__name__)


def uses_pyside(module: ModuleType) -> bool:
    """Whether `module`'s source file mentions PySide6 (False when it has no .py file to read)."""
    filename = getattr(module, "__file__", None)
    if not isinstance(filename, str) or not filename.endswith(".py"):
        return False
    try:
        with open(filename, "rb") as source:
            return b"PySide6" in source.read()
    except OSError:
        return False


def read_sources_without_keeping() -> bool:
    """Put `uses_pyside` in place of PySide6's check; False (nothing changed) where PySide6 has none."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        log.info("PySide6's import hook has no source check here; nothing to change")
        return False
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True
