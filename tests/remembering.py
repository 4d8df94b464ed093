"""A scripted model that saves to its memory what the person asks it to remember, and a line of state.

Asked "remember that X", it writes "- X" to /memories/notes.md; asked anything else, it writes
`STATE_LINE` on its own initiative. After the tool's result it answers "Okay.", never repeating the
refusal: what a person is told about a refused line comes from the app, not from the model's wording.
"""

from __future__ import annotations

import re

from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply, text, tool_use

STATE_LINE = "12 tests are failing in the payments suite, keep an eye on them"


def writes_what_is_asked(request: RecordedRequest) -> Reply:
    last = request.body["messages"][-1]["content"]
    if isinstance(last, list) and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in last):
        return text("Okay.")
    words = " ".join(b["text"] for b in last if b.get("type") == "text") if isinstance(last, list) else last
    asked = re.search(r"remember that (.+?)\.?$", words, re.IGNORECASE)
    line = asked.group(1) if asked else STATE_LINE
    return tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": f"- {line}\n"})
