"""The write gate's second opinion: a small word model that reads a line as state or as knowledge.

The shapes (state_shapes.py) name what they know; a note in words they have never seen slips past them
(measured: 35-50% of state lines in each new batch of notes before the shapes were widened for it). This
model is logistic regression over the line's words and word pairs, with numbers, file names and
identifiers folded into one token each, so "OrderMapper has 12 public methods" teaches "<camel> has <num>".
It is trained at build time on the development pool (gate_figures.POOL): the labelled corpora
(tests/core/memory/gate_corpus/ and gate_corpus_plain/), the first held-out set (gate_test_set/,
development data since it was studied) and the four sets written blind for training (gate_train_set_v3a/,
v3b/, v4a/ and v4b/), the fifth held-out set (studied since issue 38 scored it) and issue 38's fact families
(gate_train_set_facts/), the sixth, seventh and eighth held-out sets (studied since their one scoring) and the
five sets written blind for issue 38's fifth round (gate_train_set_v9a/ to v9e/), never on the second or third
held-out set nor a set sealed for a later scoring; it ships as gate_model.json beside this module:
deterministic, local, tens of microseconds a line.

Retrain after changing the pool (a test fails when the shipped weights are not what the pool trains):
    python -m app.core.memory.gate_model tests/core/memory/gate_corpus tests/core/memory/gate_corpus_plain \
        tests/core/memory/gate_test_set tests/core/memory/gate_train_set_v3a tests/core/memory/gate_train_set_v3b \
        tests/core/memory/gate_train_set_v4a tests/core/memory/gate_train_set_v4b \
        tests/core/memory/gate_test_set_v5 tests/core/memory/gate_train_set_facts \
        tests/core/memory/gate_test_set_v6 tests/core/memory/gate_test_set_v7 tests/core/memory/gate_test_set_v8 \
        tests/core/memory/gate_train_set_v9a tests/core/memory/gate_train_set_v9b tests/core/memory/gate_train_set_v9c \
        tests/core/memory/gate_train_set_v9d tests/core/memory/gate_train_set_v9e
(the folders of gate_figures.POOL, in its order).
"""

from __future__ import annotations

import itertools
import json
import math
import re
import sys
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

WEIGHTS = Path(__file__).with_name("gate_model.json")
# Fixed training settings: the same corpus always gives the same weights, to the last digit kept.
# Chosen by 5-fold cross-validation on the development pool, never on the second held-out set: 600 epochs at
# rate 2 with a light penalty beat 300 at 0.5 / 0.3 by about 2 points of state refused at the same durable
# refusals; in session 10, with the v3 sets in the pool, a penalty of 0.01-0.3, 1,200 epochs, word suffixes,
# stems, word triples, a last-word feature, weighting durable lines and scaling by line length all moved
# the estimates by less than a line in a hundred, or the wrong way. Session 11, with each blind writer held out:
# the fit stops well short of the optimum (2,000 epochs, or Nesterov momentum, refused 3-4 points more state
# for 0.2-0.3 more durable at session 10's thresholds), but the fuller fit is sure of what it has not seen: it
# read "the key is in the vault" (another suite's note) at 0.9997 and the issue's "CS1591 is noise and nullable
# warnings are real." at 0.90, where this one reads 0.99 and 0.69. At thresholds that keep those lines it read
# no better than this one (90.0% / 2.5% against 90.5% / 2.4%), so the stopping point stays. Dropping words
# seen once and stronger penalties read worse.
# Issue 38's fifth round, with fourteen writers in the pool, each of the seven the shapes were never tuned on held
# out in turn: the fit stopped at 600 epochs read 93.5% / 2.0%, at 1,500 94.5% / 1.7%; fuller fits read strangers
# better still (1,500 at rate 8: 95.1% / 1.6%; 3,000 at rate 16: 95.7% / 1.5%) but grow sure of short notes in
# words no writer used: they read "an existing file can still change" at 0.99-0.998 and the issue's "CS1591 is
# noise and nullable warnings are real." at 0.73-0.87, both refused, where 1,500 at rate 2 reads 0.98 and 0.67.
EPOCHS = 1500
RATE = 2.0
L2 = 0.03
DIGITS = 5

