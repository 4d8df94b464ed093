"""The memory viewer/editor: what the agent remembers per repository, where it came from, and edits.

Every change goes through the repository's MemoryStore as a memory-tool command with
session_id "editor", so the caps and the credential filter apply to a person's edits
exactly as to the model's, and a refusal is shown in the window. Changes reach the
agent in its next session, like the model's own writes.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.core.memory import FILE_CAP, STORE_CAP, FileStats, MemoryStore, RepositoryMemory, list_repositories

EDITOR_SESSION = "editor"
STALE_DAYS = 90
NO_MEMORY = "No memory yet. The agent writes here when it learns something worth keeping about a repository."
NO_MEMORY_FOR_REPO = "No memory yet for this repository."
ROLE_FOLDER = Qt.ItemDataRole.UserRole
ROLE_REPO = Qt.ItemDataRole.UserRole + 1


def when(moment: datetime | None) -> str:
    if moment is None:
        return "never"
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def flag_for(stats: FileStats, now: datetime) -> str:
    """Why a file deserves a look: never read back, or untouched for 90 days; "" otherwise."""
    if stats.last_read is None:
        return "never read back"
    latest = max(d for d in (stats.last_read, stats.last_written, stats.modified) if d is not None)
    if now - latest > timedelta(days=STALE_DAYS):
        return f"untouched for {(now - latest).days} days"
    return ""


class MemoryEditor(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Dialog hooks: a test answers them the way a person would.
        self.confirm: Callable[[str, str], bool] = self._confirm_dialog
        self.ask_text: Callable[[str, str, str], str | None] = self._text_dialog
        self._active_repo: Path | None = None
        self._store: MemoryStore | None = None
        self._loaded_text = ""

        self.repos = QListWidget()
        self.repos.setToolTip("Repositories with memory; the size counts against the whole-store cap")
        self.repos.currentItemChanged.connect(lambda *_: self._load_repository())
        self.forget_button = QPushButton("Forget this repository…")
        self.forget_button.setToolTip("Delete every memory and the journal of this repository, for real")
        self.forget_button.clicked.connect(self.forget_repository)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(QLabel("<b>Repositories</b>"))
        left.addWidget(self.repos, 1)
        left.addWidget(self.forget_button)

        self.files = QListWidget()
        self.files.setToolTip("Memory files; a flag marks files never read back or untouched for 90 days")
        self.files.currentItemChanged.connect(lambda *_: self._load_file())
        self.empty_label = QLabel(NO_MEMORY)
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setStyleSheet("color: palette(mid); padding: 24px;")
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.editor = QPlainTextEdit()
        self.editor.setPlaceholderText("The memory file's text")
        self.editor.textChanged.connect(self._update_counter)
        self.counter = QLabel()
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.refusal.hide()
        self.save_button = QPushButton("Save")
        self.save_button.setToolTip("Save this file (Ctrl+S); the agent sees it in its next session")
        self.save_button.clicked.connect(self.save_file)
        self.revert_button = QPushButton("Revert")
        self.revert_button.clicked.connect(self._revert)
        self.new_button = QPushButton("New file…")
        self.new_button.clicked.connect(self.new_file)
        self.rename_button = QPushButton("Rename…")
        self.rename_button.clicked.connect(self.rename_file)
        self.delete_button = QPushButton("Delete…")
        self.delete_button.clicked.connect(self.delete_file)
        buttons = QHBoxLayout()
        buttons.addWidget(self.counter, 1)
        for button in (self.new_button, self.rename_button, self.delete_button, self.revert_button):
            buttons.addWidget(button)
        buttons.addWidget(self.save_button)
        QShortcut(QKeySequence.StandardKey.Save, self, self.save_file)

        self.detail = QWidget()
        detail = QVBoxLayout(self.detail)
        detail.setContentsMargins(0, 0, 0, 0)
        detail.addWidget(self.info)
        detail.addWidget(self.editor, 1)
        detail.addWidget(self.refusal)
        detail.addLayout(buttons)

        right_panel = QWidget()
        right = QVBoxLayout(right_panel)
        right.setContentsMargins(0, 0, 0, 0)
        self.repo_title = QLabel()
        self.repo_title.setWordWrap(True)
        right.addWidget(self.repo_title)
        files_and_detail = QSplitter(Qt.Orientation.Vertical)
        files_and_detail.addWidget(self.files)
        files_and_detail.addWidget(self.detail)
        files_and_detail.setSizes([120, 320])
        right.addWidget(files_and_detail, 1)
        right.addWidget(self.empty_label, 1)

        left_panel = QWidget()
        left_panel.setLayout(left)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left_panel)
        splitter.addWidget(right_panel)
        splitter.setSizes([230, 520])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self._files_and_detail = files_and_detail
        self.refresh()

    # ---- repositories -----------------------------------------------------------------

    def set_active_repository(self, repo: Path | None) -> None:
        """The app's current repository is listed (and selected) even before it has memory."""
        self._active_repo = repo
        self.refresh(select=repo)

    def refresh(self, select: Path | None = None) -> None:
        current = self._selected_folder()
        self.repos.blockSignals(True)
        self.repos.clear()
        entries = list_repositories()
        known = {r.repository for r in entries}
        if self._active_repo is not None and self._active_repo.resolve() not in known:
            empty = MemoryStore.for_repository(self._active_repo)
            entries.insert(0, RepositoryMemory(empty.folder, empty.repository, 0, 0, 0))
        for entry in entries:
            name = entry.repository.name if entry.repository else entry.folder.name
            item = QListWidgetItem(
                f"{name}\n{entry.chars:,} / {STORE_CAP:,} characters · {entry.files} "
                f"file{'s' if entry.files != 1 else ''}"
            )
            item.setToolTip(str(entry.repository or f"(unknown repository) {entry.folder}"))
            item.setData(ROLE_FOLDER, str(entry.folder))
            item.setData(ROLE_REPO, str(entry.repository) if entry.repository else "")
            self.repos.addItem(item)
        self.repos.blockSignals(False)
        target_folder = MemoryStore.for_repository(select).folder if select is not None else current
        row = 0
        for i in range(self.repos.count()):
            if target_folder is not None and self.repos.item(i).data(ROLE_FOLDER) == str(target_folder):
                row = i
        if self.repos.count():
            self.repos.setCurrentRow(row)
        self._load_repository()

    def _selected_folder(self) -> Path | None:
        item = self.repos.currentItem()
        return Path(item.data(ROLE_FOLDER)) if item is not None else None

    def _load_repository(self) -> None:
        item = self.repos.currentItem()
        self.refusal.hide()
        if item is None:
            self._store = None
            self.repo_title.setText("")
            self._show_empty(NO_MEMORY)
            self.forget_button.setEnabled(False)
            return
        repo = Path(item.data(ROLE_REPO)) if item.data(ROLE_REPO) else None
        self._store = MemoryStore(Path(item.data(ROLE_FOLDER)), repository=repo)
        self.repo_title.setText(f"<b>{repo.name if repo else 'Unknown repository'}</b> — {repo or ''}")
        self._load_files()

    def _load_files(self, select: str = "") -> None:
        store = self._store
        self.files.blockSignals(True)
        self.files.clear()
        stats = store.stats() if store is not None else {}
        now = datetime.now(UTC)
        for path, info in sorted(stats.items()):
            flag = flag_for(info, now)
            label = f"{path.removeprefix('/memories/')}   ({info.chars:,} chars)"
            item = QListWidgetItem(f"⚑ {label} — {flag}" if flag else label)
            item.setData(ROLE_FOLDER, path)
            if flag:
                item.setToolTip(f"Worth a look: {flag}. Delete it if it is no longer true.")
            self.files.addItem(item)
        self.files.blockSignals(False)
        self.forget_button.setEnabled(store is not None and store.folder.exists())
        self.new_button.setEnabled(store is not None)
        if not stats:
            self._show_empty(NO_MEMORY_FOR_REPO)
            return
        self.empty_label.hide()
        self._files_and_detail.show()
        paths = [self.files.item(i).data(ROLE_FOLDER) for i in range(self.files.count())]
        self.files.setCurrentRow(paths.index(select) if select in paths else 0)
        self._load_file()

    def _show_empty(self, text: str) -> None:
        self.empty_label.setText(text)
        self.empty_label.show()
        self._files_and_detail.hide()
        self.counter.setText("")

    # ---- one file ---------------------------------------------------------------------------

    def selected_path(self) -> str:
        item = self.files.currentItem()
        return str(item.data(ROLE_FOLDER)) if item is not None else ""

    def _load_file(self) -> None:
        store, path = self._store, self.selected_path()
        self.refusal.hide()
        if store is None or not path:
            return
        text = next((f.text for f in store.files() if f.path == path), "")
        self._loaded_text = text
        self.editor.setPlainText(text)
        info = store.stats().get(path)
        writes = [e for e in store.history(path) if e.kind == "write"]
        lines = []
        if writes:
            last = writes[-1]
            origin = "by you in this window" if last.session_id == EDITOR_SESSION else "by the agent"
            lines.append(f"Written {when(last.at)} {origin}.")
            spoken = next((e.user_words for e in reversed(writes) if e.user_words), "")
            if spoken and last.session_id != EDITOR_SESSION:
                lines.append(f"From your words: “{spoken}”")
        elif info is not None:
            lines.append(f"Changed {when(info.modified)} (not through the app).")
        if info is not None:
            if info.last_read is None:
                lines.append("⚑ Never read back by the agent.")
            else:
                times = f"{info.read_count} time{'s' if info.read_count != 1 else ''}"
                lines.append(f"Last read {when(info.last_read)}; read {times}.")
            flag = flag_for(info, datetime.now(UTC))
            if flag and flag != "never read back":
                lines.append(f"⚑ {flag[:1].upper()}{flag[1:]}.")
        self.info.setText("\n".join(lines))
        self._update_counter()

    def _update_counter(self) -> None:
        length = len(self.editor.toPlainText())
        over = length > FILE_CAP
        self.counter.setText(f"{length:,} / {FILE_CAP:,} characters" + ("  — over the cap" if over else ""))
        self.counter.setStyleSheet("color: #b3261e;" if over else "")

    def _revert(self) -> None:
        self.editor.setPlainText(self._loaded_text)
        self.refusal.hide()

    def _run(self, command: dict[str, str], select: str = "") -> bool:
        """Run one memory command as the editor; show a refusal, reload on success."""
        if self._store is None:
            return False
        result = self._store.execute(
            command, session_id=EDITOR_SESSION, user_words="edited in the memory window", by="person"
        )
        if result.is_error:
            self.refusal.setText(f"Not saved: {result.text.removeprefix('Error: ')}")
            self.refusal.show()
            return False
        self.refresh()
        self._load_files(select)
        return True

    def save_file(self) -> bool:
        path = self.selected_path()
        if not path:
            return False
        return self._run({"command": "create", "path": path, "file_text": self.editor.toPlainText()}, path)

    def new_file(self) -> bool:
        name = self.ask_text("New memory file", "File name (e.g. build-notes.md):", "notes.md")
        if not name:
            return False
        path = f"/memories/{name.strip().removeprefix('/memories/')}"
        return self._run({"command": "create", "path": path, "file_text": ""}, path)

    def rename_file(self) -> bool:
        old = self.selected_path()
        if not old:
            return False
        name = self.ask_text("Rename memory file", "New name:", old.removeprefix("/memories/"))
        if not name or f"/memories/{name}" == old:
            return False
        new = f"/memories/{name.strip().removeprefix('/memories/')}"
        return self._run({"command": "rename", "old_path": old, "new_path": new}, new)

    def delete_file(self) -> bool:
        path = self.selected_path()
        if not path or not self.confirm("Delete memory file", f"Delete {path}? The agent will no longer know it."):
            return False
        return self._run({"command": "delete", "path": path})

    def forget_repository(self) -> bool:
        store = self._store
        if store is None:
            return False
        name = store.repository.name if store.repository else store.folder.name
        question = (
            f"Forget everything the agent remembers about {name}?\n\n"
            "Every memory file and the journal of where they came from are deleted. This cannot be undone."
        )
        if not self.confirm("Forget this repository", question):
            return False
        store.forget()
        self.refresh()
        return True

    # ---- default dialogs ----------------------------------------------------------------

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
