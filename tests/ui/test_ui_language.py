"""The app's own words in German and Spanish (issue 42): complete catalogues, every window walked, nothing cut off.

The catalogue tests need no desktop. The window walk runs tests/ui/language_view.py on the Xvfb desktop, once per
language, in its own process (the translator is installed before the first window, as the app does); its
screenshots go to test-artifacts/screenshots/language/ (git-ignored).
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import anthropic
import httpx2
import pytest
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from app.core.agent.client import describe_failure
from app.core.errors import MissingApiKeyError
from app.core.keep_offer import KeepOffer
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP, UiText
from app.ui import translation
from app.ui.memory_held import HeldNotice
from app.ui.settings_window import SettingsWindow
from tests.team_server import TeamDatabase, unique
from tests.ui.test_desktop_views import _distinct_colours
from tests.ui.ui_walk import TRANSLATIONS, clipped, still_english, visible_texts

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots" / "language"
LANGUAGES = ("de", "es")
QT_BIN = Path(sys.executable).parent
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# The reasons the real gate and holder give in the walk (language_view.py), as each language says them: a line
# held because the person confirms every note, one suggested for the team, and a file and line (refused when the
# agent wrote it at the person's request, noted under the text when the person wrote it).
REASONS = {
    "de": (
        "der Entwickler hat gebeten, jede Notiz vor dem Merken zu bestätigen",
        "der Agent schlägt es für das Team-Gedächtnis vor; nur Sie können es teilen",
        "es heftet ein Problem an eine Datei und Zeilennummer, die sich mit der nächsten Änderung verschiebt",
    ),
    "es": (
        "el desarrollador pidió confirmar cada nota antes de recordarla",
        "el agente lo sugiere para la memoria del equipo; solo tú puedes compartirlo",
        "sitúa un problema en un archivo y un número de línea, que la próxima edición desplaza",
    ),
}


# How a Keep refused by a cap begins, and the caps (a file's, the whole memory's) as the language writes them
# (Spanish groups from 10,000 on).
NOT_KEPT = {"de": "Nicht behalten: ", "es": "No se conservó: "}
CAPS = {"de": ("höchstens 4.000.", "liegt bei 6.000 für"), "es": ("como mucho 4000.", "el límite es 6000 para")}


def _messages(language: str) -> Iterator[tuple[str, ET.Element]]:
    for message in ET.parse(TRANSLATIONS / f"voice_dev_agent_{language}.ts").iter("message"):
        yield message.findtext("source") or "", message


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_with_its_placeholders(language: str) -> None:
    messages = list(_messages(language))
    assert len(messages) > 500
    for source, message in messages:
        translation_ = message.find("translation")
        assert translation_ is not None and not translation_.get("type"), f"not finished: {source!r}"
        forms = [f.text or "" for f in translation_.findall("numerusform")] or [translation_.text or ""]
        for text in forms:
            assert text.strip(), f"empty translation of {source!r}"
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), (source, text)
            assert ("%n" in text) == ("%n" in source), (source, text)
            assert text.endswith("…") == source.endswith("…"), (source, text)  # "…" says a dialog follows
        if message.get("numerus") == "yes":
            assert len(forms) == 2, source  # German and Spanish: one and other


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_holds_every_string_of_the_code_and_the_qm_is_current(language: str, tmp_path: Path) -> None:
    lupdate, lrelease = QT_BIN / "pyside6-lupdate", QT_BIN / "pyside6-lrelease"
    if not lupdate.exists():
        pytest.skip("pyside6-lupdate is not beside this Python")
    ts = tmp_path / f"voice_dev_agent_{language}.ts"
    shutil.copy(TRANSLATIONS / ts.name, ts)
    sources = sorted(str(p) for p in (ROOT / "app" / "ui").glob("*.py"))
    sources += sorted(
        str(p)
        for p in (ROOT / "app").rglob("*.py")
        if "from app.core.ui_text import QT_TRANSLATE_NOOP" in p.read_text()
    )
    out = subprocess.run(
        [str(lupdate), "-locations", "none", "-no-obsolete", *sources, "-ts", str(ts)],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=True,
    )  # fmt: skip
    assert "(0 new and" in out.stdout, f"strings in the code that the catalogue lacks:\n{out.stdout}"
    assert ts.read_text() == (TRANSLATIONS / ts.name).read_text(), "run installer/translations.sh update"
    qm = tmp_path / "fresh.qm"
    subprocess.run([str(lrelease), "-silent", str(TRANSLATIONS / ts.name), "-qm", str(qm)], check=True, timeout=60)
    assert qm.read_bytes() == (TRANSLATIONS / ts.with_suffix(".qm").name).read_bytes(), (
        "the .qm is older than its .ts: run installer/translations.sh release"
    )


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def test_every_translation_call_finds_its_message_under_the_context_it_asks_for() -> None:
    """self.tr asks under its class's name, translate under the context it names: the catalogue must agree.

    pyside6-lupdate misses a tr() inside an f-string and, after a translate("ctx", "text") inside a class,
    files the next self.tr under a wrong context; such a string stays English at run time.
    """
    catalogue = ET.parse(TRANSLATIONS / "voice_dev_agent_de.ts")
    held = {(c.findtext("name"), m.findtext("source")) for c in catalogue.iter("context") for m in c.iter("message")}
    lost = []
    for path in sorted((ROOT / "app" / "ui").glob("*.py")):

        def visit(node: ast.AST, owner: str | None, path: Path = path) -> None:
            owner = node.name if isinstance(node, ast.ClassDef) else owner
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
                call, args = node.func, node.args
                if call.attr == "tr" and isinstance(call.value, ast.Name) and call.value.id == "self":
                    asked = (owner, _literal(args[0]))
                elif call.attr == "translate" and len(args) >= 2 and _literal(args[0]):
                    asked = (_literal(args[0]), _literal(args[1]))
                else:
                    asked = (None, None)
                if asked[1] is not None and asked not in held:
                    lost.append(f"{path.name}:{node.lineno} {asked}")
            for child in ast.iter_child_nodes(node):
                visit(child, owner)

        visit(ast.parse(path.read_text()), None)
    assert lost == []


@pytest.fixture
def german(qapp: QApplication) -> Iterator[None]:
    assert translation.install(qapp, "de") == "de"
    yield
    translation.remove(qapp)


def test_the_walker_reports_a_new_untranslated_string_and_text_that_does_not_fit(german: None, qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    known = QLabel(QCoreApplication.translate("AppMenu", "Listen"))  # in the catalogue: German now
    new = QLabel("Frobnicate the cache before lunch")  # a string nobody put through tr()
    forgotten = QPushButton("Ask again")  # in the catalogue, but shown without tr()
    narrow = QLabel(QCoreApplication.translate("AppMenu", "Undo last memory change"))
    narrow.setFixedWidth(40)
    for widget in (known, new, forgotten, narrow):
        layout.addWidget(widget)
    window.show()
    qtbot.waitExposed(window)
    assert known.text() == "Zuhören"
    found = still_english(visible_texts(window), "de")
    assert len(found) == 2, found
    assert "Frobnicate" in found[0] and "Ask again" in found[1]
    cut = clipped(window)
    assert len(cut) == 1 and "Letzte Gedächtnisänderung" in cut[0], cut


def test_qts_own_buttons_are_translated_too(german: None, qtbot: QtBot) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(buttons)
    shown = {b.text().replace("&", "") for b in buttons.buttons()}
    assert shown == {"Speichern", "Abbrechen"}  # from Qt's qtbase_de.qm, installed beside the app's catalogue


def test_core_words_are_english_below_the_ui_and_translated_where_shown(german: None) -> None:
    made = QT_TRANSLATE_NOOP("playback", "The speaker {name} is back and in use again.").format(name="'USB'")
    assert isinstance(made, UiText) and made == "The speaker 'USB' is back and in use again."  # log, command line
    assert translation.shown(made) == "Der Lautsprecher 'USB' ist zurück und wieder in Gebrauch."
    assert translation.shown("plain text") == "plain text"
    offline = anthropic.APIConnectionError(request=httpx2.Request("POST", "https://api.anthropic.com/v1/messages"))
    failed = describe_failure(offline)  # a turn's failure, as the session hands it to the tray
    assert failed.startswith("I couldn't reach Claude")
    assert translation.shown(failed).startswith("Ich konnte Claude nicht erreichen: Es gibt keine Verbindung")
    missing = str(MissingApiKeyError())  # an error's message and hint, each marked where it is raised
    assert missing.startswith("No Anthropic API key is set. Enter it")
    assert translation.shown(missing).startswith("Es ist kein Anthropic-API-Schlüssel gesetzt. Geben Sie ihn")


def test_the_language_follows_the_system_unless_one_is_chosen() -> None:
    assert translation.chosen_language("", QLocale("de_DE")) == "de"
    assert translation.chosen_language("", QLocale("es_MX")) == "es"
    assert translation.chosen_language("", QLocale("fr_FR")) == "en"  # no French catalogue: English
    assert translation.chosen_language("en", QLocale("de_DE")) == "en"
    assert translation.chosen_language("es", QLocale("de_DE")) == "es"


def test_settings_offers_the_language_and_says_it_applies_at_the_next_start(qtbot: QtBot, app_home: Path) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    choice = window.language
    assert [choice.itemText(i) for i in range(choice.count())] == ["System", "English", "Deutsch", "Español"]
    assert window.current().ui_language == ""
    assert "starts again" in choice.note.text()
    choice.setCurrentIndex(choice.findData("de"))
    assert window.save()
    assert "starts again" in window.status.text()
    from app.core import settings as settings_store

    assert settings_store.load().settings.ui_language == "de"
    window.load(replace(Settings(), ui_language="es"))
    assert choice.currentText() == "Español"


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_window_in_the_language_has_no_english_left_and_nothing_cut_off(
    language: str, desktop: None, tmp_path: Path
) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "PYTHONPATH": str(ROOT), "VOICE_DEV_AGENT_HOME": str(tmp_path)}
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.null.Keyring"
    env.pop("ANTHROPIC_API_KEY", None)
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("language_view.py")), language, str(SHOTS), str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=180, cwd=ROOT,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert (seen["platform"], seen["language"]) == ("xcb", language)
    windows = seen["windows"]
    assert {"status", "notice", "tray-menu", "panel", "panel-trust", "history", "ask"} <= set(windows)
    # the panel's held and refused lines, waiting and settled; the questions asked in message boxes; the merge
    assert {"panel-held", "panel-settled", "confirm-link", "merge", "confirm-conflict"} <= set(windows)
    # A real cap refusing the held line's Keep and the Keep it anyway: said in the language, its numbers its own.
    assert "panel-keep-refused" in windows
    refused = seen["keep_refused"]
    assert len(refused) >= 2 and all(NOT_KEPT[language] in text for text in refused), refused
    assert any(CAPS[language][0] in text for text in refused), refused  # the file's cap, Keep it anyway's
    assert any(CAPS[language][1] in text for text in refused), refused  # the whole memory's, the held line's
    assert not any(re.search(r"\d,\d{3}", text) for text in refused), refused  # no English "4,000"
    questions = {"confirm-delete-memory", "confirm-forget", "confirm-unsaved-settings", "confirm-delete-history"}
    assert questions | {"history-deleted"} <= set(windows)
    assert sum(name.startswith("settings-") for name in windows) == 5  # General, Voice, Speech, Repositories, Memory
    assert sum(name.startswith("setup-") for name in windows) == 5
    # The real gate's and holder's reasons, in the held lines' tooltips, the refused line's row and the memory
    # window's note, in the language (each walked with its window above: an English reason fails the walk).
    held_asked, held_team, file_and_line = REASONS[language]
    assert len(seen["reasons"]) == 3, seen["reasons"]
    assert held_asked in seen["reasons"][0] and held_team in seen["reasons"][1], seen["reasons"]
    assert file_and_line in seen["reasons"][2] and file_and_line in seen["warning"], (seen["reasons"], seen["warning"])
    for name, window in windows.items():
        assert window["texts"] > 3, f"{name}: nothing walked"
        assert window["english"] == [], f"{name}: still English:\n" + "\n".join(window["english"])
        assert window["clipped"] == [], f"{name}: cut off:\n" + "\n".join(window["clipped"])
        assert _distinct_colours(SHOTS / window["shot"]) > 8, f"{window['shot']} looks blank"
    print("screenshots:", SHOTS)


def test_errors_raised_below_the_ui_reach_the_person_in_german_and_stay_english_for_the_log(
    german: None, tmp_path: Path
) -> None:
    from app.core.errors import ModelLoadError, TeamServerError
    from app.core.team.server import connect
    from app.voice.model_transfer import disk_full
    from app.voice.models import whisper_dir

    full = str(disk_full(tmp_path))  # a download stopped by a full disk
    assert full.startswith("The disk is full (") and f"free in {tmp_path})." in full
    shown = translation.shown(full)
    assert shown.startswith("Der Datenträger ist voll (") and f"frei in {tmp_path})." in shown
    assert "Angekommenes bleibt erhalten" in shown  # the hint, translated too
    with pytest.raises(ModelLoadError) as folder:
        whisper_dir(str(tmp_path))  # a model folder chosen in Settings that holds no model
    assert str(folder.value).startswith(f"The transcription model folder {tmp_path} is missing model.bin")
    assert translation.shown(str(folder.value)).startswith(f"Im Ordner des Transkriptionsmodells {tmp_path} fehlt")
    with pytest.raises(TeamServerError) as server:
        connect("host=localhost port=notaport", options={"connect_timeout": 2})  # a server that cannot be reached
    assert str(server.value).startswith("The team server is unreachable (")
    assert translation.shown(str(server.value)).startswith("Der Team-Server ist nicht erreichbar (")


def test_a_memory_file_changed_meanwhile_is_said_in_spanish(qapp: QApplication, tmp_path: Path) -> None:
    from app.core.memory import open_store

    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    store = open_store(repo)
    store.execute({"command": "create", "path": "/memories/notes.md", "file_text": "- uno\n"}, session_id="s")
    result = store.save_as_person("/memories/notes.md", "- dos\n", "- cero\n")
    assert result.conflict and result.message == "/memories/notes.md changed since you opened it; nothing was saved."
    assert translation.install(qapp, "es") == "es"
    try:
        assert translation.shown(result.message) == "/memories/notes.md cambió desde que lo abriste; no se guardó nada."
    finally:
        translation.remove(qapp)


def test_the_gates_refusal_reaches_the_person_in_german_and_the_model_reads_the_same_english(german: None) -> None:
    from app.core.memory import gate, judgement

    lines = [f"- {n} Tests schlagen fehl in src/modul{n}.py:{n}" for n in range(2, 8)]
    refusal = gate.check_write("/memories/build.md", None, "\n".join(lines) + "\n", {})
    assert refusal is not None and refusal.message == f"Error: {refusal.said}"
    assert refusal.message.startswith(
        'Error: Not saved. The line "- 2 Tests schlagen fehl in src/modul2.py:2" was refused: it pins a problem to a '
        "file and line number, which the next edit moves. Save the lesson, the decision or the plan, not the result"
    )  # what the model reads, as before
    assert refusal.reason in judgement._FIRM  # the shape's own reason, compared as the str it is
    shown = translation.shown(refusal.said)
    assert shown.startswith(
        "Nicht gespeichert. Die Zeile „- 2 Tests schlagen fehl in src/modul2.py:2“ wurde abgelehnt: es heftet ein "
        "Problem an eine Datei und Zeilennummer, die sich mit der nächsten Änderung verschiebt. Speichern Sie die Lehre"
    )
    assert "„Wenn der Build nach einem Branch-Wechsel mit CS0246 fehlschlägt, zuerst dotnet restore ausführen“" in shown
    assert "Aus dem gleichen Grund ebenfalls abgelehnt: " in shown and shown.endswith(" und 2 weitere.")
    assert still_english([("refusal", shown)], "de") == []

    line = "- Tabs in Makefiles verwenden"
    twice = gate.check_write("/memories/b.md", None, f"{line}\n", {"/memories/a.md": f"{line.lower()}\n"})
    assert twice is not None and twice.said.startswith(f'Not saved. The line "{line}" is already in /memories/a.md.')
    assert translation.shown(twice.said).startswith(
        "Nicht gespeichert. Die Zeile „- Tabs in Makefiles verwenden“ steht bereits in /memories/a.md. Das Gedächtnis"
    )


def test_a_held_lines_reason_read_back_from_the_journal_is_shown_in_german(german: None, tmp_path: Path) -> None:
    from app.core.memory import open_store
    from app.ui.memory_held import waiting

    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    store = open_store(repo)
    store.execute({"command": "create", "path": "/memories/t.md", "file_text": "- Always run make lint first.\n"})
    [held] = waiting(repo)  # as the journal keeps it: the English words, marked again
    assert held.reason == "it runs a tool in every later session, which the developer did not ask for"
    assert translation.shown(held.reason) == (
        "es führt in jeder späteren Sitzung ein Werkzeug aus, worum der Entwickler nicht gebeten hat"
    )
    assert translation.shown("a reason nobody marked") == "a reason nobody marked"


def _team_checkout(tmp_path: Path) -> Path:
    repo = tmp_path / "teilen"
    repo.mkdir()
    for args in (["init", "-q", "-b", "main"], ["remote", "add", "origin", f"git@example.com:org/{tmp_path.name}.git"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True)
    return repo


def test_a_team_refusal_is_shown_in_german_in_the_memory_window(
    german: None, desktop: None, qtbot: QtBot, team_db: TeamDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import Qt

    from app.core.memory import open_store, suggest
    from app.core.repo_identity import repository_identity
    from app.core.team import config
    from app.core.team.read_only import set_read_only
    from app.core.team.server import connect

    checkout = _team_checkout(tmp_path)
    identity = repository_identity(checkout).key
    me, lead = team_db.role(), team_db.role("lead")
    team_db.grant(identity, me)
    team_db.grant(identity, lead, admin_right=True)
    monkeypatch.setenv(config.ENV_DSN, team_db.dsn(me))
    note = "- Veröffentlichungen macht, wer gerade Dienst hat; siehe docs/releasing.md."
    held = open_store(checkout).execute({"command": "create", "path": suggest.SUGGEST_PATH, "file_text": f"{note}\n"})
    assert "Held for the developer" in held.text
    window = SettingsWindow(Settings(recent_repos=(str(checkout),), last_repo=str(checkout)))
    qtbot.addWidget(window)
    window.resize(1100, 760)
    window.tabs.setCurrentWidget(window.memory)
    window.show()
    box = window.memory.held
    [row] = list(box._shown)
    share = box.share_button(row)
    assert share is not None and share.text() == "Mit dem Team teilen"
    qtbot.waitUntil(share.isEnabled, timeout=10_000)
    with connect(team_db.dsn(lead)) as conn:  # the team's admin, while the window is open
        set_read_only(conn, identity, True)
    qtbot.mouseClick(share, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Nicht geteilt:" in box.lines()[0], timeout=10_000)
    refusal = "Der Admin des Teams hat das Team-Gedächtnis dieses Repositorys schreibgeschützt gemacht."
    assert box.lines()[0].endswith(f"(Nicht geteilt: {refusal})"), box.lines()
    qtbot.waitUntil(lambda: refusal in share.toolTip(), timeout=10_000)  # the button says why it is off now
    SHOTS.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(SHOTS / "de-team-refusal.png"))
    assert still_english(visible_texts(box), "de") == []
    window.memory.team.close_team()


def test_the_team_servers_own_words_reach_the_person_as_a_marked_sentence(
    german: None, team_db: TeamDatabase, caplog: pytest.LogCaptureFixture
) -> None:
    from app.core.errors import TeamRefused
    from app.core.team.server import connect, translated

    reader = team_db.role()
    team_db.grant(unique("words"), reader, write=False)  # a reader of one repository's team memory
    with connect(team_db.dsn(reader)) as conn, pytest.raises(TeamRefused) as refused, translated("test"):
        conn.execute("INSERT INTO vda.repos (identity) VALUES ('someone-elses')")  # only the owner adds repositories
    said = str(refused.value)
    assert said in (
        "The team server refused this: the team's rules do not let your role write this there",
        "The team server refused this: your role lacks the privilege for this",
    )
    assert translation.shown(said) in (
        "Der Team-Server hat das abgelehnt: die Regeln des Teams erlauben Ihrer Rolle nicht, dies dort zu schreiben",
        "Der Team-Server hat das abgelehnt: Ihrer Rolle fehlt dafür die Berechtigung",
    )
    logged = caplog.text  # the server's own words stay in the log
    assert "(42501): permission denied" in logged or "row-level security" in logged
    with pytest.raises(TeamRefused) as login:
        connect(team_db.dsn("nobody_here"))
    assert str(login.value).endswith("refused the login: there is no such role")
    assert translation.shown(str(login.value)).endswith("hat die Anmeldung abgelehnt: diese Rolle gibt es nicht")
    assert 'role "nobody_here" does not exist' in caplog.text


def test_a_cap_and_the_credential_filter_refuse_in_german_and_the_model_reads_the_same_english(
    german: None, tmp_path: Path
) -> None:
    from app.core.memory import credentials, open_store

    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    store = open_store(repo)
    big = "- " + "x" * 4_100 + "\n"
    told = store.execute({"command": "create", "path": "/memories/big.md", "file_text": big})
    assert told.is_error and told.text.startswith("Error: Refused: /memories/big.md would hold 4,103 characters; a ")
    saved = store.save_as_person("/memories/big.md", big, None)  # the memory window's Save, the team's share
    assert not saved.saved and saved.message == told.text.removeprefix("Error: ")
    assert translation.shown(saved.message).startswith(
        "Abgelehnt: /memories/big.md hätte 4.103 Zeichen; eine Gedächtnisdatei fasst höchstens 4.000. Fassen Sie"
    )
    secret = credentials.refusal("a GitHub token")
    assert secret.startswith("Error: Refused: the text looks like a GitHub token. Never store secrets")
    assert translation.shown(secret.removeprefix("Error: ")).startswith(
        "Abgelehnt: Der Text sieht nach einem Zugangsdatum aus (a GitHub token). Speichern Sie nie Geheimnisse"
    )


def _near_the_cap(repo: Path, path: str) -> None:
    """The person's own file at 3,990 characters: one more line of the agent's takes it past the 4,000 a file holds."""
    from app.core.memory import open_store

    current = next((f.text for f in open_store(repo).person.files() if f.path == path), None)
    filler = "- " + "Notiz " * 663 + "\n"  # 3,981 characters of the person's own words
    saved = open_store(repo).save_as_person(path, (current or "") + filler, current)
    assert saved.saved, saved.message


def _agent_lines(tmp_path: Path) -> tuple[Path, KeepOffer, tuple[HeldNotice, ...]]:
    """A line the person asked for that the real gate refused (offered to keep anyway), and held lines, in German."""
    from tests.ui.language_view import CONTENT, _refused_and_held, _repo

    _title, _answer, note, words = CONTENT["de"]
    repo = _repo(tmp_path, note, words)
    offer, held = _refused_and_held(repo, "de")
    return repo, offer, held


def _no_english(widget: QWidget) -> list[tuple[str, str]]:
    texts = list(visible_texts(widget))
    assert still_english(texts, "de") == [], still_english(texts, "de")
    return texts


def test_keep_it_anyway_refused_by_a_cap_is_said_in_german_with_german_numbers(
    german: None, qtbot: QtBot, tmp_path: Path
) -> None:
    from app.core.memory import open_store
    from app.ui.memory_keep import KeepAnyway, KeepBox

    repo, offer, _held = _agent_lines(tmp_path)
    _near_the_cap(repo, offer.path)
    box = KeepBox()
    qtbot.addWidget(box)
    box.add((offer,))
    keeper = KeepAnyway(lambda: repo)
    keeper.kept.connect(box.kept)
    box.show()
    qtbot.waitExposed(box)
    said = keeper.keep(offer)  # the real store's cap refuses the person's line
    row = box.lines()[0]
    assert row == said and row.startswith("Nicht behalten: /memories/state.md hätte 4.0"), row
    assert "Zeichen; eine Gedächtnisdatei fasst höchstens 4.000. Fassen Sie" in row, row
    assert "4,0" not in row and "Refused" not in row and "Abgelehnt" not in row, row  # said once, as "Not kept"
    _no_english(box)
    # The person's Save in the memory window meets the same cap, and the model reads the same English as before.
    told = open_store(repo).person.add_line(offer.line, offer.path)
    assert not told.saved and told.message.startswith("Refused: /memories/state.md would hold 4,0"), told.message
    assert "characters; a memory file holds at most 4,000. Merge related entries" in told.message, told.message


def test_a_held_lines_keep_refused_by_a_cap_is_said_in_german_and_the_command_line_reads_english(
    german: None, qtbot: QtBot, tmp_path: Path
) -> None:
    from app.core.memory import open_store
    from app.ui.memory_held import HeldBox, HeldNotices

    repo, _offer, held = _agent_lines(tmp_path)
    note = held[0]  # held because the person confirms every note: /memories/tools.md
    _near_the_cap(repo, note.path)
    box = HeldBox()
    qtbot.addWidget(box)
    box.add(held)
    settling = HeldNotices(lambda: repo)
    settling.settled.connect(box.settled)
    box.show()
    qtbot.waitExposed(box)
    said = settling.keep(note)  # the real keeping refuses: the file would pass its cap
    assert said.startswith("Nicht behalten: Abgelehnt: /memories/tools.md hätte 4.0"), said
    assert "eine Gedächtnisdatei fasst höchstens 4.000." in said and "4,0" not in said, said
    shown = [text for _where, text in _no_english(box) if said in text]  # the row and its tooltip
    assert f"{note.line} ({said})" in shown, shown
    # `memory keep` on the command line: the same refusal, in English, byte for byte as before.
    settled = open_store(repo).keep(note.text)
    assert [s.kept for s in settled] == [False]
    assert settled[0].message.startswith("Not kept: Refused: /memories/tools.md would hold 4,0"), settled[0].message
    assert "characters; a memory file holds at most 4,000. Merge related entries" in settled[0].message


def test_keeping_and_discarding_say_what_became_of_the_line_in_german(german: None, tmp_path: Path) -> None:
    from app.core.memory import open_store

    repo, _offer, held = _agent_lines(tmp_path)
    store = open_store(repo)
    kept = store.keep(held[0].text)
    assert [str(s.message) for s in kept] == ["Kept in /memories/tools.md."]  # the command line's words
    assert translation.shown(kept[0].message) == "In /memories/tools.md behalten."
    dropped = store.discard(held[1].text)
    assert translation.shown(dropped[0].message).startswith("Verworfen; /memories/")
    assert str(dropped[0].message).startswith("Discarded; /memories/")


def test_the_memory_windows_counts_are_grouped_the_german_way(
    german: None, qtbot: QtBot, app_home: Path, tmp_path: Path
) -> None:
    from app.ui.memory_text import MemoryText

    text = MemoryText()
    qtbot.addWidget(text)
    text.editor.setPlainText("x" * 4_100)
    assert text.counter.text() == "4.100 / 4.000 Zeichen  — über der Obergrenze", text.counter.text()
    from app.core.memory import open_store
    from app.ui.memory_repos import RepositoryList

    repo = tmp_path / "projekt"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    saved = open_store(repo).save_as_person("/memories/notes.md", "- " + "Notiz " * 200 + "\n", None)
    assert saved.saved, saved.message
    rows = RepositoryList()
    qtbot.addWidget(rows)
    rows.fill(repo, repo)
    shown = [rows.item(i).text() for i in range(rows.count())]
    assert shown == ["projekt\n1.221 / 6.000 Zeichen · 1 Datei"], shown  # English: "1,221 / 6,000 characters"
