"""The write gate's second opinion: a small word model that reads a line as state or as knowledge.

The shapes (state_shapes.py) name what they know; a note in words they have never seen slips past them
(measured: 35-50% of state lines in each new batch of notes before the shapes were widened for it). This
model is logistic regression over the line's words and word pairs, with numbers, file names and
identifiers folded into one token each, so "OrderMapper has 12 public methods" teaches "<camel> has <num>".
It is trained at build time on the labelled corpus (tests/core/memory/gate_corpus/) and ships as
gate_model.json beside this module: deterministic, local, a few microseconds a line.

Retrain after changing the corpus:  python -m app.core.memory.gate_model tests/core/memory/gate_corpus
(a test fails when the shipped weights are not what the corpus trains).
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
EPOCHS = 300
RATE = 0.5
L2 = 0.3
DIGITS = 5

_TOKEN = re.compile(r"[A-Za-z_][\w']*|\d+|[^\sA-Za-z\d]")
_CAMEL = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+")
_LIST_MARKER = re.compile(r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?(?:\[[ xX]\]\s+)?")


@lru_cache(maxsize=8192)  # the same words recur line after line; bounded, since the text is the model's
def _fold(token: str) -> str:
    if token.isdigit():
        return "<num>"
    if _CAMEL.fullmatch(token):
        return "<camel>"
    if "_" in token.strip("_"):
        return "<snake>"
    return token.lower()


def features(line: str) -> frozenset[str]:
    """Words, word pairs and the first word of the line, after folding numbers and identifiers."""
    tokens = [_fold(t) for t in _TOKEN.findall(_LIST_MARKER.sub("", line, count=1).replace("`", ""))]
    found = set(tokens)
    found.update(f"{a} {b}" for a, b in itertools.pairwise(tokens))
    if tokens:
        found.add("^" + tokens[0])
    return frozenset(found)


@dataclass(frozen=True)
class Model:
    bias: float
    weights: dict[str, float]

    def probability(self, line: str) -> float:
        """How likely the line records state (0 to 1)."""
        score = self.bias + sum(self.weights.get(f, 0.0) for f in features(line))
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score))))

    def to_json(self) -> str:
        return json.dumps({"bias": self.bias, "weights": self.weights}, sort_keys=True, indent=0) + "\n"


def train(state: list[str], durable: list[str]) -> Model:
    """Batch gradient descent on the logistic loss with an L2 penalty, from zero: deterministic."""
    rows = [sorted(features(line)) for line in state + durable]
    labels = [1.0] * len(state) + [0.0] * len(durable)
    names = sorted({f for row in rows for f in row})
    weights = dict.fromkeys(names, 0.0)
    bias, count = 0.0, float(len(rows))
    for _ in range(EPOCHS):
        grad = dict.fromkeys(names, 0.0)
        grad_bias = 0.0
        for row, label in zip(rows, labels, strict=True):
            score = bias + sum(weights[f] for f in row)
            error = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score)))) - label
            grad_bias += error
            for f in row:
                grad[f] += error
        for f in names:
            weights[f] -= RATE * (grad[f] + L2 * weights[f]) / count
        bias -= RATE * grad_bias / count
    kept = {f: round(w, DIGITS) for f, w in weights.items() if abs(round(w, DIGITS)) > 0}
    return Model(round(bias, DIGITS), kept)


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
    if len(argv) != 1:
        print("usage: python -m app.core.memory.gate_model CORPUS_FOLDER", file=sys.stderr)
        return 2
    model = train(*corpus(Path(argv[0])))
    WEIGHTS.write_text(model.to_json(), encoding="utf-8")
    print(f"wrote {WEIGHTS} ({len(model.weights)} weights)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
