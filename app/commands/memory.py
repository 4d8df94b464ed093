"""`python -m app memory list|show|pending|keep|discard|add|history|undo|mode|forget|standing|restore`: the memory.

Bad input (a folder that does not exist, a path outside the store, a damaged journal) is one clear
line and exit code 2 (a UserFacingError), and nothing on disk changes.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sqlite3
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from app import APP_NAME
from app.commands import memory_add, memory_lines, team_lines
from app.core import messages
from app.core import settings as settings_store
from app.core.errors import RepositoryError, UserFacingError
from app.core.memory import FILE_CAP, STORE_CAP, MemoryStore, list_repositories, open_store
from app.core.memory.journal import Change, JournalError
from app.core.memory.keeping import NotPending
from app.core.memory.report import file_reports, history_item, pending_object
from app.core.memory.undo import UndoRefused
from app.core.memory.vpath import PathRefused, parse
from app.core.repos import find_root
from app.core.settings import MEMORY_MODES, as_memory_mode


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("memory", help="see, undo, switch or forget the agent's memory of a repository")
    actions = parser.add_subparsers(dest="memory_action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every repository with memory, or one repository's files")
    listing.add_argument("--repo", metavar="PATH", help="only this repository")
    show = actions.add_parser("show", help="each file: its text, origin, staleness, use and history")
    show.add_argument("--repo", metavar="PATH", required=True)
    show.add_argument("--json", action="store_true", help="print one JSON object, for scripts")
    pending = actions.add_parser("pending", help="the lines the agent wrote that wait for you to keep or discard")
    pending.add_argument("--repo", metavar="PATH", required=True)
    pending.add_argument("--json", action="store_true", help="print one JSON object, for scripts")
    for name, meaning in (("keep", "remember a pending line"), ("discard", "drop a pending line for good")):
        settle = actions.add_parser(name, help=meaning)
        settle.add_argument("--repo", metavar="PATH", required=True)
        settle.add_argument("line", metavar="LINE", help="the line's text as 'memory pending' prints it")
    history = actions.add_parser("history", help="every change in order, with its old and new text")
    history.add_argument("--repo", metavar="PATH", required=True)
    history.add_argument("file", nargs="?", metavar="FILE", help="only this file (/memories/notes.md or notes.md)")
    undo = actions.add_parser("undo", help="revert the most recent change (a delete too)")
    undo.add_argument("--repo", metavar="PATH", required=True)
    mode = actions.add_parser("mode", help="switch a repository's memory on, read-only or off")
    mode.add_argument("--repo", metavar="PATH", required=True)
    mode.add_argument("mode", nargs="?", choices=MEMORY_MODES, help="the new mode; without it, print the current one")
    forget = actions.add_parser("forget", help="delete a repository's whole memory and its journal")
    forget.add_argument("--repo", metavar="PATH", required=True)
    forget.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    team_lines.register_promote(actions)
    team_lines.register_share(actions)
    memory_lines.register(actions)
    memory_add.register(actions)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    action = args.memory_action
    if action == "list":
        return _list(args.repo)
    repo = _repository(args.repo)
    if action == "mode":
        return _mode(repo, args.mode)
    if action == "promote":
        return team_lines.promote(repo, args.line)
    if action == "share":
        return team_lines.share(repo, args.line)
    store = open_store(repo)
    try:
        if action == "show":
            return _show_json(store) if args.json else _show(store)
        if action == "pending":
            return _pending(store, as_json=args.json)
        if action in ("keep", "discard"):
            return _settle(store, args.line, keep=action == "keep")
        if action == "history":
            return _history(store, args.file)
        if action == "undo":
            return _undo(store)
        if action in memory_lines.ACTIONS:
            return memory_lines.run(store, args)
        if action in memory_add.ACTIONS:
            return memory_add.run(store, args)
    except JournalError as exc:
        raise UserFacingError(str(exc)) from exc
    return _forget(store, assume_yes=args.yes)


def _forget_elsewhere(repo: Path) -> str:
    """The repository's turns in the history and its learned aliases go with its memory: a turn may quote it.

    What was removed, for the person to read ("" when there was nothing).
    """
    from app.core import paths
    from app.core.history import History

    key = str(repo)
    turns = 0
    loaded = settings_store.load()
    if paths.history_file().exists():  # opened even when the history is switched off now: old turns remain
        history = History(keep_days=loaded.settings.history_days)
        try:
            turns = len(history.turns(key, limit=1_000_000))
            history.delete_repo(key)
        except (sqlite3.Error, OSError) as exc:
            messages.warning(f"the history could not be cleared of this repository's turns ({exc})")
    aliases = len(loaded.settings.repo_aliases.get(key, {}))
    if aliases and not loaded.problem:
        kept = {r: dict(t) for r, t in loaded.settings.repo_aliases.items() if r != key}
        settings_store.save(dataclasses.replace(loaded.settings, repo_aliases=kept))
    if not turns and not aliases:
        return ""
    return f"Removed its {turns} turn(s) from the history and its {aliases} learned vocabulary alias(es)."


def first_use_line(repo: Path, settings: settings_store.Settings) -> str:
    """One line the first time `ask` or `chat` uses memory for `repo`: that notes are kept, where, how to see or stop.

    Shown once per repository, remembered in the file the desktop app's own note uses (under its own key),
    and not at all while the memory is off.
    """
    from app.core.memory_notes import first_time

    store = open_store(repo, settings)
    if store.mode == "off" or not first_time(f"cli:{repo}"):
        return ""
    where = store.location
    return (
        f"Memory: the agent keeps short notes about this repository in {where}; see them with "
        f"'{APP_NAME} memory show --repo {repo}', switch them off with "
        f"'{APP_NAME} memory mode --repo {repo} off'."
    )


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
        store = open_store(_repository(repo))
        files = store.files()
        print(f"{store.repository}: {store.total_chars():,} of {STORE_CAP:,} characters in {len(files)} file(s)")
        for f in files:
            print(f"  {f.path}  {f.chars:,} of {FILE_CAP:,} characters")
        return 0
    memories = list_repositories()
    if not memories:
        print("No repository has any memory yet.")
        return 0
    print(f"Limits: {FILE_CAP:,} characters a file, {STORE_CAP:,} a repository.")
    for memory in memories:
        name = str(memory.repository) if memory.repository else f"(unknown repository) {memory.key.name}"
        print(
            f"{name}: {memory.chars:,} of {STORE_CAP:,} characters in {memory.files} file(s), "
            f"largest {memory.largest:,} of {FILE_CAP:,}"
        )
    return 0


def _show(store: MemoryStore) -> int:
    reports = file_reports(store)
    held = store.pending()
    if held:
        print(
            f"{len(held)} line(s) the agent wrote wait for you to keep or discard: "
            f"{APP_NAME} memory pending --repo {store.repository}"
        )
    if not reports:
        print(f"No memory for {store.repository} yet.")
        return 0
    total = store.total_chars()
    print(f"Memory of {store.repository}: {total:,} of {STORE_CAP:,} characters in {len(reports)} file(s)")
    print(f"Folder: {store.location}")
    for r in reports:
        print()
        print(f"== {r.path} ({len(r.text):,} of {FILE_CAP:,} characters)")
        by = "you" if r.written_by == "person" else "the agent"
        commit = f" at commit {r.commit[:10]}" if r.commit else ""
        print(f"Written {_when(datetime.fromisoformat(r.written_at))} by {by}{commit}")
        if r.commits_since is not None:
            print(f"{r.commits_since:,} commit(s) since")
        if r.paths_missing:
            print(f"No longer exists: {', '.join(r.paths_missing)}")
        if r.paths_changed:
            print(f"Changed since: {', '.join(r.paths_changed)}")
        last_used = _when(datetime.fromisoformat(r.last_used)) if r.last_used else "never"
        print(f"Loaded in {r.loaded_count} session(s); used in {r.used_count}, last {last_used}")
        if r.flags:
            print("Flags: " + ", ".join(r.flags))
        for item in r.history:
            words = f': "{item.user_words}"' if item.user_words else ""
            session = f", session {item.session}" if item.session else ""
            print(f"  {item.command} by {item.by} {_when(datetime.fromisoformat(item.at))}{session}{words}")
        if not r.history:
            print("  (no journaled changes: written outside the app)")
        print("--")
        print(r.text.rstrip("\n"))
        stale = [line for line in r.lines if line["status"] in ("changed", "gone")]
        if stale:
            print("-- lines whose citations changed or no longer exist (check them before relying on them):")
            for line in stale:
                cited = ", ".join(c["path"] + (f" ({c['symbol']})" if c["symbol"] else "") for c in line["cites"])
                print(f"  {line['status']}: {line['text'].strip()}  [cites {cited}]")
        memory_lines.print_states(store, r.lines)
    return 0


def _show_json(store: MemoryStore) -> int:
    reports = file_reports(store)
    data = {
        "repository": str(store.repository),
        "folder": store.location,
        "key": str(store.key),
        "total_chars": sum(len(r.path) + len(r.text) for r in reports),
        "store_cap": STORE_CAP,
        "file_cap": FILE_CAP,
        "files": [r.as_json() for r in reports],
        "team": team_lines.team_json(store.repository or Path(store.location)),
        "pending": [pending_object(p) for p in store.pending()],  # also under their file's lines, when it exists
    }
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    print()
    return 0


def _pending(store: MemoryStore, *, as_json: bool) -> int:
    held = store.pending()
    if as_json:
        data = {"repository": str(store.repository), "pending": [pending_object(p) for p in held]}
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    if not held:
        print(f"Nothing waits for you in the memory of {store.repository}.")
        return 0
    print(f"{len(held)} line(s) the agent wrote wait for you; none is loaded into a session until you keep it.")
    for p in held:
        print()
        print(p.text.strip())
        words = f'; you said: "{p.user_words}"' if p.user_words else ""
        print(f"    for {p.path}, held because {p.reason}{words}")
    print()
    print(f'Keep one with: {APP_NAME} memory keep --repo {store.repository} "LINE" (or discard the same way)')
    return 0


def _settle(store: MemoryStore, line: str, *, keep: bool) -> int:
    try:
        done = store.keep(line) if keep else store.discard(line)
    except NotPending as exc:
        waiting = [p.text.strip() for p in store.pending()]
        hint = ("Waiting: " + " | ".join(waiting[:5])) if waiting else "Nothing is waiting."
        raise UserFacingError(str(exc), hint=hint) from exc
    for settled in done:
        print(f"{settled.message} {settled.line.text.strip()}")
    return 0 if all(s.kept for s in done) or not keep else 1


def _history(store: MemoryStore, file: str | None) -> int:
    problem = store.journal_problem()
    if problem:
        raise JournalError(problem)
    path = ""
    if file:
        spelled = file if file.startswith("/memories") else f"/memories/{file.lstrip('/')}"
        try:
            path = parse(spelled).text
        except PathRefused as exc:
            raise UserFacingError(f"{file} is not a memory file: {exc}") from exc
    changes = store.history(path)
    if not changes:
        print(f"No changes recorded for {path or store.repository}.")
        return 0
    for change in changes:
        _print_change(change)
    return 0


def _print_change(change: Change) -> None:
    item = history_item(change)
    who = "you" if change.by == "person" else "the agent"
    what = f"{change.command} {change.path}" + (f" (from {change.old_path})" if change.old_path else "")
    undoes = f" (undoes change #{change.undoes})" if change.undoes else ""
    print(f"#{change.op} {_when(change.at)} {what} by {who}{undoes}")
    if item.user_words:
        print(f'    words: "{item.user_words}"')
    if change.moves_only:
        return
    for label, value in (("old", change.old), ("new", change.new)):
        if value is None:
            print(f"    {label}: (no file)")
        else:
            lines = value.rstrip("\n").split("\n")
            print(f"    {label}: " + lines[0] + "".join(f"\n         {line}" for line in lines[1:]))


def _undo(store: MemoryStore) -> int:
    try:
        reverted = store.undo()
    except UndoRefused as exc:
        raise UserFacingError(str(exc)) from exc
    print(f"Undid the {reverted}.")
    return 0


def _mode(repo: Path, mode: str | None) -> int:
    loaded = settings_store.load()
    current = loaded.settings
    if mode is None:
        print(f"Memory of {repo}: {current.memory_mode_for(repo)}")
        return 0
    modes = {path: chosen for path, chosen in current.memory_modes.items() if path != str(repo)}
    chosen = as_memory_mode(mode) or current.memory_mode  # argparse's choices let only a mode through
    if chosen != current.memory_mode:
        modes[str(repo)] = chosen
    settings_store.save(dataclasses.replace(current, memory_modes=modes))
    meaning = {
        "on": "the agent loads and writes it",
        "read-only": "the agent loads it but cannot change it",
        "off": "the agent neither sees nor writes it",
    }[mode]
    print(f"Memory of {repo} is now {mode}: {meaning}. It takes effect in the next session.")
    return 0


def _forget(store: MemoryStore, *, assume_yes: bool) -> int:
    files = store.files()
    if not files and not store.exists():
        print(f"No memory for {store.repository}; nothing to forget.")
        # Without a memory there is nothing to confirm, so the history is only cleared when --yes said so.
        if assume_yes and store.repository is not None and (elsewhere := _forget_elsewhere(store.repository)):
            print(elsewhere)
        return 0
    if not assume_yes:
        if not sys.stdin.isatty():
            raise UserFacingError("Not forgetting without confirmation.", hint="Run it in a terminal, or add --yes.")
        print(
            f"Forget all {len(files)} memory file(s) of {store.repository}, their journal, and the repository's "
            "turns in the history and learned vocabulary aliases? "
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
    if store.repository is not None and (elsewhere := _forget_elsewhere(store.repository)):
        print(elsewhere)
    return 0
