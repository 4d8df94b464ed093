"""How well the write gate judges labelled lines it was not trained on: the figures that choose its settings.

The development pool is every labelled set in tests/core/memory/ except the second and third held-out sets
(gate_test_set_v2/, gate_test_set_v3/) and any set sealed for a later scoring, which nothing here reads. Two
estimates, both with the shapes and a word model trained without the lines being judged:
- k-fold cross-validation over the whole pool (every k-th line of each file held out in turn);
- each writer's blind sets held out whole while the model trains on the rest: the nearest thing to a new
  writer's words, which is what the second held-out set is. The two v3 sets were written at the same
  time from the same brief, so they are held out together: with one in training, the other scored
  90.7% / 5.0% where both out scored 86.5% / 6.3%, and the second held-out set, at those settings,
  93.0% / 9.0%. k-fold over one pool flatters a model the same way, so the settings are chosen on the
  writer held out. The two v4 sets (session 11) are held out together for the same reason, though their
  helpers wrote for different personas. Session 10's gate read them at 80.5% / 4.0% before they joined the
  pool, the figure its own writer-held-out estimate had given (80.5% / 4.5%); the settings are chosen on the
  mean over the three groups, with an eye on each. Issue 38 added two groups: the fifth held-out set, scored
  once and studied since, and a set of fact families (gate_train_set_facts/: rates, schedules, numbered parts
  of documents, constant ids, places, version pins, and state lines carrying the same figures). Its third round
  added the sixth held-out set, scored once (95.6% / 3.6%) and studied since: a new writer, so its figure held
  out whole is the round's best estimate of how the gate reads a stranger's words. Its fifth round added seven
  writers the shapes were never tuned on (STRANGERS), and chose its settings on them held out in turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.core.memory import gate_model, judgement

# The development pool, in training order: two hand-written corpora, then sets written blind (the first
# was studied in session 9; the v3 and v4 sets were written for training, by helpers who saw only the
# definitions).
POOL = (
    "gate_corpus",
    "gate_corpus_plain",
    "gate_test_set",
    "gate_train_set_v3a",
    "gate_train_set_v3b",
    "gate_train_set_v4a",
    "gate_train_set_v4b",
    "gate_test_set_v5",
    "gate_train_set_facts",
    "gate_test_set_v6",
    "gate_test_set_v7",
    "gate_test_set_v8",
    "gate_train_set_v9a",
    "gate_train_set_v9b",
    "gate_train_set_v9c",
    "gate_train_set_v9d",
    "gate_train_set_v9e",
)
# The writers the shapes were never tuned on: held out, each is what a stranger's words cost the gate as a whole
# (the shapes and the model), not the model alone. Issue 38's fifth round chose its settings on their mean.
STRANGERS = (
    ("gate_test_set_v7",),
    ("gate_test_set_v8",),
    ("gate_train_set_v9a",),
    ("gate_train_set_v9b",),
    ("gate_train_set_v9c",),
    ("gate_train_set_v9d",),
    ("gate_train_set_v9e",),
)
# The sets by writer: each group is held out together. The fifth held-out set (issue 38) was scored once and
# studied since, so it is development data like the first; the fact-family set was written by the session that
# changed the gate for issue 38 (not blind: its state twins carry the same figures as its facts). The sixth held-out
# set, scored once after the second round, joined in the third, a writer of its own. The fifth round added seven
# writers: the seventh and eighth held-out sets (each scored once, then used to choose) and five sets written blind
# for training from the two definitions and a persona each (web teams, infrastructure, apps and devices, developers
# outside product teams, lines as speech recognition and the agent write them).
BLIND = (
    ("gate_test_set",),
    ("gate_train_set_v3a", "gate_train_set_v3b"),
    ("gate_train_set_v4a", "gate_train_set_v4b"),
    ("gate_test_set_v5",),
    ("gate_train_set_facts",),
    ("gate_test_set_v6",),
    *STRANGERS,
)
FOLDS = 5

Lines = tuple[list[str], list[str]]  # (state lines, durable lines)


@dataclass(frozen=True)
class Score:
    """State lines refused and durable lines refused, out of how many of each."""

    state_refused: int
    state_lines: int
    durable_refused: int
    durable_lines: int

    def __add__(self, other: Score) -> Score:
        return Score(
            self.state_refused + other.state_refused,
            self.state_lines + other.state_lines,
            self.durable_refused + other.durable_refused,
            self.durable_lines + other.durable_lines,
        )

    @property
    def recall(self) -> float:
        return self.state_refused / self.state_lines if self.state_lines else 1.0

    @property
    def false_refusals(self) -> float:
        return self.durable_refused / self.durable_lines if self.durable_lines else 0.0

    def text(self) -> str:
        return f"{self.recall:.1%} of state refused / {self.false_refusals:.1%} of durable refused"


def pool_sets(folder: Path) -> dict[str, Lines]:
    """The pool's labelled sets found under `folder` (tests/core/memory), by name, in pool order."""
    return {name: gate_model.corpus(folder / name) for name in POOL if (folder / name / "state.txt").is_file()}


def score(lines: Lines, model: gate_model.Model | None = None, use_model: bool = True) -> Score:
    """The gate's verdicts on labelled lines, with `model` in place of the shipped one."""
    state, durable = lines
    refused_state = sum(judgement.state_reason(s, use_model=use_model, model=model) is not None for s in state)
    refused_durable = sum(judgement.state_reason(d, use_model=use_model, model=model) is not None for d in durable)
    return Score(refused_state, len(state), refused_durable, len(durable))


def _joined(sets: list[Lines]) -> Lines:
    return [line for s in sets for line in s[0]], [line for s in sets for line in s[1]]


def _fold(lines: list[str], fold: int, folds: int, held: bool) -> list[str]:
    return [line for i, line in enumerate(lines) if (i % folds == fold) == held]


def cross_validated(sets: dict[str, Lines], folds: int = FOLDS) -> Score:
    """k-fold over the pool: fold i holds every line whose place in its file is i modulo k."""
    total = Score(0, 0, 0, 0)
    for fold in range(folds):
        held = _joined([(_fold(s, fold, folds, True), _fold(d, fold, folds, True)) for s, d in sets.values()])
        kept = _joined([(_fold(s, fold, folds, False), _fold(d, fold, folds, False)) for s, d in sets.values()])
        total += score(held, gate_model.train(*kept))
    return total


def writer_held_out(sets: dict[str, Lines], group: tuple[str, ...]) -> Score:
    """One writer's sets judged by a model trained on the rest of the pool."""
    held = [name for name in group if name in sets]
    model = gate_model.train(*_joined([lines for other, lines in sets.items() if other not in held]))
    return sum((score(sets[name], model) for name in held), Score(0, 0, 0, 0))


def blind_held_out(sets: dict[str, Lines]) -> dict[str, Score]:
    """Each writer's blind sets judged by a model trained on the rest of the pool, by "+"-joined set names."""
    found = {}
    for group in BLIND:
        held = [name for name in group if name in sets]
        if held:
            found["+".join(held)] = writer_held_out(sets, group)
    return found
