"""Composition root: read settings, set up logging and the message path, then run
either a headless subcommand or the desktop app."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from app import cli
from app.core import heap, instance, logs, messages, settings
from app.core.errors import UserFacingError


def main(argv: Sequence[str] | None = None) -> int:
    launch = _plain_launch(list(sys.argv[1:] if argv is None else argv))
    if launch is not None:
        # A second launch (the menu entry clicked again, autostart plus a manual start) hands its
        # arguments to the running instance and leaves, before loading Qt, numpy or any model.
        handed = instance.send(instance.open_request(launch[0]))
        if handed is not None:
            print(handed.text, file=sys.stdout if handed.ok else sys.stderr)
            return 0 if handed.ok else 2
    heap.configure()  # before any thread: the speech runtimes' peaks must not stay resident
    args = cli.parse(argv)
    logs.setup()
    messages.install_excepthooks()
    if args.command:
        messages.set_sink(messages.stderr_sink)
        # Read once before any command: a damaged file is kept aside and said once, also for the
        # commands that never look at a setting (the desktop app's own start does the same).
        settings.load()
        try:
            return int(args.func(args) or 0)
        except UserFacingError as exc:  # the one message path: logged, then on stderr as "error: ..."
            messages.error(str(exc), speak=False)
            return 2
        except KeyboardInterrupt:
            return 130
    _import_pydantic_before_threads()
    # Imported here so headless commands never load Qt.
    from app.ui.desktop_start import run_desktop_app

    return run_desktop_app(repo=args.repo)


def _plain_launch(argv: list[str]) -> tuple[str | None] | None:
    """(repo,) when `argv` starts the desktop app (nothing, or only --repo PATH); None otherwise."""
    if not argv:
        return (None,)
    if len(argv) == 2 and argv[0] == "--repo":
        return (argv[1],)
    if len(argv) == 1 and argv[0].startswith("--repo="):
        return (argv[0].split("=", 1)[1],)
    return None


def _import_pydantic_before_threads() -> None:
    """Finish importing pydantic on this thread before any worker thread starts.

    Once PySide6 is loaded, its import hook reads the source of every newly imported
    module; when the agent worker (importing the SDK) and the speech worker import
    pydantic at the same moment, that hook can touch pydantic half-way through its own
    initialisation and the import fails with a circular-import error (seen about one start
    in six). Imported whole here, on one thread, pydantic is simply there for both (~40 ms).
    """
    import pydantic.errors  # noqa: F401
    from pydantic._internal import _validators  # noqa: F401
