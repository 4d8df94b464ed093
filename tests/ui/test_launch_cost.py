"""What the tray app loads at launch: nothing of a feature that is off (each costs resident memory all day)."""

from __future__ import annotations

from tests.fresh_process import run_python

_PROBE = """
import sys
import app.ui.application
print("psycopg" in sys.modules)
"""


def test_the_tray_app_loads_no_postgresql_driver_at_launch() -> None:
    # The memory window's team box brought psycopg with the app's modules: 10 MB resident without a team server.
    done = run_python(_PROBE, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


_SDK_PREPARED = """
import linecache, os
import app.ui.application  # the tray app's modules, Qt first, as at launch: Qt's import hook is in place
from app.core.settings import Settings
from app.ui.agent_worker import AgentWorker

worker = AgentWorker()
worker.start_session(None, Settings(prepare_while_speaking=True))  # the launch's SDK preparation, here at once
assert worker.prepared
print(sum(f"{os.sep}anthropic{os.sep}" in name for name in linecache.cache))
"""


def test_the_sdk_prepared_at_launch_leaves_no_source_text_behind() -> None:
    # Qt's import hook read the source of each SDK module imported after it, and Python kept every line:
    # 3,269 SDK files (and 26 MB resident more for the SDK's import) all day.
    done = run_python(_SDK_PREPARED)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"


_SDK_IMPORT_COST = """
import sys
from app.core import heap
if sys.argv[1] == "tray":
    import app.ui.application  # the tray app's modules, Qt first, as at launch: Qt's import hook is in place
    from app.ui import import_hook
    import_hook.read_sources_without_keeping()  # as app.ui.desktop_start does before the workers start
before = heap.resident_mb()
import anthropic
print(heap.resident_mb() - before)
"""


def test_the_tray_imports_the_sdk_as_lightly_as_a_process_without_qt() -> None:
    # Qt's import hook made Python keep the source of each of the SDK's 3,300 modules; freed later, the
    # lines left their memory behind among the modules': 82 MB for the import against 65 MB without Qt (56 MB
    # in the tray with the check that keeps nothing: some of the SDK's dependencies are in the tray already).
    def import_cost(kind: str) -> float:
        done = run_python(_SDK_IMPORT_COST, kind)
        assert done.returncode == 0, done.stderr
        return float(done.stdout.strip().splitlines()[-1])

    tray, plain = import_cost("tray"), import_cost("plain")
    assert tray < plain + 5, f"the SDK's import cost the tray {tray:.0f} MB, a process without Qt {plain:.0f} MB"
