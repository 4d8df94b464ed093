"""Choosing a combo box entry by its value, for settings whose saved value may not be listed."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox


def select_or_add(combo: QComboBox, value: str) -> None:
    """Select the entry whose data (or text) is `value`, adding it when it is not listed."""
    index = combo.findData(value)
    if index < 0:
        index = combo.findText(value)
    if index < 0:
        combo.addItem(value, value)
        index = combo.count() - 1
    combo.setCurrentIndex(index)
