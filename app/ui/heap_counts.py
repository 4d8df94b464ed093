"""What the soak bench's heap probe counts on the Qt side: widgets, documents, panel pages, the session's history."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication

from app.core import heap_probe
from app.ui.agent_worker import AgentWorker
from app.ui.panel import AnswerPanel


def register(panel: AnswerPanel, agent: AgentWorker) -> None:
    """Counters for the probe (a no-op unless it is on); they run on the main thread, between turns."""
    if not heap_probe.enabled():
        return
    heap_probe.count("qt_widgets", lambda: len(QApplication.allWidgets()))
    heap_probe.count("qt_documents", lambda: len(panel.findChildren(QTextDocument)))
    heap_probe.count("qt_objects_under_panel", lambda: len(panel.findChildren(QObject)))
    heap_probe.count("panel_pages", lambda: len(panel.pages))
    heap_probe.count("panel_text_kb", lambda: sum(len(p.markdown) + len(p.reply or "") for p in panel.pages) // 1024)
    heap_probe.count("session_messages", lambda: len(_messages(agent)))
    heap_probe.count("session_history_kb", lambda: len(json.dumps(_messages(agent), default=str)) // 1024)


def _messages(agent: AgentWorker) -> list[Any]:
    session = agent.current_session()
    return session.messages if session is not None else []
