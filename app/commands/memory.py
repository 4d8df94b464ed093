"""`python -m app memory list|show|forget`: see and remove what the agent remembers, per repository."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from app.core.errors import RepositoryError, UserFacingError
from app.core.memory import FILE_CAP, STORE_CAP, MemoryStore, list_repositories
from app.core.repos import find_root


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("memory", help="list, show or forget the agent's memory of a repository")
    actions = parser.add_subparsers(dest="memory_action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every repository with memory, or one repository's files")
    listing.add_argument("--repo", metavar="PATH", help="only this repository")
    show = actions.add_parser("show", help="each file: its text, when it was written, from which words")
    show.add_argument("--repo", metavar="PATH", required=True)
    forget = actions.add_parser("forget", help="delete a repository's whole memory and its journal")
    forget.add_argument("--repo", metavar="PATH", required=True)
    forget.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    action = args.memory_action
    if action == "list":
        return _list(args.repo)
    store = MemoryStore.for_repository(_repository(args.repo))
    if action == "show":
        return _show(store)
    return _forget(store, assume_yes=args.yes)


def _repository(text: str) -> Path:
    """The repository root holding PATH; a plain folder outside git counts as itself."""
    path = Path(text).expanduser()
    try:
        return find_root(path)
    except RepositoryError:
        if path.is_dir():
            return path.resolve()
        raise


def _when(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M") if moment else "never"


def _list(repo: str | None) -> int:
    if repo is not None:
        store = MemoryStore.for_repository(_repository(repo))
        files = store.files()
        total = sum(f.chars for f in files)
        print(f"{store.repository}: {total:,} of {STORE_CAP:,} characters in {len(files)} file(s)")
        for f in files:
            print(f"  {f.path}  {f.chars:,} of {FILE_CAP:,} characters")
        return 0
    memories = list_repositories()
    if not memories:
        print("No repository has any memory yet.")
        return 0
    print(f"Limits: {FILE_CAP:,} characters a file, {STORE_CAP:,} a repository.")
    for memory in memories:
        name = str(memory.repository) if memory.repository else f"(unknown repository) {memory.folder.name}"
        print(
            f"{name}: {memory.chars:,} of {STORE_CAP:,} characters in {memory.files} file(s), "
            f"largest {memory.largest:,} of {FILE_CAP:,}"
        )
    return 0


def _show(store: MemoryStore) -> int:
    files = store.files()
    if not files:
        print(f"No memory for {store.repository} yet.")
        return 0
    stats = store.stats()
    total = sum(f.chars for f in files)
    print(f"Memory of {store.repository}: {total:,} of {STORE_CAP:,} characters in {len(files)} file(s)")
    print(f"Folder: {store.folder}")
    for f in files:
        s = stats.get(f.path)
        print()
        print(f"== {f.path} ({f.chars:,} of {FILE_CAP:,} characters)")
        if s is not None:
            print(
                f"Written {_when(s.last_written or s.modified)} ({s.write_count} write(s)); "
                f"read {s.read_count} time(s), last {_when(s.last_read)}"
            )
        writes = [e for e in store.history(f.path) if e.kind == "write"]
        for entry in writes:
            words = f'"{entry.user_words}"' if entry.user_words else "(no words recorded)"
            session = f", session {entry.session_id}" if entry.session_id else ""
            detail = f", {entry.detail}" if entry.detail else ""
            print(f"  {entry.command} {_when(entry.at)}{session}{detail}: {words}")
        if not writes:
            print("  (no journaled writes: written outside the memory tool)")
        print("--")
        print(f.text.rstrip("\n"))
    return 0


def _forget(store: MemoryStore, *, assume_yes: bool) -> int:
    files = store.files()
    if not files and not store.folder.exists():
        print(f"No memory for {store.repository}; nothing to forget.")
        return 0
    if not assume_yes:
        if not sys.stdin.isatty():
            raise UserFacingError("Not forgetting without confirmation.", hint="Run it in a terminal, or add --yes.")
        print(
            f"Forget all {len(files)} memory file(s) of {store.repository} and their journal? "
            "This cannot be undone. [y/N] ",
            end="",
            file=sys.stderr,
            flush=True,
        )
        answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes"):
            print("Kept the memory.")
            return 1
    store.forget()
    print(f"Forgot the memory of {store.repository}.")
    return 0
