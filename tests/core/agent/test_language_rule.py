"""The answer's language is a rule of the frozen system prompt: questions in two languages, one cached prompt."""

from __future__ import annotations

import json
from pathlib import Path

import anthropic

from app.bench.fakeapi import FakeAPI
from app.bench.fakecache import CacheModel
from app.bench.fakereplies import text, tool_use
from app.core.agent import prompt
from app.core.agent.events import TurnEnded
from app.core.agent.session import Session
from app.core.settings import Settings


def test_a_german_question_after_an_english_one_reads_the_same_cached_system_prompt(repo: Path) -> None:
    with FakeAPI(cache=CacheModel()) as fake:
        client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)
        fake.script(
            text("It returns hello."),
            tool_use("read_file", {"path": "src/app.py"}),
            text("Die Funktion main in src/app.py gibt hello zurück."),
        )
        session = Session(repo, Settings(), client=client)
        assert isinstance(session.run_turn("What does main return?"), TurnEnded)
        assert isinstance(session.run_turn("Was gibt die Funktion main in src/app.py zurück?"), TurnEnded)
        requests = fake.requests
    assert len(requests) == 3 and not fake.problems
    systems = {json.dumps(r.body["system"]) for r in requests}
    assert len(systems) == 1, "the system prompt changed when the question's language did"
    first_block = requests[0].body["system"][0]["text"]
    assert prompt.LANGUAGE_RULE in first_block
    assert "Answer in the language of the developer's question" in first_block
    assert "Keep identifiers, file paths, commands and error messages exactly as they are written" in first_block
    # The German turn's requests read tools and system from the cache the English turn wrote.
    for german in requests[1:]:
        assert german.cache is not None and german.cache.warm
        assert german.cache.usage["cache_read_input_tokens"] > 0
    # Nothing about the language went into the German question itself: it is the person's words.
    german_question = requests[1].body["messages"][-1]["content"]
    assert "language" not in json.dumps(german_question).lower()
