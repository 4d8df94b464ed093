"""Starting the desktop app's process: one instance, the QApplication, the settings and repository, the loop.

A second launch hands its repository to the running instance and exits. Otherwise: QApplication, the
settings (a problem with the file is reported, not fatal), the active repository (--repo, else the last
one, else the current folder), the DesktopApp (application.py), the single-instance server, then the
event loop; at exit, busy threads get 20 s before the process leaves without them.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app import APP_DISPLAY_NAME, APP_NAME
from app.core import heap_probe, messages, repos
from app.core import settings as settings_store
from app.core.errors import UserFacingError
from app.core.settings import Settings
from app.ui import icons, import_hook, instance_server, translation
from app.ui.application import DesktopApp
from app.ui.quit_signals import quit_on_signals
from app.ui.threads import wait_for_busy_threads

log = logging.getLogger(__name__)


def resolve_repository(requested: str | None, settings: Settings) -> Path | None:
    """--repo, else the last one used, else the current folder when it is inside a git repository."""
    if requested:
        return repos.find_root(Path(requested))  # raises RepositoryError with a readable message
    if settings.last_repo:
        found = repos.find_root_or_none(Path(settings.last_repo))
        if found is not None:
            return found
    return repos.find_root_or_none(Path.cwd())


def run_desktop_app(repo: str | None = None) -> int:
    """Start the tray app, or hand `repo` to the instance already running; returns the process exit code."""
    lock = instance_server.claim()
    if lock is None:
        return instance_server.hand_off(repo)
    try:
        return _run(repo)
    finally:
        lock.unlock()


def _run(repo: str | None) -> int:
    heap_probe.install()  # the soak bench's debug hook; off unless its environment variable is set
    import_hook.read_sources_without_keeping()  # before the workers import the speech runtimes and the SDK
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_DISPLAY_NAME)
    app.setDesktopFileName(APP_NAME)
    app.setQuitOnLastWindowClosed(False)
    app.setWindowIcon(QIcon(icons.icon_path(icons.APP_ICON)))

    loaded = settings_store.load()
    settings = loaded.settings
    translation.install(app, settings.ui_language)  # before the first window or notice is made
    try:
        active = resolve_repository(repo, settings)
    except UserFacingError as exc:
        active = resolve_repository(None, settings)
        instead = (
            QCoreApplication.translate("desktop_start", " Asking about {active} instead.").format(active=active)
            if active is not None
            else ""
        )
        # Held until the tray is up (DesktopApp.start installs the sink), then shown as a notification.
        messages.error(translation.shown(str(exc)) + instead, speak=False)
    if active is not None and str(active) != settings.last_repo:
        settings = settings.with_repo(active)
        try:
            settings_store.save(settings)
        except OSError:
            log.warning("could not save the settings", exc_info=True)

    desktop = DesktopApp(app, settings, active, problem=loaded.problem)
    instance_server.serve(app, desktop.controller, desktop.set_repository, desktop.tray.popup_menu, desktop.editor)
    desktop.start()
    wake = quit_on_signals(app)
    log.info("desktop app started (pid %d, repository %s)", os.getpid(), active)
    code = int(app.exec())
    wake.setEnabled(False)
    if not wait_for_busy_threads(20_000):
        # Destroying a running QThread aborts the process; every file the app writes is written
        # atomically, so leaving now loses nothing.
        logging.shutdown()
        os._exit(code)
    return code
