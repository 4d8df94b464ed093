"""`python -m app context [--json]`: what the running app last heard from an editor (to check a plugin works).

It asks the running app over its local socket; without one, one line says so (exit 2); when no
editor has reported since the app started, that is said too (exit 1).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from app import APP_DISPLAY_NAME
from app.core import instance, launch, messages


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "context",
        help="print the last editor context the running app received",
        description="What an editor plugin last reported to the running app: the file, cursor, selection and "
        "diagnostics a question would carry (when fresh and from the active repository).",
    )
    parser.add_argument("--json", action="store_true", help="print it as JSON, as the app holds it")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    reply = instance.send({"context": "latest"}, limit=instance.CONTEXT_REPLY_LIMIT)
    if reply is None:
        messages.error(f"{APP_DISPLAY_NAME} is not running: start it first ({launch.command_line()}).", speak=False)
        return 2
    if not reply.ok:
        print(reply.text, file=sys.stderr)
        return 2
    try:
        described = json.loads(reply.text)
        context = described["context"]
    except (ValueError, KeyError, TypeError):
        print("The running app gave an answer this version does not understand.", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(described, indent=2, ensure_ascii=False))
        return 0 if context else 1
    if not context:
        print(f"{APP_DISPLAY_NAME} is running, but no editor has reported since it started.", file=sys.stderr)
        return 1
    print(describe(described))
    return 0


def describe(described: dict[str, Any]) -> str:
    c = described["context"]
    lines = [
        f"{c['editor']}: {c['path']} line {c['line']}, column {c['column']}",
        f"  repository: {c['root']}",
        f"  received:   {described.get('received', '?')} ({described.get('age_seconds', '?')} s ago)",
    ]
    if c.get("visible"):
        lines.append(f"  on screen:  lines {c['visible'][0]}-{c['visible'][1]}")
    if c.get("selection"):
        count = c["selection"].count("\n") + 1
        lines.append(f"  selected:   {len(c['selection'])} characters on {count} line{'s' if count != 1 else ''}")
    for d in c.get("diagnostics") or []:
        source = f" ({d['source']})" if d["source"] else ""
        lines.append(f"  {d['severity']} line {d['line']}: {d['message']}{source}")
    return "\n".join(lines)
