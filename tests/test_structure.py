"""The shape of the code base: no module imports itself round a ring; the size hint is printed, not enforced."""

from __future__ import annotations

from pathlib import Path

from tests.structure import cycles, import_graph, modules


def test_the_app_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 100, "the app's modules were not found"
    found = cycles(graph)
    assert not found, "import cycles (put the wiring in the composition root, shared helpers in their own module): " + (
        "; ".join(" -> ".join(ring) for ring in found)
    )


def write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_a_cycle_is_found_and_named_also_through_deferred_and_type_checking_imports(tmp_path: Path) -> None:
    root = tmp_path / "app"
    write(root, "__init__.py", "")
    write(root, "ui/__init__.py", "")
    write(root, "ui/panel.py", "from app.ui.notice import Notice\n")
    notice = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.ui.panel import Panel\n"
    write(root, "ui/notice.py", notice)
    write(root, "bench/__init__.py", "")
    write(root, "bench/fake.py", "def start():\n    from . import http\n")
    write(root, "bench/http.py", "from app.bench import fake\n")
    write(root, "bench/alone.py", "import app.bench.fake\n")
    assert set(modules(root)) == {
        "app",
        "app.ui",
        "app.ui.panel",
        "app.ui.notice",
        "app.bench",
        "app.bench.fake",
        "app.bench.http",
        "app.bench.alone",
    }
    rings = cycles(import_graph(root))
    assert sorted(rings) == [
        ["app.bench.fake", "app.bench.http", "app.bench.fake"],
        ["app.ui.notice", "app.ui.panel", "app.ui.notice"],
    ]


def test_importing_a_submodule_through_its_package_is_not_a_cycle(tmp_path: Path) -> None:
    root = tmp_path / "app"
    write(root, "__init__.py", "")
    write(root, "memory/__init__.py", "from app.memory.store import Store\n")
    write(root, "memory/store.py", "from app.memory import limits\n")
    write(root, "memory/limits.py", "CAP = 1\n")
    assert cycles(import_graph(root)) == []


def test_status_colours_are_spelled_in_one_place() -> None:
    """A window's red, green and amber come from app/ui/colours.py (the tray icon's own artwork aside)."""
    import re

    allowed = {"app.ui.colours", "app.ui.icons"}
    literal = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\b(?!\w)")
    found = [
        f"{name}:{number}"
        for name, path in modules().items()
        if name.startswith("app.ui.") and name not in allowed
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if literal.search(line.split("  #")[0])
    ]
    assert not found, "colour literals outside app/ui/colours.py: " + ", ".join(found)
