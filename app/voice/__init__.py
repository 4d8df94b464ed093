"""Hotkey, microphone, transcription and speech. Never imports Qt."""
