"""Show every window of the app in one language on the real X display: walk its words, check they fit, shoot it.

Run by test_ui_language.py in its own process (the translator is installed once per process, before the first
window, as the app does). Prints one JSON object: per window, the words still in English, the texts that do not
fit their widget, and the screenshot's name.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import keyring
from keyring.backends import null
from PySide6.QtCore import QEvent, Qt, QTimer, QUrl
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from app.core.agent.events import Answer, ScreenContent, TrustNeeded
from app.core.agent.tools.registry import TOOLS
from app.core.editor.report import Diagnostic, EditorReport
from app.core.history import History, ToolRun
from app.core.keep_offer import KeepOffer
from app.core.memory import STORE_CAP, open_store
from app.core.memory.suggest import SUGGEST_PATH
from app.core.messages import Level, Message
from app.core.settings import Settings
from app.core.team import sharing
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import links, memory_merge, translation
from app.ui.app_menu import AppMenu
from app.ui.ask_dialog import AskDialog
from app.ui.history_window import HistoryWindow
from app.ui.memory_held import HeldNotice, HeldNotices, waiting
from app.ui.memory_keep import KeepAnyway
from app.ui.panel import AnswerPanel
from app.ui.settings_window import SettingsWindow
from app.ui.setup_window import STEPS, SetupWindow
from app.ui.tray import Tray
from app.voice.model_catalog import CATALOG
from tests.ui.ui_walk import clipped, menu_texts, still_english, visible_texts

# What the agent and the person wrote, in the language shown: the walk judges the app's words, not theirs.
CONTENT = {
    "de": ("Warum der Build rot ist", "Zwei Tests schlagen fehl.", "Die Tests brauchen Docker.", "merk dir das"),
    "es": ("Por qué la compilación falla", "Fallan dos pruebas.", "Las pruebas necesitan Docker.", "recuérdalo"),
}
# A line the person keeps in their memory file that the gate reads as state (a count, a file and line number): the
# memory window's note under the text gives the gate's reason, in the language shown.
# How the held line's tooltip and the refused line's row begin, around the reason.
BECAUSE = {"de": "Zurückgehalten, denn ", "es": "Retenida porque "}
NOT_REMEMBERED = {"de": "Nicht gemerkt: ", "es": "No recordado: "}
STATE_LINE = {"de": "3 Tests schlagen fehl in src/app.py:42", "es": "Fallan 3 pruebas en src/app.py:42"}
# The agent's lines in the language shown: one the person asked for that the gate refuses (a file and line), one
# held because the person asked to confirm every note, one suggested for the team.
AGENT_LINES = {
    "de": (
        "Der Build bricht in src/build.py:17 ab",
        "Tabulatoren in Makefiles verwenden.",
        "Releases veröffentlicht, wer Dienst hat.",
    ),
    "es": (
        "La compilación se rompe en src/build.py:17",
        "Usar tabulaciones en los Makefiles.",
        "Las versiones se publican desde la rama release.",
    ),
}


def settle(app: QApplication, rounds: int = 15) -> None:
    for _ in range(rounds):
        app.processEvents()
        QApplication.instance().thread().msleep(20)  # type: ignore[union-attr]


def _refused_and_held(repo: Path, language: str) -> tuple[KeepOffer, tuple[HeldNotice, ...]]:
    """A turn's writes as the agent makes them, judged by the real gate and holder: one line the person asked for
    refused as state (offered to keep anyway), one held because the person asks to confirm every note ("Ask before
    remembering"), one suggested for the team. The held ones are read back from the journal, as the windows do."""
    store = open_store(repo)
    store.ask_first = True
    state, note, suggestion = AGENT_LINES[language]
    refused = store.execute(
        {"command": "create", "path": "/memories/state.md", "file_text": f"- {state}\n"},
        session_id="s2",
        user_words=f"remember: {state}",
    )
    assert refused.is_error and len(refused.offers) == 1, refused
    for path, line in (("/memories/tools.md", note), (SUGGEST_PATH, suggestion)):
        held = store.execute({"command": "create", "path": path, "file_text": f"- {line}\n"}, session_id="s2")
        assert "Held for the developer" in held.text, held
    return refused.offers[0], waiting(repo)


def _repo(home: Path, note: str, words: str) -> Path:
    repo = home / "projekt"
    repo.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com"}  # fmt: skip
    for args in (["init", "-q", "-b", "main"], ["commit", "-q", "--allow-empty", "-m", "start"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)
    open_store(repo).execute(
        {"command": "create", "path": "/memories/build.md", "file_text": f"- {note}\n"},
        session_id="s1",
        user_words=words,
    )
    return repo


def _state_line(repo: Path, note: str, line: str) -> None:
    """The person's own state line beside the note (a person's lines are never refused, only noted)."""
    saved = open_store(repo).save_as_person("/memories/build.md", f"- {note}\n- {line}\n", f"- {note}\n")
    assert saved.saved, saved.message


# The person's own words filling a file to 3,981 of the 4,000 characters it holds: one more line passes the cap.
NEARLY_FULL = "- " + "x" * 3_978 + "\n"
FILLER = "/memories/filler.md"  # the person's file that takes the memory to a few characters under its cap


def _person_saves(repo: Path, path: str, text: str) -> None:
    """The person's Save in the memory window: `path` holds `text` (an empty file is the person's to fill)."""
    store = open_store(repo)
    current = next((f.text for f in store.person.files() if f.path == path), None)
    saved = store.save_as_person(path, text, current)
    assert saved.saved, saved.message


def main(language: str, out: Path, home: Path) -> dict[str, object]:
    app = QApplication(sys.argv)
    keyring.set_keyring(null.Keyring())
    shown = translation.install(app, language)
    out.mkdir(parents=True, exist_ok=True)
    title, answer, note, words = CONTENT[language]
    repo = _repo(home, note, words)
    _state_line(repo, note, STATE_LINE[language])
    seen: dict[str, object] = {"platform": app.platformName(), "language": shown, "windows": {}}
    windows: dict[str, dict[str, object]] = {}
    devices: set[str] = set()

    def judge(name: str, window: QWidget, texts: list[tuple[str, str]] | None = None) -> None:
        settle(app)
        path = out / f"{language}-{name}.png"
        window.grab().save(str(path))
        words_seen = texts if texts is not None else list(visible_texts(window))
        windows[name] = {
            "english": still_english(words_seen, language, devices),
            "clipped": clipped(window),
            "shot": path.name,
            "texts": len(words_seen),
        }

    menu = AppMenu()
    tray = Tray(menu, use_tray=False)
    tray.set_context(repo, "ctrl+alt+space")
    menu.set_repositories(repo, [repo])
    menu.set_memory_mode("on")
    tray.show()
    # The running tool's label is made in app/core (marked there) and shown in the tray's words.
    tray.show_state("thinking", TOOLS["build"].label({}))
    assert tray.status_window is not None
    judge("status", tray.status_window)
    # A notice made in app/voice (Qt-free, marked with app.core.ui_text), shown through the one message path.
    speaker = QT_TRANSLATE_NOOP("playback", "The speaker {name} is back and in use again.").format(name="'USB'")
    tray.show_message(Message(Level.INFO, speaker))
    judge("notice", tray.status_window)
    menu.popup(tray.status_window.geometry().center())
    menu.repo_menu.popup(menu.geometry().topRight())
    judge("tray-menu", menu, list(menu_texts(menu)))
    menu.repo_menu.hide()
    menu.hide()

    panel = AnswerPanel()
    panel.add_screen(ScreenContent(f"## {title}\n\n{answer}", title))
    # Asked with what the editor showed: the panel's line and its Ask without it.
    report = EditorReport("nvim", str(repo), "src/app.py", 42, 5, "x = 1", diagnostics=(Diagnostic("error", 42, "x"),))
    panel.add_answer(Answer(title, answer, (), report))
    panel.show()
    judge("panel", panel)
    panel.ask_trust(TrustNeeded(str(repo), "test", "pytest -q", str(repo), ask_id=1))
    judge("panel-trust", panel)
    panel.trust_box.hide()

    # A held line (Keep, Discard) and one suggested for the team (Share, off: no team server), and a line the
    # gate refused that the person asked for (Keep it anyway), each with the reason the real gate or holder gave
    # (the held ones' in their tooltips), then each settled through the app's own path.
    offer, held = _refused_and_held(repo, language)
    panel.held_box.add(held)
    panel.held_box.team_access(repo, sharing.access(repo, Settings()))
    panel.keep_box.add((offer,))
    judge("panel-held", panel)
    reasons = [
        text for where, text in visible_texts(panel) if "tooltip" in where and text.startswith(BECAUSE[language])
    ]
    reasons += [text for _where, text in visible_texts(panel.keep_box) if text.startswith(NOT_REMEMBERED[language])]
    seen["reasons"] = reasons
    settling = HeldNotices(lambda: repo)
    settling.settled.connect(panel.held_box.settled)
    keeper = KeepAnyway(lambda: repo)
    keeper.kept.connect(panel.keep_box.kept)
    # The memory nearly full first (the Keep it anyway's file at the file cap, the whole a few characters under the
    # store's): the real caps refuse both Keeps, each row says so in the language with the language's numbers and
    # keeps its button; then room is made and both are kept.
    _person_saves(repo, offer.path, NEARLY_FULL)
    room = STORE_CAP - open_store(repo).total_chars()
    _person_saves(repo, FILLER, "- " + "x" * (room - len(FILLER) - 3 - 5) + "\n")
    refused = [settling.keep(held[0]), keeper.keep(offer)]
    judge("panel-keep-refused", panel)
    seen["keep_refused"] = [text for _where, text in visible_texts(panel) if any(r in text for r in refused)]
    for path in (offer.path, FILLER):
        _person_saves(repo, path, "")
    settling.keep(held[0])  # kept in its file
    settling.keep(held[0])  # no longer waiting in the store: "Already settled elsewhere"
    keeper.keep(offer)  # written to the real store as the person's line
    judge("panel-settled", panel)

    # The confirmation before a link in the panel opens.
    link = links.confirm_dialog(panel, QUrl("https://example.com/docs/build"))
    link.show()
    judge("confirm-link", link)
    link.close()
    panel.hide()

    def judge_modal(name: str, ask: Callable[[], object]) -> None:
        """Ask as the app does; the question's box is judged while it waits, then answered with Esc (no)."""

        def look() -> None:
            box = QApplication.activeModalWidget()
            assert isinstance(box, QDialog), f"{name}: no question was asked"
            judge(name, box)
            box.reject()

        QTimer.singleShot(300, look)
        ask()

    settings = SettingsWindow(Settings(last_repo=str(repo), recent_repos=(str(repo),)))
    # The sound server names its devices ("Monitor of speaker"): data, like a repository's name.
    for combo in (settings.voice.input_device, settings.voice.output_device):
        devices.update(combo.itemText(i) for i in range(1, combo.count()))
    devices.update(model.name for model in CATALOG)  # the speech models' names ("small", "tiny.en")
    settings.show()
    for index in range(settings.tabs.count()):
        settings.tabs.setCurrentIndex(index)
        settle(app)
        if settings.tabs.currentWidget() is settings.memory:
            settings.memory.set_active_repository(repo)
            settings.memory.files.select("/memories/build.md")  # the note under its text names a state line
            settle(app)
            settings.memory.pane.warning.check()
            seen["warning"] = settings.memory.pane.warning.text() if settings.memory.pane.warning.isVisible() else ""
        judge(f"settings-{index + 1}", settings)
    # The memory tab's questions: delete a file, forget the repository; a save that met a change made meanwhile.
    settings.memory.files.select("/memories/build.md")
    settle(app)
    judge_modal("confirm-delete-memory", settings.memory.delete_file)
    judge_modal("confirm-forget", settings.memory.forget_repository)
    conflict = open_store(repo).save_as_person("/memories/build.md", f"- {answer}\n", f"- {title}\n")
    assert conflict.conflict, conflict.message
    judge_modal("confirm-conflict", lambda: memory_merge.ask_conflict(settings, "/memories/build.md", conflict.message))
    merge = memory_merge.MergeDialog("/memories/build.md", f"- {note}\n", f"- {answer}\n", settings)
    merge.show()
    judge("merge", merge)
    merge.close()
    # Esc with an unsaved change asks to save first.
    settings.key_edit.setText("sk-ant-unsaved")
    escape = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
    judge_modal("confirm-unsaved-settings", lambda: settings.keyPressEvent(escape))
    settings.key_edit.clear()
    settings.hide()

    setup = SetupWindow()
    setup.show()
    for step, name in enumerate(STEPS):
        setup.go(step)
        if name == "Repository":
            setup.set_repository(repo)
        judge(f"setup-{step + 1}", setup)
    setup.hide()

    tools = [ToolRun("build", TOOLS["build"].label({}), False), ToolRun("test", TOOLS["test"].label({}))]
    History().add(str(repo), title, answer, tools=tools)
    history = HistoryWindow(lambda: Settings())
    history.show()
    history.reload()
    history.list.setCurrentRow(0)
    judge("history", history)
    judge_modal("confirm-delete-history", history.delete_everything)
    history.delete_current()  # asks nothing: the status line says it is done
    judge("history-deleted", history)
    history.hide()

    ask = AskDialog()
    ask.show()
    judge("ask", ask)
    ask.hide()

    seen["windows"] = windows
    return seen


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    print(json.dumps(main(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]))))
