"""A decode that loops stops at the length the speech could have, and the fallback tries again.

On main a loop ran to CTranslate2's 224 tokens before faster-whisper judged it: en+f3's "Again."
took 1.1 s to come out right, where a short question takes 0.2 s. The decodes are watched by
a spy that hands every call to the real model and notes how many tokens each hypothesis had.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from app.bench.speech import padded
from app.voice import SAMPLE_RATE
from app.voice.fallback import BoundedWhisperModel, generated_at_most, generation_length
from app.voice.transcriber import PLAIN_MIN_TOKENS, PLAIN_TOKENS_PER_SECOND, Transcriber, read_audio
from tests.voice.audio_fixtures import speech, wav, words


@dataclass
class _Call:
    temperature: float
    max_length: int
    prompt: int
    lengths: list[int]


@dataclass
class _Spy:
    """Stands in for CTranslate2's Whisper on the loaded model: every call goes to the real one."""

    inner: Any
    calls: list[_Call] = field(default_factory=list)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def generate(self, features: Any, prompts: list[list[int]], **options: Any) -> Any:
        results = self.inner.generate(features, prompts, **options)
        sampled = options.get("beam_size") == 1
        self.calls.append(
            _Call(
                options.get("sampling_temperature", 0.0) if sampled else 0.0,
                options["max_length"],
                len(prompts[0]),
                [len(ids) for ids in results[0].sequences_ids],
            )
        )
        return results


@pytest.fixture
def spy(transcriber: Transcriber) -> Iterator[_Spy]:
    model = transcriber._model
    watched = _Spy(model.model)
    model.model = watched
    try:
        yield watched
    finally:
        model.model = watched.inner


@pytest.mark.slow
def test_a_question_whisper_loops_on_is_retried_at_its_budget_not_at_the_model_limit(
    transcriber: Transcriber, spy: _Spy
) -> None:
    # en+f3's "Again." loops at temperature 0 on this machine kind: 224 tokens on main, then the
    # retry at 0.4 hears it right. Bounded, the loop stops at the budget and the retry comes at once.
    samples = padded(read_audio(wav("Again.", voice="en+f3")), 0.3)
    heard = transcriber.transcribe(samples)
    assert words(heard) == {"again"}, heard
    seconds = (samples.size / SAMPLE_RATE) + 0.6  # the transcriber's SETTLE is decoded too
    budget = PLAIN_MIN_TOKENS + int(PLAIN_TOKENS_PER_SECOND * seconds)
    assert spy.calls and all(max(call.lengths) <= budget for call in spy.calls), (budget, spy.calls)
    assert sum(max(call.lengths) for call in spy.calls) < 224, spy.calls  # main's loop alone was 224


@pytest.mark.slow
def test_the_budget_asked_of_ctranslate2_is_the_budget_it_generates(transcriber: Transcriber, spy: _Spy) -> None:
    # CTranslate2 generates at most half the max_length it is given; a budget of 5 tokens for a
    # sentence of nine words is used up at every temperature, so each try runs away and is retried.
    model = transcriber._model
    segments, _info = model.transcribe(
        speech("Please run the tests and show me the first error."),
        language="en",
        temperature=[0.0, 0.4, 0.8],
        max_new_tokens=5,
        condition_on_previous_text=False,
    )
    list(segments)
    assert [call.temperature for call in spy.calls[:3]] == [0.0, 0.4, 0.8], spy.calls
    for call in spy.calls[:3]:
        assert call.max_length == generation_length(call.prompt, 5, model.max_length), call
        assert max(call.lengths) == 5 == generated_at_most(call.prompt, call.max_length), call


# The fallback's choices, on scripted hypotheses (tokens are word numbers; the tokenizer spells them).


@dataclass
class _Result:
    sequences_ids: list[list[int]]
    scores: list[float]
    no_speech_prob: float = 0.01