# A token is a code span, a word with its inner punctuation (paths, dotted names, flags), a number, or a sign.
_TOKEN = re.compile(r"`[^`\n]{1,80}`|[A-Za-z_$@-][\w'./:#@$-]*[\w$]|[A-Za-z_]|\d[\d.,:/]*(?:%|[a-z]+)?|[^\sA-Za-z\d]")
_CAMEL = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z]+[A-Z]\w*")
_FILE = re.compile(r"[\w./-]*\w\.[a-z]{1,6}", re.IGNORECASE)
_VERSION = re.compile(r"v?\d+\.\d+(?:\.\d+)+")
_HASH = re.compile(r"(?=[a-f]*\d)[0-9a-f]{7,40}")
_WORDS_IN_CODE = re.compile(r"[a-z][a-z-]+")
_LIST_MARKER = re.compile(r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?(?:\[[ xX]\]\s+)?")


@lru_cache(maxsize=8192)  # the same words recur line after line; bounded, since the text is the model's
def _fold(token: str) -> str:
    """One token as the model reads it: names, paths, numbers and code fold into their kind."""
    if token.startswith("`"):
        inner = token.strip("`")
        return "<cmd>" if " " in inner.strip() else "<code>"
    if token[0].isdigit():
        if token.endswith("%"):
            return "<pct>"
        if _VERSION.fullmatch(token):
            return "<ver>"
        return "<num>" if token[-1].isdigit() else "<num" + token.lstrip("0123456789.,:/") + ">"
    if _VERSION.fullmatch(token):
        return "<ver>"
    if _HASH.fullmatch(token):
        return "<hash>"
    if "/" in token.strip("/"):
        return "<path>"
    if _FILE.fullmatch(token) and not token.endswith("."):
        return "<file>"
    if "::" in token or "." in token.strip("."):
        return "<dotted>"
    if _CAMEL.fullmatch(token):
        return "<camel>"
    if "_" in token.strip("_"):
        return "<snake>"
    if token.startswith("-") and len(token) > 1:
        return "<flag>"
    return token.lower()


def features(line: str) -> frozenset[str]:
    """Words, word pairs and the line's first two words, after folding numbers, names, paths and code.

    The first word of a command in backticks is kept beside its fold ("`cargo test` hangs" reads as
    "<cmd> hangs" and "cargo"), so a tool's name counts without making each command a word of its own.
    """
    return frozenset(_features(line))


def _features(line: str) -> set[str]:
    raws = _TOKEN.findall(_LIST_MARKER.sub("", line, count=1).replace("**", ""))
    tokens = [_fold(raw) for raw in raws]
    found = set(tokens)
    found.update([f"{a} {b}" for a, b in itertools.pairwise(tokens)])
    if "`" in line:
        for raw in raws:
            if raw.startswith("`"):
                found.update(_WORDS_IN_CODE.findall(raw.lower())[:1])
    if tokens:
        found.add("^" + tokens[0])
        found.add("^" + " ".join(tokens[:2]))
    return found


@dataclass(frozen=True)
class Model:
    bias: float
    weights: dict[str, float]

    def probability(self, line: str) -> float:
        """How likely the line records state (0 to 1)."""
        score = self.bias + sum(map(self.weights.get, _features(line), itertools.repeat(0.0)))
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score))))

    def to_json(self) -> str:
        return json.dumps({"bias": self.bias, "weights": self.weights}, sort_keys=True, indent=0) + "\n"


def train(state: list[str], durable: list[str]) -> Model:
    """Batch gradient descent on the logistic loss with an L2 penalty, from zero: deterministic.

    Sums run in a fixed order (numpy's bincount adds in input order), so the same lines give the same
    weights to the last digit kept; about 0.3 s for 2,500 lines where the plain-Python loop took 9 s.
    """
    import numpy as np  # build time only: the app reads the shipped weights and never trains

    lines = state + durable
    if not lines:
        return Model(0.0, {})
    found = [features(line) for line in lines]
    names = sorted(set().union(*found))
    index = {name: i for i, name in enumerate(names)}
    cols = np.array([index[f] for fs in found for f in sorted(fs, key=index.__getitem__)], dtype=np.int64)
    rows = np.repeat(np.arange(len(lines)), [len(fs) for fs in found])
    labels = np.array([1.0] * len(state) + [0.0] * len(durable))
    weights = np.zeros(len(names))
    bias, step = 0.0, RATE / len(lines)
    for _ in range(EPOCHS):
        score = bias + np.bincount(rows, weights=weights[cols], minlength=len(lines))
        error = 1.0 / (1.0 + np.exp(-np.clip(score, -50.0, 50.0))) - labels
        grad = np.bincount(cols, weights=error[rows], minlength=len(names))
        weights = weights - step * (grad + L2 * weights)
        bias -= step * float(np.cumsum(error)[-1])  # in order, like the weights
    kept = {name: round(float(w), DIGITS) for name, w in zip(names, weights, strict=True)}
    return Model(round(bias, DIGITS), {name: w for name, w in kept.items() if w != 0.0})


def pool(folders: list[Path]) -> tuple[list[str], list[str]]:
    """The state and durable lines of several corpus folders together, in folder order."""
    state: list[str] = []
    durable: list[str] = []
    for folder in folders:
        more_state, more_durable = corpus(folder)
        state += more_state
        durable += more_durable
    return state, durable


def corpus(folder: Path) -> tuple[list[str], list[str]]:
    """The state and durable lines of a labelled corpus folder (state.txt, durable.txt), blank lines left out."""

    def lines(name: str) -> list[str]:
        return [s for s in (folder / name).read_text(encoding="utf-8").splitlines() if s.strip()]

    return lines("state.txt"), lines("durable.txt")


@cache
def shipped() -> Model | None:
    """The model that ships with the app, or None when its file is missing or damaged (the shapes still judge)."""
    try:
        data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
        return Model(float(data["bias"]), {str(k): float(v) for k, v in data["weights"].items()})
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m app.core.memory.gate_model CORPUS_FOLDER...", file=sys.stderr)
        return 2
    model = train(*pool([Path(a) for a in argv]))
    WEIGHTS.write_text(model.to_json(), encoding="utf-8")
    print(f"wrote {WEIGHTS} ({len(model.weights)} weights)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
