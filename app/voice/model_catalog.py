"""The English speech models the app offers: the bundled tiny.en and larger ones to download.

Each entry names a faster-whisper (CTranslate2) repository on the Hugging Face hub. Sizes
here are what the settings show before the hub is asked; the download uses the hub's own
figures. The distilled model keeps small.en's encoder with a two-layer decoder, so it
decodes much faster than small.en at a small cost in accuracy.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.errors import ConfigurationError

BUNDLED = "tiny.en"


@dataclass(frozen=True)
class SpeechModel:
    """One model a person can choose."""

    name: str
    repo_id: str  # "" for the bundled model
    approx_bytes: int  # size on disk, as published
    trade_off: str  # one line for the settings and `models list`

    @property
    def bundled(self) -> bool:
        return not self.repo_id


CATALOG: tuple[SpeechModel, ...] = (
    SpeechModel(BUNDLED, "", 78_100_000, "Bundled and works offline; fastest, but mishears more words and names."),
    SpeechModel(
        "base.en",
        "Systran/faster-whisper-base.en",
        148_000_000,
        "Fewer misheard words than tiny.en at several times its cost; a good first step up.",
    ),
    SpeechModel(
        "distil-small.en",
        "Systran/faster-distil-whisper-small.en",
        336_000_000,
        "Close to small.en's accuracy and much faster to decode (a two-layer decoder).",
    ),
    SpeechModel(
        "small.en",
        "Systran/faster-whisper-small.en",
        487_000_000,
        "The most accurate here and the slowest: on 2 cores a long question may take seconds.",
    ),
)


def names() -> list[str]:
    return [model.name for model in CATALOG]


def get(name: str) -> SpeechModel:
    """The catalogue entry called `name`; ConfigurationError listing the choices otherwise."""
    for model in CATALOG:
        if model.name == name.strip():
            return model
    raise ConfigurationError(
        f"There is no speech model called {name!r}.",
        hint=f"Choose one of: {', '.join(names())}.",
    )


def human_size(count: float) -> str:
    """Bytes as a person reads them: 75 MB, 1.2 GB, 512 KB."""
    for unit, step in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if abs(count) >= step:
            value = count / step
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{int(count)} B"
