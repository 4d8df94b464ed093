"""A second process for the concurrency test: inserts a line, then marks it done, `count` times.

Usage: python -m tests.core.memory.contender FOLDER TAG COUNT GO_FILE
Prints one line per command that completed successfully, so the test knows what must survive.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from app.core.memory import MemoryStore


def main() -> int:
    folder, tag, count, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
    store = MemoryStore(folder)
    while not go.exists():  # start together with the other process
        time.sleep(0.001)
    failures = 0
    for i in range(count):
        line = f"{tag}{i}"
        inserted = store.execute(
            {"command": "insert", "path": "/memories/shared.md", "insert_line": 0, "insert_text": f"{line}?"}
        )
        if inserted.is_error:
            failures += 1
            print(f"FAIL insert {line}: {inserted.text}", flush=True)
            continue
        replaced = store.execute(
            {"command": "str_replace", "path": "/memories/shared.md", "old_str": f"{line}?\n", "new_str": f"{line}!\n"}
        )
        if replaced.is_error:
            failures += 1
            print(f"FAIL replace {line}: {replaced.text}", flush=True)
            continue
        print(f"done {line}", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
