"""Emit Qt signals from Python safely, working around PySide6 6.12's lost reference to True.

In PySide6 6.12.0 `SignalInstance.emit()` returns `True` without owning a reference
to it, so every emit from Python takes one reference away from `True`. On Python
3.11 (no immortal objects) the interpreter aborts with "bool_dealloc" after a few
hundred emits: a tray app emitting level updates would die within a minute. Every
emit in the app goes through `emit()`, which measures the loss once and gives the
references back; on a fixed PySide6 the measured loss is zero and it does nothing.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

from PySide6.QtCore import QObject, Signal, SignalInstance

_PROBES = 16


class _Probe(QObject):
    ping = Signal()


def _measure_loss() -> int:
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(_PROBES):
        probe.ping.emit()
    lost = before - sys.getrefcount(True)
    probe.deleteLater()
    return max(0, round(lost / _PROBES))


_LOSS_PER_EMIT = _measure_loss()
_incref = ctypes.pythonapi.Py_IncRef
_incref.argtypes = [ctypes.py_object]
_incref.restype = None


def emit(signal: SignalInstance, *args: Any) -> None:
    """`signal.emit(*args)`, without draining the interpreter's `True`."""
    signal.emit(*args)
    for _ in range(_LOSS_PER_EMIT):
        _incref(True)


def loss_per_emit() -> int:
    """References to True one emit loses on this PySide6 (0 on a fixed version)."""
    return _LOSS_PER_EMIT
