"""docs/ARCHITECTURE.md keeps up with the code: every folder of app/ is named in it, and nothing it names is gone."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"
DOC = ROOT / "docs" / "ARCHITECTURE.md"

APP_PATH = re.compile(r"\bapp/[\w/.-]*\w/?")  # app/core/memory/, app/core/dir_lock.py
DOTTED = re.compile(r"\bapp(?:\.\w+)+")  # app.voice.hotkey.HotkeyListener
FILE_NAME = re.compile(r"`(\w+\.py)\b")  # `session.py`, also as in `prompt.py` (`system_blocks`)


def folders() -> list[str]:
    """Every folder under app/ that holds Python files, as the doc should spell it: `app/core/memory/`."""
    found = {path.parent for path in APP.rglob("*.py") if "__pycache__" not in path.parts}
    return sorted(f"{folder.relative_to(ROOT).as_posix()}/" for folder in found)


def defines(module: Path, name: str) -> bool:
    """Whether `name` is a top-level function, class or assignment of the module (or one of its submodules)."""
    if module.is_dir():
        if (module / f"{name}.py").is_file() or (module / name / "__init__.py").is_file():
            return True
        module = module / "__init__.py"
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.name == name:
            return True
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == name for a in node.names):
            return True
    return False


def missing_references(text: str) -> list[str]:
    """Paths, dotted names and file names the doc gives that the code no longer has."""
    gone: list[str] = []
    for path in sorted(set(APP_PATH.findall(text))):
        if not (ROOT / path).exists():
            gone.append(path)
    for dotted in sorted(set(DOTTED.findall(text))):
        parts = dotted.split(".")
        # The longest prefix that is a module or a package; what follows must be defined in it.
        for cut in range(len(parts), 0, -1):
            base = ROOT.joinpath(*parts[:cut])
            if base.with_suffix(".py").is_file() or (base / "__init__.py").is_file():
                module = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base
                rest = parts[cut:]
                if rest and not defines(module, rest[0]):
                    gone.append(dotted)
                break
        else:
            gone.append(dotted)
    known = {path.name for path in APP.rglob("*.py")} | {path.name for path in (ROOT / "tests").rglob("*.py")}
    gone += sorted({name for name in FILE_NAME.findall(text) if name not in known})
    return gone


def unnamed_folders(text: str) -> list[str]:
    return [folder for folder in folders() if folder not in text]


def test_every_folder_of_the_app_is_named() -> None:
    unnamed = unnamed_folders(DOC.read_text(encoding="utf-8"))
    assert not unnamed, f"docs/ARCHITECTURE.md does not name these folders (say what each is for): {unnamed}"


def test_nothing_the_doc_names_is_gone() -> None:
    gone = missing_references(DOC.read_text(encoding="utf-8"))
    assert not gone, f"docs/ARCHITECTURE.md names what the code no longer has (update the doc): {gone}"


def test_the_checks_catch_a_gone_module_and_an_unnamed_folder() -> None:
    """The checks themselves: a renamed module, a removed function and a folder left out are all caught."""
    assert missing_references("see `app/core/memory/gone_module.py` and app.core.memory.store.no_such_thing") == [
        "app/core/memory/gone_module.py",
        "app.core.memory.store.no_such_thing",
    ]
    assert missing_references("`vanished_helper.py`, `app/core/memory/` and app.core.memory.store.MemoryStore") == [
        "vanished_helper.py"
    ]
    assert "app/core/memory/" in folders()
    without = DOC.read_text(encoding="utf-8").replace("app/core/memory/", "app/core/")
    assert "app/core/memory/" in unnamed_folders(without)
