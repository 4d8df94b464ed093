"""MemoryKey: which store a memory is (its backend and its name there), the way the UI and commands name it."""

from __future__ import annotations

from dataclasses import dataclass

BACKENDS = ("local",)  # the team backend adds itself here


@dataclass(frozen=True, slots=True, order=True)
class MemoryKey:
    """One store's identity: `local:project-1a2b3c4d`. Stable across runs; not a path anyone opens by hand."""

    backend: str
    name: str

    def __str__(self) -> str:
        return f"{self.backend}:{self.name}"

    @classmethod
    def parse(cls, text: str) -> MemoryKey | None:
        """The key `str(key)` printed, or None for anything else (a stale or foreign value)."""
        backend, sep, name = text.partition(":")
        if not sep or backend not in BACKENDS or not name or "/" in name or "\\" in name or name.startswith("."):
            return None
        return cls(backend, name)
