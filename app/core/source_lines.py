"""Forget the source lines Python keeps for tracebacks, once the tray app's imports are done.

PySide6's import hook reads the source of every module imported after it (it looks for the
word "PySide6" in it, through inspect.getsource), and linecache keeps every line of each such
file for the life of the process. With the Anthropic SDK's modules imported after Qt that was
3,498 files, 15 MB of text: a fresh `import anthropic` grew the process by 87 MB instead of 61.
Nothing reads those lines again; a traceback reads the lines it shows anew.
"""

from __future__ import annotations

import linecache


def forget() -> int:
    """Drop the source lines linecache holds; how many files it held."""
    held = len(linecache.cache)
    linecache.clearcache()
    return held
