"""A memory's names read line by line are the names of the whole text: the session start reads each line once."""

from __future__ import annotations

from pathlib import Path

from app.core.memory.names import merged, named_in

ROOT = Path(__file__).resolve().parents[3]
NOTE = """# Build
- The parser in src/parsers/module3.py is built by `load_config` and ParserModule3, by design.
- See https://example.com/docs/src/guide.md for the old layout; Parser.cs moved to src/Core/Parser.cs.
- Prefer pytest -x; CS1591 is noise. README.md explains `make_client` and the CONFIG_PATH setting.
"""


def test_the_names_of_a_text_are_those_of_its_lines() -> None:
    texts = [NOTE, *(p.read_text(encoding="utf-8") for p in sorted((ROOT / "app" / "core" / "memory").glob("*.py")))]
    for text in texts:
        whole, by_line = named_in(text), merged(named_in(line) for line in text.split("\n"))
        assert whole.paths == by_line.paths
        assert sorted(whole.identifiers) == sorted(by_line.identifiers)
    found = named_in(NOTE)
    assert found.paths == ("src/parsers/module3.py", "Parser.cs", "src/Core/Parser.cs", "README.md")
    assert "example.com" not in " ".join(found.paths)  # a URL names no repository path
    assert {"load_config", "ParserModule3", "make_client", "CONFIG_PATH"} <= set(found.identifiers)
