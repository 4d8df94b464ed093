#!/usr/bin/env bash
# Source this to give the tests a desktop like a person's: an X display (Xvfb) with a
# window manager that has a system tray (icewm), and PulseAudio with two null sinks,
# "mic" (tests play speech into it) and "speaker" (the default sink; tests record its
# monitor). The microphone, the default source, is "microphone": a remap of mic's monitor,
# because a monitor is what plays, never a microphone, and the app refuses one as the
# default (a real desktop falls back to a monitor when its microphone is unplugged).
# VDA_SCREEN sets the screen (default 1280x800x24, the size the issues are tried at).
# Exports DISPLAY and the Pulse settings;
# `desktop_env_stop` ends both.

VDA_TEST_RUNTIME="$(mktemp -d /tmp/vda-desktop.XXXXXX)"
export XDG_RUNTIME_DIR="$VDA_TEST_RUNTIME"
chmod 700 "$VDA_TEST_RUNTIME"

# Xvfb picks a free display itself and writes its number (-displayfd): desktops started at the same
# moment (one per test worker) never race for the same number.
Xvfb -displayfd 3 -screen 0 "${VDA_SCREEN:-1280x800x24}" -nolisten tcp 3>"$VDA_TEST_RUNTIME/display" >"$VDA_TEST_RUNTIME/xvfb.log" 2>&1 &
VDA_XVFB_PID=$!
for _ in $(seq 100); do [[ -s "$VDA_TEST_RUNTIME/display" ]] && break; sleep 0.1; done
export DISPLAY=":$(head -n 1 "$VDA_TEST_RUNTIME/display")"
for _ in $(seq 50); do xdpyinfo -display "$DISPLAY" >/dev/null 2>&1 && break; sleep 0.1; done
icewm >"$VDA_TEST_RUNTIME/icewm.log" 2>&1 &
VDA_WM_PID=$!

export PULSE_RUNTIME_PATH="$VDA_TEST_RUNTIME/pulse"
mkdir -p "$PULSE_RUNTIME_PATH"
pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit -n \
  --load="module-native-protocol-unix" \
  --load="module-null-sink sink_name=speaker sink_properties=device.description=speaker" \
  --load="module-null-sink sink_name=mic sink_properties=device.description=mic" \
  --load="module-remap-source master=mic.monitor source_name=microphone source_properties=device.description=Microphone" \
  --load="module-always-sink" >"$VDA_TEST_RUNTIME/pulse.log" 2>&1 &
VDA_PULSE_PID=$!
for _ in $(seq 100); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
pactl set-default-sink speaker >/dev/null 2>&1 || true
pactl set-default-source microphone >/dev/null 2>&1 || true
# Give the tray a moment to appear before tests ask for it.
sleep 1

desktop_env_stop() {
  kill "$VDA_PULSE_PID" "$VDA_WM_PID" "$VDA_XVFB_PID" 2>/dev/null || true
  wait "$VDA_PULSE_PID" "$VDA_WM_PID" "$VDA_XVFB_PID" 2>/dev/null || true
  rm -rf "$VDA_TEST_RUNTIME"
}
