"""Emptying a layout whose items are rows (each a layout of widgets), as the panel's memory boxes are."""

from __future__ import annotations

from PySide6.QtWidgets import QLayout


def remove_rows(rows: QLayout) -> None:
    """Take every row out of `rows` and delete its widgets once control returns to the event loop."""
    while rows.count():
        row = rows.takeAt(0)
        inner = row.layout() if row is not None else None
        while inner is not None and inner.count():
            child = inner.takeAt(0)
            widget = child.widget() if child is not None else None
            if widget is not None:
                widget.deleteLater()
