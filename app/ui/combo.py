"""Combo boxes of settings: an entry chosen by its value (a saved value may not be listed), names from outside."""

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


def names_from_outside(combo: QComboBox, *, characters: int = 28) -> QComboBox:
    """`combo`, sized by its layout, not by its longest entry: a device's name (which the sound server
    makes up, some over 100 characters) never sets the width of the window that holds it."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(characters)
    return combo
