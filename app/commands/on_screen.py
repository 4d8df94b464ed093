"""What the agent put on screen, as terminal text: the page a panel would show, for `ask` and `chat`."""

from __future__ import annotations


def page_text(title: str | None, markdown: str) -> str:
    """One page framed so it stands apart from the spoken reply around it."""
    heading = f"## {title}\n\n" if title else ""
    return f"---- on screen ----\n{heading}{markdown.rstrip()}\n-------------------"
