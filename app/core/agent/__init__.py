"""The Claude agent: a session per repository, the streaming tool-use loop, the tools."""
