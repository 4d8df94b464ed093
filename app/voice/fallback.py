"""Whisper's temperature fallback, with no decode running longer than the speech could.

faster-whisper decodes a window again at a higher temperature when the decode looped (gzip
shrinks its text more than 2.4 times) or was unsure (an average log-probability under -1). A
loop is judged only once it stops, and it stops at CTranslate2's limit: 224 tokens, 0.8 s of
beam search here for a 2 s "Start a new session." that the retry at 0.4 then heard right in
0.07 s. A sampled retry decodes five samples together and waits for the longest, so a single
sample that loops costs as much ("What branch am I on?", 0.5 s). These set the slowest short
questions of `bench --voice` (1.7-2.2 s where their neighbours took 0.2 s), in the pass after
release and in the guess made while the key is held alike.

So every decode here has a budget of new tokens (faster-whisper's `max_new_tokens`, which the
transcriber sets from the audio's length), CTranslate2 is asked for exactly that many (it
generates at most half the `max_length` it is given, prompt included), and a hypothesis that
used the whole budget did not end where speech would have: it runs away, so the next
temperature is tried. Among a retry's samples, the best one that ended is taken. When every
temperature fails, the choice is faster-whisper's (the most probable of those that did not
loop), with a runaway last. Without a budget the decode is faster-whisper's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from faster_whisper import WhisperModel
from faster_whisper.transcribe import get_compression_ratio


@dataclass(frozen=True)
class Hypothesis:
    """One decode's chosen sequence, shaped as the CTranslate2 result faster-whisper reads."""

    sequences_ids: list[list[int]]
    no_speech_prob: float


@dataclass(frozen=True)
class _Try:
    result: Hypothesis
    avg_logprob: float
    compression_ratio: float
    ran_away: bool


def generation_length(prompt: int, budget: int, longest: int) -> int:
    """The `max_length` that lets CTranslate2 generate `budget` tokens after a `prompt` of that many.

    CTranslate2's Whisper generates at most min(max_length / 2, max_length - prompt) tokens.
    """
    return min(longest, max(2 * budget, prompt + budget))


def generated_at_most(prompt: int, total: int) -> int:
    """How many tokens CTranslate2 generates at most after `prompt` tokens, given `max_length` `total`."""
    return max(0, min(total // 2, total - prompt))


class BoundedWhisperModel(WhisperModel):
    """faster-whisper's model whose fallback knows a loop by the budget it used up."""

    def generate_with_fallback(
        self, encoder_output: Any, prompt: list[int], tokenizer: Any, options: Any
    ) -> tuple[Hypothesis, float, float, float]:
        if options.max_new_tokens is None:
            return super().generate_with_fallback(encoder_output, prompt, tokenizer, options)
        total = generation_length(len(prompt), options.max_new_tokens, self.max_length)
        limit = generated_at_most(len(prompt), total)
        max_initial_timestamp_index = round(options.max_initial_timestamp / self.time_precision)
        tries: list[_Try] = []
        temperature = 0.0
        for temperature in options.temperatures:
            if temperature > 0:
                search = {
                    "beam_size": 1,
                    "num_hypotheses": options.best_of,
                    "sampling_topk": 0,
                    "sampling_temperature": temperature,
                }
            else:
                search = {"beam_size": options.beam_size, "patience": options.patience}
            result = self.model.generate(
                encoder_output,
                [prompt],
                length_penalty=options.length_penalty,
                repetition_penalty=options.repetition_penalty,
                no_repeat_ngram_size=options.no_repeat_ngram_size,
                max_length=total,
                return_scores=True,
                return_no_speech_prob=True,
                suppress_blank=options.suppress_blank,
                suppress_tokens=options.suppress_tokens,
                max_initial_timestamp_index=max_initial_timestamp_index,
                **search,
            )[0]
            tried = _best_ended(result, limit, tokenizer, options.length_penalty)
            tries.append(tried)
            if not _needs_fallback(tried, result.no_speech_prob, options):
                return tried.result, tried.avg_logprob, temperature, tried.compression_ratio
        threshold = options.compression_ratio_threshold
        ended = [t for t in tries if not t.ran_away]
        below = [t for t in ended if threshold is None or t.compression_ratio <= threshold]
        chosen = max(below or ended or tries, key=lambda t: t.avg_logprob)
        # The last temperature, as faster-whisper passes on for its prompt reset.
        return chosen.result, chosen.avg_logprob, temperature, chosen.compression_ratio


def _best_ended(result: Any, limit: int, tokenizer: Any, length_penalty: float) -> _Try:
    """The most probable hypothesis that ended before the budget did, else the most probable one.

    CTranslate2 returns a sampled retry's hypotheses best first, as faster-whisper reads them.
    """
    found: _Try | None = None
    for tokens, score in zip(result.sequences_ids, result.scores, strict=True):
        length = len(tokens)
        # faster-whisper's average: the score is normalised by length ** length_penalty, and the
        # end-of-text token counts as one more.
        avg_logprob = score * (length**length_penalty) / (length + 1)
        text = tokenizer.decode(tokens).strip()
        tried = _Try(
            Hypothesis([list(tokens)], result.no_speech_prob),
            avg_logprob,
            get_compression_ratio(text),
            ran_away=length >= limit,
        )
        if not tried.ran_away:
            return tried
        found = found or tried
    assert found is not None  # CTranslate2 returns at least one hypothesis
    return found


def _needs_fallback(tried: _Try, no_speech_prob: float, options: Any) -> bool:
    """faster-whisper's rule, with a runaway counted as a loop."""
    threshold = options.compression_ratio_threshold
    looped = tried.ran_away or (threshold is not None and tried.compression_ratio > threshold)
    unsure = options.log_prob_threshold is not None and tried.avg_logprob < options.log_prob_threshold
    if unsure and options.no_speech_threshold is not None and no_speech_prob > options.no_speech_threshold:
        return False  # silence: the caller skips the window, another temperature would not change that
    return looped or unsure
