"""The write gate's second opinion: a small word model that reads a line as state or as knowledge.

The shapes (state_shapes.py) name what they know; a note in words they have never seen slips past them
(measured: 35-50% of state lines in each new batch of notes before the shapes were widened for it). This
model is logistic regression over the line's words and word pairs, with numbers, file names and
identifiers folded into one token each, so "OrderMapper has 12 public methods" teaches "<camel> has <num>".
It is trained at build time on the development pool: the labelled corpora (tests/core/memory/gate_corpus/
and gate_corpus_plain/) and the first held-out set (tests/core/memory/gate_test_set/, development data
since it was studied), never on the second held-out set; it ships as gate_model.json beside this module:
deterministic, local, tens of microseconds a line.

Retrain after changing the corpus (a test fails when the shipped weights are not what the pool trains):
    python -m app.core.memory.gate_model tests/core/memory/gate_corpus tests/core/memory/gate_corpus_plain \
        tests/core/memory/gate_test_set
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
# Chosen by 5-fold cross-validation on the development pool (the corpus and the first held-out set),
# never on the second held-out set: 600 epochs at rate 2 with a light penalty beat 300 at 0.5 / 0.3 by about
# 2 points of state refused at the same durable refusals.
EPOCHS = 600
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
    tokens = []
    extra = []
    for raw in _TOKEN.findall(_LIST_MARKER.sub("", line, count=1).replace("**", "")):
        tokens.append(_fold(raw))
        if raw.startswith("`"):
            extra.extend(_WORDS_IN_CODE.findall(raw.lower())[:1])
    found = set(tokens)
    found.update(extra)
    found.update(f"{a} {b}" for a, b in itertools.pairwise(tokens))
    if tokens:
        found.add("^" + tokens[0])
        found.add("^" + " ".join(tokens[:2]))
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
    names = sorted({f for line in state + durable for f in features(line)})
    index = {name: i for i, name in enumerate(names)}
    rows = [sorted(index[f] for f in features(line)) for line in state + durable]
    labels = [1.0] * len(state) + [0.0] * len(durable)
    weights = [0.0] * len(names)
    bias, step = 0.0, RATE / len(rows)
    for _ in range(EPOCHS):
        grad = [0.0] * len(names)
        grad_bias = 0.0
        for row, label in zip(rows, labels, strict=True):
            score = bias
            for i in row:
                score += weights[i]
            error = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score)))) - label
            grad_bias += error
            for i in row:
                grad[i] += error
        weights = [w - step * (g + L2 * w) for w, g in zip(weights, grad, strict=True)]
        bias -= step * grad_bias
    kept = {name: round(w, DIGITS) for name, w in zip(names, weights, strict=True) if abs(round(w, DIGITS)) > 0}
    return Model(round(bias, DIGITS), kept)


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
