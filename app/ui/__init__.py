"""The desktop app: tray, panel, settings. The only package that imports PySide6."""
