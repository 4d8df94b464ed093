"""Scenario files: the shipped ones load, a broken one is one clear message naming file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.eval import scenario
from app.eval.record import RunRecord, SessionRecord, Turn
from app.eval.scenario import ScenarioError
from app.eval.scoring import find_phrase, judge

GOOD = """
name = "tiny"
title = "A tiny scenario"

[[steps]]
write = { "a.txt" = "hello" }

[[steps]]
commit = "start"
days_ago = 2

[[steps]]
session = "one"
say = ["hi"]

[[steps]]
session = "two"
say = ["again", "and again"]

[[scores]]
name = "says-hello"
description = "says hello"
rule = "answer_mentions"
session = "two"
all_of = [["hello"]]
"""


def _load(tmp_path: Path, text: str) -> scenario.Scenario:
    path = tmp_path / "tiny.toml"
    path.write_text(text, encoding="utf-8")
    return scenario.load(path)


def test_shipped_scenarios_load_and_each_has_two_sessions() -> None:
    found = scenario.available()
    assert [s.name for s in found] == [
        "friday-monday", "injected-rule", "rule-from-one-failure", "s1-deleted-file", "s2-moved-on",
        "s3-branch-state",
    ]  # fmt: skip
    for item in found:
        assert len(item.sessions) >= 2 and item.scores and item.source.name == f"{item.name}.toml"


def test_a_new_scenario_is_only_a_file(tmp_path: Path) -> None:
    loaded = _load(tmp_path, GOOD)
    assert [s.kind for s in loaded.steps] == ["write", "commit", "session", "session"]
    assert loaded.steps[1].days_ago == 2.0 and loaded.repository == "tiny"
    assert scenario.select(None, tmp_path)[0].name == "tiny"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('rule = "answer_mentions"', 'rule = "answer_contains"'), "unknown rule 'answer_contains'"),
        (('all_of = [["hello"]]', 'all_of = [["hello"]]\nextra = 1'), "unknown field extra"),
        (('session = "two"\nall_of', 'session = "three"\nall_of'), "no session named 'three'"),
        (('all_of = [["hello"]]', ""), "rule answer_mentions needs all_of"),
        (("days_ago = 2", "days_ago = -1"), "days_ago is a number of days"),
        (('write = { "a.txt" = "hello" }', 'write = { "../a.txt" = "hello" }'), "must be a plain path"),
        (('name = "tiny"', 'name = "Tiny Thing"'), "name must be lower-case"),
        (('[[steps]]\nsession = "two"\nsay = ["again", "and again"]\n', ""), "at least two sessions"),
        (('commit = "start"', 'commit = "start"\ngit = ["log"]'), "exactly one of"),
        (('title = "A tiny scenario"', 'title = "A tiny scenario'), "not valid TOML"),
    ],
)
def test_broken_scenarios_say_what_is_wrong(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(ScenarioError) as caught:
        _load(tmp_path, GOOD.replace(old, new, 1))
    assert str(caught.value).startswith("tiny.toml")
    assert message in str(caught.value)


def test_a_bad_pattern_is_caught_when_loading(tmp_path: Path) -> None:
    text = GOOD.replace('rule = "answer_mentions"', 'rule = "answer_avoids"').replace(
        'all_of = [["hello"]]', "patterns = ['(unclosed']"
    )
    with pytest.raises(ScenarioError, match="not a valid regular expression"):
        _load(tmp_path, text)


def test_phrases_match_whole_words_and_plain_quotes() -> None:
    assert find_phrase("It isn’t merged yet.", "isn't merged")
    assert find_phrase("switch invoice/cli.py next", "cli")
    assert not find_phrase("click the button", "cli")
    assert find_phrase("not\n  merged", "not merged")
    assert find_phrase("use --json please", "--json")


def test_the_scored_turn_is_the_one_named(tmp_path: Path) -> None:
    loaded = _load(tmp_path, GOOD.replace('session = "two"\nall_of', 'session = "two"\nturn = 0\nall_of'))
    record = RunRecord("tiny", 1, sessions=[
        SessionRecord("one", turns=[Turn("hi", "hello")]),
        SessionRecord("two", turns=[Turn("again", "hello there"), Turn("and again", "bye")]),
    ])  # fmt: skip
    assert judge(loaded.scores[0], record).passed
    last = _load(tmp_path, GOOD)
    result = judge(last.scores[0], record)
    assert not result.passed and result.reasons == ["the answer names none of: 'hello'"]


def test_state_lines_are_judged_by_the_evals_own_list(tmp_path: Path) -> None:
    text = GOOD.replace('rule = "answer_mentions"', 'rule = "memory_no_state"').replace('all_of = [["hello"]]', "")
    score = _load(tmp_path, text).scores[0]
    durable = "- 2026-11-27: halfway through renaming Parser to Reader; next: cli.py\n"
    saved = SessionRecord("two", turns=[Turn("again", "ok")], memory_before={"/memories/notes.md": durable},
                          memory_after={"/memories/notes.md": durable + "- tests: 3 failed, 12 passed\n"})  # fmt: skip
    result = judge(score, RunRecord("tiny", 1, sessions=[SessionRecord("one"), saved]))
    assert not result.passed
    (reason,) = result.reasons
    assert reason == "two saved a state line: «- tests: 3 failed, 12 passed» (a test or build count)"
    clean = SessionRecord("two", turns=[Turn("again", "ok")], memory_after={"/memories/notes.md": durable})
    assert judge(score, RunRecord("tiny", 1, sessions=[clean])).passed  # the line was new, and it is a dated plan


def test_a_failing_setup_step_fails_that_run_only(tmp_path: Path) -> None:
    import anthropic

    from app.core.settings import Settings
    from app.eval.runner import Runner

    bad_step = 'git = ["checkout", "-q", "no-such-branch"]'
    broken = _load(tmp_path, GOOD.replace('commit = "start"\ndays_ago = 2', bad_step))
    client = anthropic.Anthropic(api_key="sk-ant-test-unused", base_url="http://127.0.0.1:9", max_retries=0)
    lines: list[str] = []
    outcome = Runner(Settings(), client, progress=lines.append).run([broken], 2)
    assert [r.status for r in outcome.runs] == ["error", "error"]
    assert outcome.runs[0].error.startswith("setup: git checkout -q no-such-branch failed: ")
    assert outcome.runs[0].sessions == [] and not outcome.interrupted
    assert any("tiny run 2/2: failed: setup: git checkout" in line for line in lines)
