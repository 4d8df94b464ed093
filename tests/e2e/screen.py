"""Save a screenshot of the whole X screen and describe one rectangle of it.

Run in its own process (`python -m tests.e2e.screen OUT.png X Y W H`) because the test
process may already use Qt's offscreen platform. Prints one JSON object: the screen's
size and how many distinct colours the rectangle holds (rendered text has many; an
empty or unpainted area has one or two).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    os.environ["QT_QPA_PLATFORM"] = "xcb"
    from PySide6.QtGui import QGuiApplication

    out, (x, y, w, h) = Path(argv[0]), (int(v) for v in argv[1:5])
    app = QGuiApplication([])
    image = app.primaryScreen().grabWindow(0).toImage()
    out.parent.mkdir(parents=True, exist_ok=True)
    saved = image.save(str(out))
    colours = {
        image.pixel(px, py)
        for py in range(max(0, y), min(image.height(), y + h), 2)
        for px in range(max(0, x), min(image.width(), x + w), 2)
    }
    print(json.dumps({"saved": saved, "width": image.width(), "height": image.height(), "colours": len(colours)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
