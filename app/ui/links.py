"""What a click on a link in the panel does: a web address opens after the user confirms it; nothing else opens.

The panel shows text a model wrote after reading files that other people wrote, so
a link can carry a secret in its query, start another program (`vscode://`,
`ssh:`), or point at a local file. Only http and https leave the panel, and only
once the person has seen the whole address.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QWidget

from app.ui.titles import window_title

WEB_SCHEMES = ("http", "https")


def full_address(url: QUrl) -> str:
    """The address exactly as the browser would get it: percent-encoded, the host in ASCII (no look-alikes)."""
    return bytes(url.toEncoded().data()).decode("ascii", errors="replace")


def wrapped(address: str, width: int = 72) -> str:
    """The address in lines of `width` characters: a long query has nowhere to wrap, and would push the
    dialog's buttons off the screen."""
    return "\n".join(address[i : i + width] for i in range(0, len(address), width)) or address


def shortened(address: str, most: int = 70) -> str:
    """The address with its middle left out when it is long (for the hover line; the question shows it all)."""
    if len(address) <= most:
        return address
    keep = (most - 1) // 2
    return f"{address[:keep]}…{address[-keep:]}"


def refusal(url: QUrl) -> str | None:
    """Why this link must not open, in words for the user; None for a web address that may open once confirmed."""
    scheme = url.scheme().lower()
    if not url.isValid() or not scheme:
        return QCoreApplication.translate("links", "Links to files or relative paths are not opened from the panel.")
    if scheme == "file":
        return QCoreApplication.translate("links", "Links to files on this computer are not opened from the panel.")
    if scheme not in WEB_SCHEMES:
        return QCoreApplication.translate(
            "links", "“{shortened}:” links are not opened from the panel: only web addresses (http, https) are."
        ).format(shortened=shortened(scheme, 24))
    if not url.host():
        return QCoreApplication.translate("links", "That web address names no site, so it is not opened.")
    return None


def confirm_dialog(parent: QWidget | None, url: QUrl) -> QMessageBox:
    """The question asked before a web address opens; Cancel is the default, so Enter does not open it."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(window_title(QCoreApplication.translate("links", "Open link")))
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(QCoreApplication.translate("links", "Open this address in your web browser?"))
    box.setInformativeText(wrapped(full_address(url)))
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    open_button = box.addButton(QCoreApplication.translate("links", "Open"), QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    open_button.setObjectName("open")
    return box


def open_after_confirmation(parent: QWidget | None, url: QUrl) -> bool:
    """Ask, then open in the system's browser; True when the address was handed to it."""
    box = confirm_dialog(parent, url)
    box.exec()
    clicked = box.clickedButton()
    if clicked is None or clicked.objectName() != "open":
        return False
    return QDesktopServices.openUrl(url)
