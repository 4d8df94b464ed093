"""What a reply sounds like: Markdown into words worth saying, and a token stream into sentences."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.voice.speech_text import CODE_NOTE, SentenceSplitter, SpeechStream, to_speech

REPLY = """# Build status

The build fails in `src/reviewbot/orchestrator.py` because **ReviewOrchestrator** imports `ChangedFile`.
See https://example.com/ci/123 for the log, or [the docs](https://docs.example.com/x).

```python
from reviewbot.models import ChangedFile, Finding
```

- Run `pytest -k orchestrator`, e.g. with v1.2.3 installed.
- Then rename `changed_file` in `parse_diff()`.

| test | result |
|---|---|
| test_fixme | failed |

```
second block
```
Done. It costs 3.5 seconds, i.e. nothing."""


def test_markdown_becomes_plain_words() -> None:
    spoken = to_speech(REPLY)
    for noise in ("#", "*", "`", "|", "```", "http", "example.com", "src/", "def ", "from reviewbot"):
        assert noise not in spoken, noise
    assert spoken.count(CODE_NOTE) == 1  # two code blocks and a table: said once
    assert "Build status." in spoken
    assert "orchestrator.py because Review Orchestrator imports Changed File." in spoken
    assert "See the link for the log, or the docs." in spoken
    assert "Run pytest -k orchestrator, for example with version 1.2.3 installed." in spoken
    assert "rename changed file in parse diff." in spoken
    assert "3.5 seconds, that is nothing." in spoken


@pytest.mark.parametrize(
    "markdown, spoken",
    [
        ("Use `HTTPServer` now.", "Use HTTP Server now."),
        ("Edit `a/b/c/settings_window.py`.", "Edit settings window.py."),
        ("Read and/or write.", "Read and/or write."),
        ("> quoted *text* here", "quoted text here"),
        ("1. first\n2. second", "first. second."),
        ("- [x] done item", "done item."),
        ("***", ""),
        ("<b>bold</b> move", "bold move"),
    ],
)
def test_spoken_forms(markdown: str, spoken: str) -> None:
    assert to_speech(markdown) == spoken


def _split(text: str, step: int) -> list[str]:
    splitter = SentenceSplitter()
    out: list[str] = []
    for i in range(0, len(text), step):
        out += splitter.push(text[i : i + step])
    return out + splitter.flush()


@pytest.mark.parametrize("step", [1, 3, 7, 1000])
def test_sentences_end_where_a_reader_would_stop(step: int) -> None:
    text = (
        "Open src/app.py first, e.g. with vim. Version v1.2 costs 3.5 dollars! Does it work? "
        "Yes.\n\n- one item\n- two items"
    )
    assert _split(text, step) == [
        "Open src/app.py first, e.g. with vim.",
        "Version v1.2 costs 3.5 dollars!",
        "Does it work?",
        "Yes.",
        "- one item",
        "- two items",
    ]


@pytest.mark.parametrize("step", [1, 4, 1000])
def test_a_code_block_stays_whole_and_is_noted_once(step: int) -> None:
    stream = SpeechStream()
    out: list[str] = []
    for i in range(0, len(REPLY), step):
        out += stream.push(REPLY[i : i + step])
    out += stream.flush()
    assert out.count(CODE_NOTE) == 1
    assert out[0] == "Build status."
    assert out[-2:] == ["Done.", "It costs 3.5 seconds, that is nothing."]
    assert not any("`" in s or "from reviewbot" in s or "second block" in s for s in out)


def test_a_sentence_is_ready_before_the_reply_ends() -> None:
    splitter = SentenceSplitter()
    assert splitter.push("The build is red") == []
    assert splitter.push(".") == []  # "red.dll"? the period alone is not yet an end
    assert splitter.push(" Two tests") == ["The build is red."]
    assert splitter.flush() == ["Two tests"]


def test_a_long_run_without_punctuation_is_cut() -> None:
    text = "word, " * 100
    sentences = _split(text, 5)
    assert len(sentences) > 1 and all(len(s) <= 290 for s in sentences)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab .!?\n`-#1e.g")), max_size=200), st.integers(1, 20))
def test_no_text_is_lost_or_invented(text: str, step: int) -> None:
    joined = "".join(_split(text, step))
    assert re.sub(r"\s", "", joined) == re.sub(r"\s", "", text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_can_be_spoken(text: str) -> None:
    assert isinstance(to_speech(text), str)


def test_the_opening_words_of_a_streaming_sentence_can_go_first() -> None:
    # Nothing plays yet: the speaker says the first words while the sentence still streams.
    stream = SpeechStream()
    assert stream.push("The build is red because the orch") == []
    assert stream.head(5) == ["The build is red because"]
    assert stream.head(5) == []  # " the orch": not five more words yet
    assert stream.push("estrator fails. Next") == ["the orchestrator fails."]
    assert stream.flush() == ["Next"]


@pytest.mark.parametrize(
    "start",
    [
        "The build is red",
        "The build is red because",
        "- The build is red because two",
        "# The build is red now again",
        "The `build` is red because two",
        "The **build** is red because two",
        "1. The build is red because two",
    ],
)
def test_no_opening_words_go_first_unless_plain_and_complete(start: str) -> None:
    splitter = SentenceSplitter()
    splitter.push(start)
    assert splitter.head(5) == []


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab .!?\n`-#1e.g,'")), max_size=200), st.integers(1, 20))
def test_opening_words_lose_or_invent_no_text(text: str, step: int) -> None:
    splitter = SentenceSplitter()
    out: list[str] = []
    for i in range(0, len(text), step):
        out += splitter.push(text[i : i + step]) or splitter.head(5)
    joined = "".join(out + splitter.flush())
    assert re.sub(r"\s", "", joined) == re.sub(r"\s", "", text)
