"""Everything that works without a window or a microphone. Never imports Qt."""
