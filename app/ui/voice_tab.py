"""Settings → Voice: the hotkey, the microphone and its live level, the speaker and its test, the voice.

The speech model (what transcribes) is chosen on the Speech page only, so there is one place for it.

One page so the settings window only has to load it, read it back, and say when its level
meter may hold the microphone. The voice test runs off the main thread and reports back here.
"""

from __future__ import annotations

import dataclasses
import logging

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QWidget,
)

from app.core import launch
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours
from app.ui.background import Job, error_text
from app.ui.combo import names_from_outside, select_or_add
from app.ui.hotkey_edit import HotkeyEdit, check_chord
from app.ui.level_meter import LevelMeter
from app.ui.microphone import Microphone
from app.voice.server_devices import PREFIX, is_server_setting, monitor_source

log = logging.getLogger(__name__)

DEFAULT_DEVICE = QT_TRANSLATE_NOOP("voice_tab", "System default")
EMBEDDED = QT_TRANSLATE_NOOP("voice_tab", "Embedded (default)")
TEST_SENTENCE = "This is how answers will sound. The build is green and all tests pass."  # spoken by the English voice


class VoiceTab(QWidget):
    """The Voice page of the settings window."""

    def __init__(self, microphone: Microphone | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.meter = LevelMeter(microphone)
        self.level, self.level_status = self.meter.bar, self.meter.status

        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.hotkey = HotkeyEdit()
        self.hotkey.chord_changed.connect(self._check_hotkey)
        self.hotkey_mode = QComboBox()
        self.hotkey_mode.addItem(self.tr("Hold to talk"), "hold")
        self.hotkey_mode.addItem(self.tr("Press to start, press to stop"), "toggle")
        hotkey_row = QHBoxLayout()
        hotkey_row.addWidget(self.hotkey, 1)
        hotkey_row.addWidget(self.hotkey_mode)
        form.addRow(self.tr("Hotkey:"), hotkey_row)
        self.hotkey_problem = QLabel()
        self.hotkey_problem.setWordWrap(True)
        self.hotkey_problem.setStyleSheet(colours.ERROR_TEXT)
        form.addRow("", self.hotkey_problem)
        # What a desktop's own shortcut settings bind, on any compositor (Wayland included): read-only
        # but selectable, so it can be copied exactly as it must be typed.
        self.listen_command = QLineEdit(launch.listen_toggle_command())
        self.listen_command.setReadOnly(True)
        self.listen_command.setAccessibleName(self.tr("Command to bind to a desktop shortcut"))
        self.listen_command.setToolTip(
            self.tr(
                "Bind this command to a key in the desktop's keyboard settings (custom shortcut): one "
                "press starts listening, the next sends the question. It works where the hotkey cannot."
            )
        )
        form.addRow(self.tr("Or bind:"), self.listen_command)
        # A second chord that brings the last answers back with the keyboard in them (Esc closes them).
        self.panel_hotkey = HotkeyEdit()
        self.panel_hotkey.setToolTip(
            self.tr("Click, then press the keys that show the last answers again (none: no hotkey)")
        )
        self.panel_hotkey.setAccessibleName(self.tr("Hotkey that shows the last answers"))
        self.panel_hotkey.chord_changed.connect(self._check_panel_hotkey)
        self.panel_hotkey_clear = QPushButton(self.tr("None"))
        self.panel_hotkey_clear.setToolTip(self.tr("No hotkey for the answers (the tray still shows them)"))
        self.panel_hotkey_clear.clicked.connect(self._clear_panel_hotkey)
        panel_row = QHBoxLayout()
        panel_row.addWidget(self.panel_hotkey, 1)
        panel_row.addWidget(self.panel_hotkey_clear)
        form.addRow(self.tr("Show answers:"), panel_row)
        self.portal_binding = QLabel()  # under Wayland: the keys the desktop's own dialog bound
        self.portal_binding.setWordWrap(True)
        self.portal_binding.hide()
        form.addRow("", self.portal_binding)
        self.input_device = names_from_outside(QComboBox())  # the settings window restarts the meter when it changes
        form.addRow(self.tr("Microphone:"), self.input_device)
        self.keep_open = QCheckBox(self.tr("Keep the microphone open for instant start"))
        self.keep_open.setToolTip(
            self.tr(
                "Keeps the last moment before each press, so your first syllable is heard. When off, the "
                "microphone opens on each press and the first syllable can be clipped. While it is open, "
                "some desktops show a microphone indicator."
            )
        )
        form.addRow("", self.keep_open)
        form.addRow(self.tr("Level:"), self.meter)
        self.output_device = names_from_outside(QComboBox())
        self.voice_test = QPushButton(self.tr("Test voice"))
        self.voice_test.setToolTip(self.tr("Say a sentence with the chosen voice on the chosen speaker"))
        self.voice_test.clicked.connect(self.test_voice)
        out_row = QHBoxLayout()
        out_row.addWidget(self.output_device, 1)
        out_row.addWidget(self.voice_test)
        form.addRow(self.tr("Speaker:"), out_row)
        self.voice_status = QLabel()
        self.voice_status.setWordWrap(True)
        form.addRow("", self.voice_status)
        # The speech model is chosen in one place, Settings → Speech (the list, or a folder of one's own).
        self.piper = self._path_row(form, self.tr("Voice:"), self.tr("Choose a Piper voice (.onnx)"))
        self.rate = QSpinBox()
        self.rate.setRange(50, 200)
        self.rate.setSuffix(" %")
        self.rate.setToolTip(self.tr("How fast answers are spoken"))
        form.addRow(self.tr("Speaking rate:"), self.rate)
        self.cues = QCheckBox(self.tr("Play a short sound when listening starts and stops"))
        form.addRow("", self.cues)
        # The cues' own loudness (100 % is as they were made); Try plays one at the slider's level.
        self.cue_volume = QSlider(Qt.Orientation.Horizontal)
        self.cue_volume.setRange(0, 200)
        self.cue_volume.setSingleStep(5)
        self.cue_volume.setPageStep(25)
        self.cue_volume.setAccessibleName(self.tr("Cue volume"))
        self.cue_volume.setToolTip(self.tr("How loud the listening sounds are; the answers' voice is not changed"))
        self.cue_volume_label = QLabel()
        self.cue_volume_label.setMinimumWidth(48)
        self.cue_volume.valueChanged.connect(lambda value: self.cue_volume_label.setText(f"{value} %"))
        self.cue_try = QPushButton(self.tr("Try"))
        self.cue_try.setToolTip(self.tr("Play the listening sound at this volume on the chosen speaker"))
        self.cue_try.clicked.connect(self.try_cue)
        self.cues.toggled.connect(self._enable_cue_volume)
        cue_row = QHBoxLayout()
        cue_row.addWidget(self.cue_volume, 1)
        cue_row.addWidget(self.cue_volume_label)
        cue_row.addWidget(self.cue_try)
        form.addRow(self.tr("Cue volume:"), cue_row)

    def _path_row(self, form: QFormLayout, label: str, title: str) -> QComboBox:
        combo = QComboBox()
        combo.addItem(QCoreApplication.translate("voice_tab", EMBEDDED), "")
        combo.setToolTip(self.tr("The embedded voice works offline; choose another to use your own"))
        browse = QPushButton(self.tr("Choose…"))

        def choose() -> None:
            path, _ = QFileDialog.getOpenFileName(self, title, "", self.tr("Piper voices (*.onnx)"))
            if path:
                select_or_add(combo, path)

        browse.clicked.connect(choose)
        row = QHBoxLayout()
        row.addWidget(combo, 1)
        row.addWidget(browse)
        form.addRow(label, row)
        return combo

    # ---- settings in and out ---------------------------------------------------------------

    def show_portal_binding(self, description: str | None) -> None:
        """None: the hotkey is not the portal's; "" : bound, the desktop did not say to which keys yet."""
        if description is None:
            self.portal_binding.hide()
            return
        keys = description or self.tr("the keys you choose in the desktop's dialog")
        self.portal_binding.setText(
            self.tr(
                "Hold-to-talk is the desktop's global shortcut: {keys}. Change it in the desktop's keyboard settings."
            ).format(keys=keys)
        )
        self.portal_binding.show()

    def load(self, settings: Settings) -> None:
        self.hotkey.setText(settings.hotkey)
        self.hotkey_mode.setCurrentIndex(max(0, self.hotkey_mode.findData(settings.hotkey_mode)))
        self.panel_hotkey.setText(settings.panel_hotkey)
        self._fill_devices(settings)
        select_or_add(self.piper, settings.piper_voice)
        self.rate.setValue(round(settings.speech_rate * 100))
        self.cues.setChecked(settings.sound_cues)
        self.cue_volume.setValue(round(settings.cue_volume * 100))
        self.cue_volume_label.setText(f"{self.cue_volume.value()} %")
        self._enable_cue_volume(settings.sound_cues)
        self.keep_open.setChecked(settings.keep_microphone_open)

    def _fill_devices(self, settings: Settings) -> None:
        """The sound server's devices by description where there is a server, else PortAudio's names.

        Each entry's data is what the setting keeps (`pulse:<name>` for a server device, which
        stays the same across a replug). A saved device that is not connected now stays listed,
        marked, so opening Settings never silently changes the choice.
        """
        inputs: list[tuple[str, str]] = []
        outputs: list[tuple[str, str]] = []
        portaudio_names: set[str] = set()  # a PortAudio name saved before stays as it is
        try:
            from app.voice.audio import list_devices

            devices = list_devices()
            inputs = [(d.description, d.setting) for d in devices.server_inputs] or [(n, n) for n in devices.inputs]
            outputs = [(d.description, d.setting) for d in devices.server_outputs] or [(n, n) for n in devices.outputs]
            portaudio_names = {*devices.inputs, *devices.outputs}
        except Exception as exc:  # no sound system: the defaults remain selectable
            log.info("listing audio devices failed: %s", exc)
        for combo, entries, chosen in (
            (self.input_device, inputs, settings.input_device),
            (self.output_device, outputs, settings.output_device),
        ):
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(QCoreApplication.translate("voice_tab", DEFAULT_DEVICE), "")
            for text, value in entries:
                combo.addItem(text, value)
            if chosen and combo.findData(chosen) < 0:
                combo.addItem(_unlisted(chosen, portaudio_names, microphone=combo is self.input_device), chosen)
            combo.setCurrentIndex(max(0, combo.findData(chosen)))
            combo.blockSignals(False)

    def apply_to(self, settings: Settings) -> Settings:
        """`settings` with this page's values; a hotkey that cannot work keeps the one `settings` has."""
        return dataclasses.replace(
            settings,
            hotkey=settings.hotkey if check_chord(self.hotkey.text()) else self.hotkey.text(),
            hotkey_mode=self.hotkey_mode.currentData(),
            panel_hotkey=self._panel_chord(settings),
            input_device=self.input_device.currentData() or "",
            output_device=self.output_device.currentData() or "",
            piper_voice=self.piper.currentData() or "",
            speech_rate=self.rate.value() / 100,
            sound_cues=self.cues.isChecked(),
            cue_volume=self.cue_volume.value() / 100,
            keep_microphone_open=self.keep_open.isChecked(),
        )

    def _check_hotkey(self, chord: str) -> None:
        self.hotkey_problem.setText(check_chord(chord))

    def _panel_chord(self, settings: Settings) -> str:
        """The answers' chord; one that cannot work, or is the talk hotkey itself, keeps the saved one."""
        chord = self.panel_hotkey.text().strip()
        if chord and (check_chord(chord) or chord == self.hotkey.text()):
            return settings.panel_hotkey
        return chord

    def _check_panel_hotkey(self, chord: str) -> None:
        problem = check_chord(chord)
        if not problem and chord == self.hotkey.text():
            problem = self.tr("That is the hotkey for talking; choose other keys to show the answers.")
        self.hotkey_problem.setText(problem)

    def _clear_panel_hotkey(self) -> None:
        self.panel_hotkey.setText("")
        self.hotkey_problem.setText("")

    # ---- the level meter and the voice test ------------------------------------------------------

    def update_meter(self, wanted: bool, *, restart: bool = False) -> None:
        """Let the meter hold the chosen microphone only while `wanted` (the page is shown)."""
        if restart or not wanted:
            self.meter.release()
        if wanted:
            self.meter.watch(self.input_device.currentData() or "")

    def test_voice(self) -> None:
        voice, device = self.piper.currentData() or "", self.output_device.currentData() or ""
        rate = self.rate.value() / 100

        def speak() -> str:
            from app.voice.speaker import Speaker

            speaker = Speaker(voice, device=device, rate=rate)
            speaker.load()
            speaker.say(TEST_SENTENCE)
            finished = speaker.wait(30)
            speaker.close()
            return self.tr("Done.") if finished else self.tr("The speaker did not finish in time.")

        self.voice_test.setEnabled(False)
        self.voice_status.setText(self.tr("Speaking…"))
        Job(speak, name="settings-voice", owner=self,
            on_returned=lambda said: self._on_voice_tested("voice", said, ""),
            on_errored=lambda exc: self._on_voice_tested("voice", None, error_text(exc))).start()  # fmt: skip

    def _enable_cue_volume(self, on: bool) -> None:
        for widget in (self.cue_volume, self.cue_volume_label, self.cue_try):
            widget.setEnabled(on)

    def try_cue(self) -> None:
        voice, device, volume = (
            self.piper.currentData() or "",
            self.output_device.currentData() or "",
            self.cue_volume.value() / 100,
        )

        def play() -> str:
            from app.voice.speaker import Speaker

            speaker = Speaker(voice, device=device)
            speaker.play_cue("listen_start", volume)
            speaker.wait(5)
            speaker.close()
            return ""

        self.cue_try.setEnabled(False)
        Job(play, name="settings-cue", on_returned=lambda said: self._on_voice_tested("cue", said, ""),
            on_errored=lambda exc: self._on_voice_tested("cue", None, error_text(exc)), owner=self).start()  # fmt: skip

    def _on_voice_tested(self, tag: str, result: object, error: str) -> None:
        if tag == "cue":
            self.cue_try.setEnabled(self.cues.isChecked())
            if error:
                self.voice_status.setText(error)
                self.voice_status.setStyleSheet(colours.ERROR_TEXT)
            return
        self.voice_test.setEnabled(True)
        self.voice_status.setText(error or str(result))
        self.voice_status.setStyleSheet(colours.status(bool(error)))


def _unlisted(chosen: str, portaudio_names: set[str], *, microphone: bool) -> str:
    """How a saved device the list does not offer reads: not connected, or (an old setting) a monitor."""
    if chosen in portaudio_names:
        return chosen
    name = chosen.removeprefix(PREFIX)
    if microphone and is_server_setting(chosen) and (monitor := monitor_source(name)) is not None:
        return QCoreApplication.translate("voice_tab", "{name} (not a microphone: the system default is used)").format(
            name=monitor.description
        )
    return QCoreApplication.translate("voice_tab", "{name} (not connected)").format(name=name)
