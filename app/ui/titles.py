"""Window titles: what the window is, then the app's display name, spelled once in `app.APP_DISPLAY_NAME`.

The application also sets that name as its display name (dialogs and the desktop use
it). On X11, Wayland and Windows Qt appends the display name to every window title
that does not already end with it; macOS appends nothing. Ending every title with
the name gives the same title everywhere, and never the name twice.
"""

from __future__ import annotations

from app import APP_DISPLAY_NAME

SEPARATOR = " — "  # the separator Qt itself puts before the display name


def window_title(what: str = "") -> str:
    """`Settings — Voice Dev Agent`; the bare name for the app's own window."""
    what = what.strip()
    if not what:
        return APP_DISPLAY_NAME
    if what.endswith(APP_DISPLAY_NAME):  # already says it (Qt would not append it either)
        return what
    return f"{what}{SEPARATOR}{APP_DISPLAY_NAME}"
