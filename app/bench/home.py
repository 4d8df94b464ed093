"""A throwaway app home for a bench run, so the user's settings, memory and logs are never touched."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from app.core.paths import HOME_OVERRIDE


@contextlib.contextmanager
def temporary_home(prefix: str = "vda-bench-") -> Iterator[Path]:
    """Point this process (and the apps it starts) at an empty app home until the block ends."""
    previous = os.environ.get(HOME_OVERRIDE)
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        os.environ[HOME_OVERRIDE] = folder
        try:
            yield Path(folder)
        finally:
            if previous is None:
                os.environ.pop(HOME_OVERRIDE, None)
            else:
                os.environ[HOME_OVERRIDE] = previous
