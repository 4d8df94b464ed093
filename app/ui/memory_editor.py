"""The memory window: review what the agent remembers per repository, edit it safely, undo any change.

One job: every action here shares one state (the chosen store, the file shown, the text it loaded),
and the parts it arranges (list, text, details, team, held lines, merge) are modules of their own.

Reading goes through `app.core.memory.report` (age, commits since, stale paths, honest use) and
every write through the repository's MemoryStore as a person: a save is checked against the text
the window showed, so a change the agent (or another window) made meanwhile is never overwritten
silently. The per-repository memory switch lives in the app's settings; this window shows it and
says when it is changed (`mode_chosen`), and the app keeps it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.core.memory import JournalError, MemoryStore, open_key
from app.core.memory.line_book import LineChoiceRefused
from app.core.memory.person import PERSON_SESSION
from app.core.memory.report import FileReport, file_reports
from app.core.memory.undo import UndoRefused
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours, memory_merge, translation
from app.ui.memory_details import MemoryDetails
from app.ui.memory_held import HeldBox, HeldNotice, HeldNotices, connect_box, waiting
from app.ui.memory_layout import TeamPlace, arrange, panes
from app.ui.memory_list import SORTS, FileRow, MemoryList, deleted_files
from app.ui.memory_repos import RepositoryList
from app.ui.memory_team import MemoryTeam
from app.ui.memory_text import MemoryText
from app.ui.memory_words import MODE_LINES, MODES, undone_line

NO_MEMORY = QT_TRANSLATE_NOOP(
    "memory_editor", "No memory yet. The agent writes here when it learns something worth keeping about a repository."
)
NO_MEMORY_FOR_REPO = QT_TRANSLATE_NOOP("memory_editor", "No memory yet for this repository.")


ASK_FIRST_TIP = QT_TRANSLATE_NOOP(
    "memory_editor",
    "Every line the agent writes waits for you to keep or discard it (in the answer panel, or with 'memory "
    "pending'); none is loaded into a session until you keep it. Saved at once; from the next session.",
)


class MemoryEditor(QWidget):
    mode_chosen = Signal(object, str)  # repository Path, "on" / "read-only" / "off"
    ask_first_chosen = Signal(bool)  # "Ask before remembering", for every repository

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Dialog hooks: a test answers them the way a person would.
        self.confirm: Callable[[str, str], bool] = self._confirm_dialog
        self.ask_text: Callable[[str, str, str], str | None] = self._text_dialog
        self.resolve_conflict: Callable[[str, str], str] = lambda p, m: memory_merge.ask_conflict(self, p, m)
        self.merge_texts: Callable[[str, str | None, str], str | None] = lambda p, t, m: memory_merge.merge(
            self, p, t, m
        )
        self.mode_for: Callable[[Path], str] = lambda _repo: "on"
        self._active_repo: Path | None = None
        self._store: MemoryStore | None = None
        self._reports: dict[str, FileReport] = {}
        self._loaded_text: str | None = None  # what the editor showed: a save expects the file to still hold it
        self._shown_path = ""
        self.read_only = False

        self.repos = RepositoryList()
        self.repos.currentItemChanged.connect(lambda *_: self._load_repository())
        self.forget_button = QPushButton(self.tr("Forget this repository…"))
        self.forget_button.setToolTip(self.tr("Delete every memory and the journal of this repository, for real"))
        self.forget_button.clicked.connect(self.forget_repository)
        left_panel = QWidget()
        left = QVBoxLayout(left_panel)
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(QLabel(self.tr("<b>Repositories</b>")))
        left.addWidget(self.repos, 1)
        left.addWidget(self.forget_button)

        self.repo_title = QLabel()
        self.repo_title.setWordWrap(True)
        self.mode = QComboBox()
        self.mode.setAccessibleName(self.tr("Memory for this repository"))
        for key, name, line in MODES:
            name, line = (
                QCoreApplication.translate("memory_words", name),
                QCoreApplication.translate("memory_words", line),
            )
            self.mode.addItem(name, key)
            self.mode.setItemData(self.mode.count() - 1, line, Qt.ItemDataRole.ToolTipRole)
        self.mode.activated.connect(self._mode_activated)
        self.mode_line = QLabel()
        self.mode_line.setWordWrap(True)  # one long sentence: wrapped, it no longer sets the window's least width
        self.mode_line.setStyleSheet("color: palette(mid);")
        self.sort = QComboBox()
        self.sort.setAccessibleName(self.tr("Sort files by"))
        for key, name in SORTS:
            name = QCoreApplication.translate("memory_list", name)
            self.sort.addItem(name, key)
        self.sort.currentIndexChanged.connect(self._sort_chosen)
        # A setting, not a memory edit: it is saved the moment it is ticked (this page's Save is the file's).
        self.ask_first = QCheckBox(self.tr("Ask before remembering"))
        self.ask_first.setToolTip(QCoreApplication.translate("memory_editor", ASK_FIRST_TIP))
        self.ask_first.toggled.connect(self.ask_first_chosen.emit)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Memory:")))
        top.addWidget(self.mode)
        top.addWidget(self.mode_line, 1)
        top.addWidget(QLabel(self.tr("Sort by:")))
        top.addWidget(self.sort)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"{colours.PROBLEM_BOX} padding: 6px;")
        self.problem.hide()
        # The lines the agent wanted to remember that wait for the person: the panel's box, for this repository.
        self.held = HeldBox()
        self._held = HeldNotices(self.selected_repository, self, settings_for=lambda: self.team.settings_for())
        connect_box(self._held, self.held)
        self._held.settled.connect(self._held_settled)

        self.files = MemoryList()
        self.files.currentItemChanged.connect(lambda *_: self._file_selected())
        QShortcut(QKeySequence.StandardKey.Delete, self.files, self.delete_file,
                  context=Qt.ShortcutContext.WidgetShortcut)  # fmt: skip
        self.empty_label = QLabel(QCoreApplication.translate("memory_editor", NO_MEMORY))
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setStyleSheet("color: palette(mid); padding: 24px;")

        self.pane = MemoryText()
        pane = self.pane
        for button, slot in (
            (pane.save_button, self.save_file),
            (pane.revert_button, self._revert),
            (pane.new_button, self.new_file),
            (pane.rename_button, self.rename_file),
            (pane.delete_button, self.delete_file),
        ):
            button.clicked.connect(lambda _checked=False, slot=slot: slot())
        QShortcut(QKeySequence.StandardKey.Save, self, self.save_file)
        self.details = MemoryDetails()
        self.details.revert_requested.connect(self.revert_change)
        self.details.lines.standing_requested.connect(self.make_standing)
        self.details.lines.restore_requested.connect(self.restore_line)
        self.team = MemoryTeam()
        self.team.own_line = self._own_line
        self.team.ask_text = lambda title, label, value: self.ask_text(title, label, value)
        self.team.confirm = lambda title, text: self.confirm(title, text)
        self.detail, self._files_and_detail, self._memory_and_team = arrange(
            self.files, self.details.lines, pane, self.details, self.empty_label, self.team
        )
        self.team_place = TeamPlace(self.team)

        right_panel = QWidget()
        right = QVBoxLayout(right_panel)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.repo_title)
        right.addLayout(top)
        right.addWidget(self.problem)
        right.addWidget(self.held)
        right.addWidget(self._memory_and_team, 1)
        right.addWidget(self.team_place)
        right.addWidget(self.ask_first)  # for every repository: below what belongs to the one shown
        splitter = panes(Qt.Orientation.Horizontal, (left_panel, 1, 210), (right_panel, 4, 790))
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        order = [self.repos, self.forget_button, self.mode, self.sort, self.files, pane.editor, pane.new_button,
                 pane.rename_button, pane.delete_button, pane.revert_button, pane.save_button,
                 self.details.lines.list, self.details.lines.standing_button, self.details.lines.restore_button,
                 self.details.history, self.details.undo_button, self.details.diff, self.team.list,
                 self.team.share_button, self.team.edit_button, self.team.delete_button, self.team.undo_button,
                 self.ask_first]  # fmt: skip
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)
        self.refresh()

    # ---- repositories -----------------------------------------------------------------

    def show_ask_first(self, on: bool) -> None:
        """The setting as saved, without saving it again."""
        self.ask_first.blockSignals(True)
        self.ask_first.setChecked(on)
        self.ask_first.blockSignals(False)

    def set_active_repository(self, repo: Path | None) -> None:
        """The app's current repository is listed (and selected) even before it has memory."""
        self._active_repo = repo
        self.refresh(select=repo)

    def refresh(self, select: Path | None = None, *, file: str = "") -> None:
        self.repos.fill(self._active_repo, select)
        self._load_repository(file)

    def reload(self) -> None:
        """Read everything again (the agent changed the memory), keeping the selection and an unsaved edit.

        An edit in progress stays in the editor with the text it was started from, so its Save finds
        the change and offers to merge instead of overwriting it or dropping the edit.
        """
        self.held.clear()  # lines held or settled elsewhere (the panel, a terminal) are listed as they are now
        if not self.is_dirty():
            self._load_files(self.selected_path())
            return
        path, text, started_from = self._shown_path, self.pane.editor.toPlainText(), self._loaded_text
        self._load_files(path)
        if self.selected_path() == path and not self.read_only:
            self._loaded_text = started_from
            self.pane.editor.setPlainText(text)
            self.pane.say(self.tr("This file changed while you edited it; Save will offer to merge."), error=False)

    def selected_repository(self) -> Path | None:
        return self.repos.selected_repository()

    def _load_repository(self, file: str = "") -> None:
        key = self.repos.selected_key()
        self.pane.refusal.hide()
        if key is None:
            self._store = None
            self.team.set_repository(None)
            self.repo_title.setText("")
            self.mode.setEnabled(False)
            self.forget_button.setEnabled(False)
            self._show_empty(QCoreApplication.translate("memory_editor", NO_MEMORY))
            self.team_place.update_place()
            return
        repo = self.selected_repository()
        # A person's window: their reading and editing work whatever the agent's switch says.
        self._store = open_key(key, repo)
        shown_name = repo.name if repo else self.tr("Unknown repository")
        self.repo_title.setText(f"<b>{shown_name}</b> — {repo or ''}")
        self.mode.setEnabled(repo is not None)
        self._show_mode(self.mode_for(repo) if repo is not None else "on")
        self.held.clear()
        self._load_files(file)
        self.team.set_repository(repo)
        self.team_place.update_place()

    def _sort_chosen(self, _index: int) -> None:
        self.files.set_sort(str(self.sort.currentData()))

    def _show_mode(self, mode: str) -> None:
        index = self.mode.findData(mode)
        self.mode.setCurrentIndex(index if index >= 0 else 0)
        self.mode_line.setText(QCoreApplication.translate("memory_words", MODE_LINES.get(mode, "")))

    def _mode_activated(self, _index: int) -> None:
        repo, mode = self.selected_repository(), str(self.mode.currentData())
        self.mode_line.setText(QCoreApplication.translate("memory_words", MODE_LINES.get(mode, "")))
        if repo is not None:
            self.mode_chosen.emit(repo, mode)

    def _load_files(self, select: str = "") -> None:
        store = self._store
        rows: list[FileRow] = []
        self._reports = {}
        problem = ""
        if store is not None:
            try:
                reports = file_reports(store)
                self._reports = {r.path: r for r in reports}
                rows = [FileRow.from_report(r) for r in reports]
                rows += [FileRow.from_delete(c) for c in deleted_files(store, set(self._reports))]
            except JournalError as exc:
                # One clear line; the files stay readable, and nothing is written until it is fixed.
                problem = self.tr("{exc} The files are shown read-only.").format(exc=exc)
                rows = [FileRow.from_file(f) for f in store.files()]
        self.read_only = bool(problem)
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        self.pane.editor.setReadOnly(self.read_only)
        for button in (self.pane.save_button, self.pane.new_button, self.pane.rename_button,
                       self.pane.delete_button):  # fmt: skip
            button.setEnabled(not self.read_only and store is not None)
        self.forget_button.setEnabled(store is not None and store.exists())
        repo = self.selected_repository()
        if repo is not None and store is not None and not self.read_only:
            self.held.add(waiting(repo))  # shown ones stay, with what became of them
        self._shown_path = ""
        self.files.set_rows(rows, select=select)
        if not rows:
            self._show_empty(QCoreApplication.translate("memory_editor", NO_MEMORY_FOR_REPO))
            return
        self.empty_label.hide()
        self._files_and_detail.show()
        self._file_selected()

    def _held_settled(self, notice: HeldNotice, message: str, done: bool) -> None:
        """Keep, Discard or Share with the team finished: the box says so; a kept line is in its file now."""
        self.held.settled(notice, message, done)
        if done and not self.is_dirty():
            self._load_files(self.selected_path())

    def _show_empty(self, text: str) -> None:
        self.empty_label.setText(text)
        self.empty_label.show()
        self._files_and_detail.hide()
        self.pane.counter.setText("")
        self._loaded_text = None
        self._shown_path = ""

    # ---- one file ---------------------------------------------------------------------------

    def selected_path(self) -> str:
        return self.files.selected_path()

    def is_dirty(self) -> bool:
        shown = bool(self._shown_path) and not self.pane.editor.isReadOnly()
        return shown and self.pane.editor.toPlainText() != (self._loaded_text or "")

    def _file_selected(self) -> None:
        path = self.selected_path()
        if path == self._shown_path:
            return
        if self.is_dirty() and not self.confirm(
            self.tr("Unsaved edit"),
            self.tr("Drop your unsaved edit of {shown_path}?").format(shown_path=self._shown_path),
        ):
            self.files.blockSignals(True)
            self.files.select(self._shown_path)
            self.files.blockSignals(False)
            return
        self._show_file(path)

    def _show_file(self, path: str) -> None:
        store = self._store
        self.pane.refusal.hide()
        self._shown_path = path
        if store is None or not path:
            return
        report = self._reports.get(path)
        row = self.files.selected_row()
        deleted = row is not None and row.deleted
        if deleted and row is not None:
            text = row.last_text
        elif report is not None:
            text = report.text
        else:
            text = next((f.text for f in store.files() if f.path == path), "")
        self._loaded_text = text
        self.pane.editor.setPlainText(text)
        self.pane.editor.setReadOnly(self.read_only or deleted)
        for button in (self.pane.save_button, self.pane.rename_button, self.pane.delete_button):
            button.setEnabled(not self.read_only and not deleted)
        problem = self.problem.text()
        if deleted:
            problem = self.tr("This file was deleted; to bring it back, undo the delete in its history (Ctrl+Z there).")
        history = store.history(path) if report is not None or deleted else []
        self.details.show_file(report, history, problem=problem)
        self.pane.update_counter()
        self.pane.warning.check()

    def _revert(self) -> None:
        self.pane.editor.setPlainText(self._loaded_text or "")
        self.pane.refusal.hide()

    def save_file(self) -> bool:
        store, path = self._store, self.selected_path()
        if store is None or not path or self.read_only:
            return False
        return self._save(store, path, self.pane.editor.toPlainText(), self._loaded_text)

    def _save(self, store: MemoryStore, path: str, text: str, expected: str | None) -> bool:
        result = store.save_as_person(path, text, expected)
        if result.conflict:
            choice = self.resolve_conflict(path, result.message)
            if choice == memory_merge.RELOAD:
                self._after_change(path, reload_text=True)
                return False
            if choice == memory_merge.OVERWRITE:
                return self._save(store, path, text, result.current_text)
            if choice == memory_merge.MERGE:
                merged = self.merge_texts(path, result.current_text, text)
                if merged is not None:
                    self.pane.editor.setPlainText(merged)
                    return self._save(store, path, merged, result.current_text)
            self.pane.say(self.tr("Not saved: {message}").format(message=translation.shown(result.message)))
            return False
        if not result.saved:
            self.pane.say(self.tr("Not saved: {message}").format(message=translation.shown(result.message)))
            return False
        self._after_change(path, reload_text=True)
        return True

    def _after_change(self, select: str, *, reload_text: bool = False, message: str = "") -> None:
        if reload_text:
            self._shown_path = ""  # the editor's text is the file's again
            self._loaded_text = None
            self.pane.editor.clear()
        self.refresh(file=select)
        self.pane.say(message, error=False)

    def new_file(self) -> bool:
        store = self._store
        name = self.ask_text(self.tr("New memory file"), self.tr("File name (e.g. build-notes.md):"), "notes.md")
        if store is None or not name:
            return False
        path = f"/memories/{name.strip().removeprefix('/memories/')}"
        result = store.save_as_person(path, "", None)
        if not result.saved:
            self.pane.say(self.tr("Not created: {message}").format(message=translation.shown(result.message)))
            return False
        self._after_change(path, reload_text=True)
        return True

    def _run(self, command: dict[str, str], select: str = "") -> bool:
        """Run one memory command as a person; show a refusal, reload on success."""
        if self._store is None or self.read_only:
            return False
        result = self._store.execute(command, session_id=PERSON_SESSION, by="person")
        if result.is_error:
            said = translation.shown(result.text.removeprefix("Error: "))  # a cap's words are marked in app/core
            self.pane.say(self.tr("Not done: {removeprefix}").format(removeprefix=said))
            return False
        self._after_change(select, reload_text=True)
        return True

    def rename_file(self) -> bool:
        old = self.selected_path()
        if not old:
            return False
        name = self.ask_text(self.tr("Rename memory file"), self.tr("New name:"), old.removeprefix("/memories/"))
        if not name or f"/memories/{name}" == old:
            return False
        new = f"/memories/{name.strip().removeprefix('/memories/')}"
        return self._run({"command": "rename", "old_path": old, "new_path": new}, new)

    def delete_file(self) -> bool:
        path = self.selected_path()
        if not path or self.read_only:
            return False
        question = self.tr("Delete {path}? The agent will no longer know it. (Its history keeps an Undo.)").format(
            path=path
        )
        if not self.confirm(self.tr("Delete memory file"), question):
            return False
        return self._run({"command": "delete", "path": path})

    def make_standing(self, path: str, line: str) -> bool:
        """Make a promotion candidate standing: it loads as the developer's, and the agent cannot change it."""
        return self._choose_line(path, lambda store: store.person.make_standing(line, path))

    def restore_line(self, path: str, line: str) -> bool:
        """Load an archived line in sessions again."""
        return self._choose_line(path, lambda store: store.person.restore(line, path))

    def _choose_line(self, path: str, choice: Callable[[MemoryStore], str]) -> bool:
        store = self._store
        if store is None or self.read_only:
            return False
        try:
            message = choice(store)
        except (LineChoiceRefused, JournalError) as exc:
            self.pane.say(str(exc))
            return False
        self._after_change(path, message=message)
        return True

    def revert_change(self, op: int) -> bool:
        """Undo one change chosen in the history (a delete included)."""
        store, path = self._store, self.selected_path()
        if store is None or self.read_only:
            return False
        try:
            reverted = [c for c in store.history() if c.op == op]
            store.revert(op)
        except (UndoRefused, JournalError) as exc:
            self.pane.say(str(exc))
            return False
        self._after_change(path, reload_text=True, message=undone_line(reverted))
        return True

    def forget_repository(self) -> bool:
        store = self._store
        if store is None:
            return False
        name = store.repository.name if store.repository else store.key.name
        question = self.tr(
            "Forget everything the agent remembers about {name}?\n\nEvery memory file and the journal of "
            "where they came from are deleted. This cannot be undone."
        ).format(name=name)
        if not self.confirm(self.tr("Forget this repository"), question):
            return False
        store.forget()
        self._shown_path = ""
        self.refresh()
        return True

    # ---- default dialogs ----------------------------------------------------------------

    def _own_line(self) -> tuple[str, str] | None:
        """The line selected in the Lines box when it is the person's own (theirs, or made standing): to share."""
        line = self.details.lines.selected_line()
        if line is None or not (line["by"] == "person" or line["standing"]):
            return None
        return self.selected_path(), str(line["text"]).strip()

    def _confirm_dialog(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _text_dialog(self, title: str, label: str, value: str) -> str | None:
        text, ok = QInputDialog.getText(self, title, label, text=value)
        return text if ok and text.strip() else None
