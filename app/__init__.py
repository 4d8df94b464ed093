"""Voice Dev Agent: ask about your repository out loud."""

__version__ = "0.1.0"
APP_NAME = "voice-dev-agent"
APP_DISPLAY_NAME = "Voice Dev Agent"