class _Scripted:
    """A Whisper that answers each temperature with a scripted result and notes what it was asked."""

    def __init__(self, answers: dict[float, _Result]) -> None:
        self.answers = answers
        self.asked: list[float] = []

    def generate(self, _features: Any, _prompts: list[list[int]], **options: Any) -> list[_Result]:
        temperature = options.get("sampling_temperature", 0.0) if options.get("beam_size") == 1 else 0.0
        self.asked.append(temperature)
        return [self.answers[temperature]]


def _model(answers: dict[float, _Result]) -> BoundedWhisperModel:
    model = BoundedWhisperModel.__new__(BoundedWhisperModel)  # the fallback needs no weights
    model.model = _Scripted(answers)
    model.max_length = 448
    model.time_precision = 0.02
    return model


_TOKENIZER = SimpleNamespace(decode=lambda tokens: " ".join(f"w{t % 7}" for t in tokens))


def _options(budget: int | None = 10) -> SimpleNamespace:
    return SimpleNamespace(
        max_new_tokens=budget,
        temperatures=[0.0, 0.4, 0.8],
        best_of=5,
        beam_size=5,
        patience=1.0,
        length_penalty=1.0,
        repetition_penalty=1.0,
        no_repeat_ngram_size=0,
        suppress_blank=True,
        suppress_tokens=[-1],
        max_initial_timestamp=1.0,
        compression_ratio_threshold=2.4,
        log_prob_threshold=-1.0,
        no_speech_threshold=0.6,
    )


def _decode(model: BoundedWhisperModel, budget: int | None = 10) -> tuple[list[int], float, float]:
    result, avg_logprob, temperature, _ratio = model.generate_with_fallback(None, [1], _TOKENIZER, _options(budget))
    return result.sequences_ids[0], avg_logprob, temperature


def test_a_decode_that_uses_its_budget_is_retried_and_the_best_sample_that_ended_is_taken() -> None:
    ran_away = list(range(10))  # the whole budget of 10
    model = _model({0.0: _Result([ran_away], [-0.1]), 0.4: _Result([ran_away, [3, 4, 5], [3, 4]], [-0.2, -0.3, -0.4])})
    tokens, _logprob, temperature = _decode(model)
    assert model.model.asked == [0.0, 0.4]
    assert (tokens, temperature) == ([3, 4, 5], 0.4)


def test_when_every_temperature_fails_a_runaway_is_chosen_last() -> None:
    ran_away = list(range(10))
    unsure = [3, 4, 5]
    model = _model(
        {
            0.0: _Result([ran_away], [-0.1]),  # the most probable, but it never ended
            0.4: _Result([unsure], [-1.6]),
            0.8: _Result([ran_away], [-0.2]),
        }
    )
    tokens, logprob, temperature = _decode(model)
    assert model.model.asked == [0.0, 0.4, 0.8]
    assert tokens == unsure and logprob < -1.0
    assert temperature == 0.8  # the last one tried, as faster-whisper reports it


def test_an_unsure_decode_of_silence_is_not_retried() -> None:
    model = _model({0.0: _Result([[3, 4]], [-2.0], no_speech_prob=0.9)})
    _decode(model)
    assert model.model.asked == [0.0]


def test_without_a_budget_the_decode_is_faster_whispers_own(monkeypatch: pytest.MonkeyPatch) -> None:
    from faster_whisper import WhisperModel

    called: list[bool] = []

    def unbounded(*_args: Any) -> Any:
        called.append(True)
        return _Result([[1]], [-0.1]), -0.05, 0.0, 1.0

    monkeypatch.setattr(WhisperModel, "generate_with_fallback", unbounded)
    model = _model({0.0: _Result([list(range(30))], [-0.1])})
    _decode(model, budget=None)
    assert called == [True] and model.model.asked == []


def test_the_length_asked_for_gives_the_budget_within_the_models_limit() -> None:
    for prompt, budget in [(1, 20), (1, 200), (60, 20), (100, 200)]:
        total = generation_length(prompt, budget, 448)
        assert generated_at_most(prompt, total) == budget, (prompt, budget)
    # Past the model's length the limit is the model's: CTranslate2 keeps half of it for the prompt.
    assert generated_at_most(1, generation_length(1, 300, 448)) == 224
    assert generated_at_most(400, generation_length(400, 100, 448)) == 48
