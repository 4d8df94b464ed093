"""Windows as the X server and its window manager have them: a client's frame, the work area, the tray.

What a person sees is the window manager's frame (title bar and borders) around the app's window,
placed within the work area (the screen less the taskbar). Qt's own idea of both can lag or differ,
so the desktop tests read them from X with xwininfo, xprop and xdotool, on the display `env` names.
"""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    x: int
    y: int
    width: int
    height: int

    def within(self, area: Box) -> bool:
        return (
            self.x >= area.x
            and self.y >= area.y
            and self.x + self.width <= area.x + area.width
            and self.y + self.height <= area.y + area.height
        )

    def __str__(self) -> str:
        return f"{self.width}x{self.height}+{self.x}+{self.y}"


class X:
    """One X display, asked through its command-line tools."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env

    def _run(self, *args: str) -> str:
        return subprocess.run(args, capture_output=True, text=True, timeout=10, env=self.env, check=False).stdout

    def box(self, window: int) -> Box:
        out = self._run("xwininfo", "-id", str(window))

        def number(label: str) -> int:
            found = re.search(label + r":\s+(-?\d+)", out)
            assert found, f"xwininfo said nothing of {label} for window {window}: {out!r}"
            return int(found.group(1))

        return Box(number("Absolute upper-left X"), number("Absolute upper-left Y"), number("Width"), number("Height"))

    def viewable(self, window: int) -> bool:
        return "IsViewable" in self._run("xwininfo", "-id", str(window))

    def frame(self, window: int) -> int:
        """The window manager's frame around `window`: its ancestor just below the root window."""
        while True:
            out = self._run("xwininfo", "-id", str(window), "-tree")
            parent = re.search(r"Parent window id: (0x[0-9a-f]+)( \(the root window\))?", out)
            assert parent, f"no parent for window {window}: {out!r}"
            if parent.group(2):
                return window
            window = int(parent.group(1), 16)

    def work_area(self) -> Box:
        """The desktop less the window manager's panels (_NET_WORKAREA of the first desktop)."""
        out = self._run("xprop", "-root", "_NET_WORKAREA")
        values = [int(v) for v in re.findall(r"\d+", out.split("=", 1)[-1])[:4]]
        assert len(values) == 4, f"the window manager names no work area: {out!r}"
        return Box(*values)

    def windows_of(self, pid: int) -> list[int]:
        return [int(w) for w in self._run("xdotool", "search", "--pid", str(pid)).split()]

    def name(self, window: int) -> str:
        return self._run("xdotool", "getwindowname", str(window)).strip()

    def click(self, x: int, y: int, button: int = 1) -> None:
        self._run("xdotool", "mousemove", str(x), str(y), "click", str(button))

    def key(self, window: int, keys: str) -> None:
        self._run("xdotool", "windowactivate", "--sync", str(window))
        self._run("xdotool", "key", keys)  # typed (XTEST), as a person's keys arrive; not sent to the window

    def wait_window(self, pid: int, test: Callable[[int], bool], what: str, timeout: float = 15) -> int:
        """The first viewable window of `pid` for which `test(window)` holds; AssertionError after `timeout`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for window in self.windows_of(pid):
                if self.viewable(window) and test(window):
                    return window
            time.sleep(0.2)
        raise AssertionError(f"no {what} appeared within {timeout:.0f} s")
