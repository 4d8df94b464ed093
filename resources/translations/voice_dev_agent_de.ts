<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AgentWorker</name>
    <message>
        <source>The answer failed with an internal error ({name}).</source>
        <translation>Die Antwort ist an einem internen Fehler gescheitert ({name}).</translation>
    </message>
</context>
<context>
    <name>AnswerPanel</name>
    <message>
        <source>Earlier answer (Left)</source>
        <translation>Frühere Antwort (Pfeil links)</translation>
    </message>
    <message>
        <source>Later answer (Right)</source>
        <translation>Spätere Antwort (Pfeil rechts)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy this answer as Markdown (Ctrl+C)</source>
        <translation>Diese Antwort als Markdown kopieren (Strg+C)</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Schließen (Esc)</translation>
    </message>
    <message>
        <source>What was said aloud</source>
        <translation>Was laut gesagt wurde</translation>
    </message>
    <message>
        <source>Answer text</source>
        <translation>Text der Antwort</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Undo this change to the memory</source>
        <translation>Diese Änderung am Gedächtnis rückgängig machen</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <source>No answers yet</source>
        <translation>Noch keine Antworten</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>Hold the hotkey and ask a question; answers of this session appear here.</source>
        <translation>Halten Sie das Tastenkürzel und stellen Sie eine Frage; die Antworten dieser Sitzung erscheinen hier.</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Still answering…</source>
        <translation>Antwortet noch…</translation>
    </message>
    <message>
        <source>Not opened: {reason}</source>
        <translation>Nicht geöffnet: {reason}</translation>
    </message>
    <message>
        <source>Not opened: {shortened}</source>
        <translation>Nicht geöffnet: {shortened}</translation>
    </message>
    <message>
        <source>Will not open: {reason}</source>
        <translation>Wird nicht geöffnet: {reason}</translation>
    </message>
</context>
<context>
    <name>AppMenu</name>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>Switch to the editor&apos;s repository</source>
        <translation>Zum Repository des Editors wechseln</translation>
    </message>
    <message>
        <source>Listen</source>
        <translation>Zuhören</translation>
    </message>
    <message>
        <source>Start listening; choose Stop listening when done</source>
        <translation>Zuhören beginnen; wählen Sie „Zuhören beenden“, wenn Sie fertig sind</translation>
    </message>
    <message>
        <source>Ask by typing…</source>
        <translation>Per Tastatur fragen…</translation>
    </message>
    <message>
        <source>Ask a question without speaking</source>
        <translation>Eine Frage stellen, ohne zu sprechen</translation>
    </message>
    <message>
        <source>Show last answer</source>
        <translation>Letzte Antwort zeigen</translation>
    </message>
    <message>
        <source>Open the panel with the answers of this session</source>
        <translation>Das Fenster mit den Antworten dieser Sitzung öffnen</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>Neue Sitzung</translation>
    </message>
    <message>
        <source>Forget this conversation; the next question starts from memory</source>
        <translation>Dieses Gespräch vergessen; die nächste Frage beginnt beim Gedächtnis</translation>
    </message>
    <message>
        <source>Stop speaking</source>
        <translation>Sprechen beenden</translation>
    </message>
    <message>
        <source>Silence the current answer</source>
        <translation>Die aktuelle Antwort verstummen lassen</translation>
    </message>
    <message>
        <source>Cancel answer</source>
        <translation>Antwort abbrechen</translation>
    </message>
    <message>
        <source>Stop this answer, thought or spoken; ask again when you like</source>
        <translation>Diese Antwort beenden, ob gedacht oder gesprochen; fragen Sie erneut, wann Sie möchten</translation>
    </message>
    <message>
        <source>Memory…</source>
        <translation>Gedächtnis…</translation>
    </message>
    <message>
        <source>Review what the agent remembers about your repositories</source>
        <translation>Prüfen, was sich der Agent über Ihre Repositorys merkt</translation>
    </message>
    <message>
        <source>Undo last memory change</source>
        <translation>Letzte Gedächtnisänderung rückgängig</translation>
    </message>
    <message>
        <source>Nothing the agent remembered in this session yet</source>
        <translation>Der Agent hat sich in dieser Sitzung noch nichts gemerkt</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>Verlauf…</translation>
    </message>
    <message>
        <source>Past questions and replies: search, ask again, correct what was heard</source>
        <translation>Frühere Fragen und Antworten: suchen, erneut fragen, Gehörtes korrigieren</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen…</translation>
    </message>
    <message>
        <source>API key, voice, hotkey, devices</source>
        <translation>API-Schlüssel, Stimme, Tastenkürzel, Geräte</translation>
    </message>
    <message>
        <source>Set up…</source>
        <translation>Einrichten…</translation>
    </message>
    <message>
        <source>The first steps again: API key, repository, microphone and hotkey checks</source>
        <translation>Die ersten Schritte erneut: API-Schlüssel, Repository, Mikrofon- und Tastenkürzel-Prüfung</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Quit {APP_DISPLAY_NAME}</source>
        <translation>{APP_DISPLAY_NAME} beenden</translation>
    </message>
    <message>
        <source>Repository: {name}</source>
        <translation>Repository: {name}</translation>
    </message>
    <message>
        <source>Repository: none chosen</source>
        <translation>Repository: keines gewählt</translation>
    </message>
    <message>
        <source>No repository yet</source>
        <translation>Noch kein Repository</translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation>Ordner wählen…</translation>
    </message>
    <message>
        <source>Pick the folder of a git repository to ask about</source>
        <translation>Den Ordner eines Git-Repositorys wählen, zu dem Sie fragen möchten</translation>
    </message>
    <message>
        <source>Memory for {name}</source>
        <translation>Gedächtnis für {name}</translation>
    </message>
    <message>
        <source>Switch to {name} (open in {editor})</source>
        <translation>Zu {name} wechseln (offen in {editor})</translation>
    </message>
    <message>
        <source>Ask about {repo}, the repository {editor} shows</source>
        <translation>Zu {repo} fragen, dem Repository, das {editor} zeigt</translation>
    </message>
    <message>
        <source>Undo: {line}</source>
        <translation>Rückgängig: {line}</translation>
    </message>
    <message>
        <source>Nothing the agent remembered to undo</source>
        <translation>Nichts vom Agenten Gemerktes zum Rückgängigmachen</translation>
    </message>
    <message>
        <source>Stop listening</source>
        <translation>Zuhören beenden</translation>
    </message>
</context>
<context>
    <name>AskDialog</name>
    <message>
        <source>Ask</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>Your question</source>
        <translation>Ihre Frage</translation>
    </message>
    <message>
        <source>Ask about this repository… (Enter asks, Shift+Enter for a new line)</source>
        <translation>Zu diesem Repository fragen… (Enter fragt, Umschalt+Enter für eine neue Zeile)</translation>
    </message>
    <message>
        <source>Your question:</source>
        <translation>Ihre Frage:</translation>
    </message>
</context>
<context>
    <name>AskedWith</name>
    <message>
        <source>Ask the same question again without what the editor shows</source>
        <translation>Dieselbe Frage erneut stellen, ohne das, was der Editor zeigt</translation>
    </message>
    <message>
        <source>Asked with {summary}</source>
        <translation>Gefragt mit {summary}</translation>
    </message>
    <message>
        <source>{root}/{path}, line {line}, as {editor} showed it</source>
        <translation>{root}/{path}, Zeile {line}, wie {editor} es zeigte</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>No {language} voice installed: the answer is shown, not spoken. Settings → Speech → Voices</source>
        <translation>Keine Stimme für {language} installiert: Die Antwort wird gezeigt, nicht gesprochen. Einstellungen → Spracherkennung → Stimmen</translation>
    </message>
    <message>
        <source>Choose a repository first: “{text}” is kept and asked once you do.</source>
        <translation>Wählen Sie zuerst ein Repository: „{text}“ wird aufbewahrt und gefragt, sobald Sie eines gewählt haben.</translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%n session(s)</source>
        <translation>
            <numerusform>%n Sitzung</numerusform>
            <numerusform>%n Sitzungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s)</source>
        <translation>
            <numerusform>%n Commit</numerusform>
            <numerusform>%n Commits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n year(s)</source>
        <translation>
            <numerusform>%n Jahr</numerusform>
            <numerusform>%n Jahre</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n Tag</numerusform>
            <numerusform>%n Tage</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n Stunde</numerusform>
            <numerusform>%n Stunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n Minute</numerusform>
            <numerusform>%n Minuten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DesktopApp</name>
    <message>
        <source>No Anthropic API key yet: enter it under Settings to get answers.</source>
        <translation>Noch kein Anthropic-API-Schlüssel: Geben Sie ihn unter Einstellungen ein, um Antworten zu erhalten.</translation>
    </message>
    <message>
        <source>Now asking about {name} ({why}).</source>
        <translation>Fragen jetzt zu {name} ({why}).</translation>
    </message>
    <message>
        <source>Now asking about {name}.</source>
        <translation>Fragen jetzt zu {name}.</translation>
    </message>
    <message>
        <source>Choose a git repository</source>
        <translation>Ein Git-Repository wählen</translation>
    </message>
    <message>
        <source>What was learned could not be saved ({value}).</source>
        <translation>Das Gelernte konnte nicht gespeichert werden ({value}).</translation>
    </message>
    <message>
        <source>The settings could not be saved ({value}).</source>
        <translation>Die Einstellungen konnten nicht gespeichert werden ({value}).</translation>
    </message>
</context>
<context>
    <name>EditorRepository</name>
    <message>
        <source>{name} has it open</source>
        <translation>{name} hat es geöffnet</translation>
    </message>
    <message>
        <source>{editor} shows {name}; questions are about {active}.</source>
        <translation>{editor} zeigt {name}; die Fragen gelten {active}.</translation>
    </message>
    <message>
        <source>Switch to {name}</source>
        <translation>Zu {name} wechseln</translation>
    </message>
</context>
<context>
    <name>FileRow</name>
    <message>
        <source>deleted (its history can undo that)</source>
        <translation>gelöscht (sein Verlauf kann das rückgängig machen)</translation>
    </message>
    <message>
        <source>⚠ {count} gone</source>
        <translation>⚠ {count} weg</translation>
    </message>
    <message>
        <source>⚠ {count} changed</source>
        <translation>⚠ {count} geändert</translation>
    </message>
    <message>
        <source>Deleted: select it and undo the delete in its history to bring it back.</source>
        <translation>Gelöscht: Wählen Sie die Datei aus und machen Sie das Löschen in ihrem Verlauf rückgängig, um sie zurückzuholen.</translation>
    </message>
    <message>
        <source>Names paths that no longer exist: </source>
        <translation>Nennt Pfade, die es nicht mehr gibt: </translation>
    </message>
    <message>
        <source>Names paths changed since it was written: </source>
        <translation>Nennt Pfade, die sich seit dem Schreiben geändert haben: </translation>
    </message>
    <message>
        <source>Check these before trusting the note; edit or delete it if it is no longer true.</source>
        <translation>Prüfen Sie diese, bevor Sie der Notiz trauen; bearbeiten oder löschen Sie sie, wenn sie nicht mehr stimmt.</translation>
    </message>
    <message>
        <source>{upper}{use} by the agent in a session (loading it does not count).</source>
        <translation>{upper}{use} vom Agenten in einer Sitzung (Laden zählt nicht).</translation>
    </message>
</context>
<context>
    <name>HeldBox</name>
    <message>
        <source>Held because {reason}.</source>
        <translation>Zurückgehalten, denn {reason}.</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Keep this line in the memory</source>
        <translation>Diese Zeile im Gedächtnis behalten</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Discard this line; it is not remembered</source>
        <translation>Diese Zeile verwerfen; sie wird nicht gemerkt</translation>
    </message>
    <message>
        <source>Share this line with everyone on this repository&apos;s team</source>
        <translation>Diese Zeile mit allen im Team dieses Repositorys teilen</translation>
    </message>
</context>
<context>
    <name>HeldNotice</name>
    <message>
        <source>Waiting for you: “{short}” for {file_name}</source>
        <translation>Wartet auf Sie: „{short}“ für {file_name}</translation>
    </message>
</context>
<context>
    <name>HeldNotices</name>
    <message>
        <source>Already settled elsewhere: it no longer waits.</source>
        <translation>Bereits anderswo erledigt: Es wartet nicht mehr.</translation>
    </message>
    <message>
        <source>Not settled: the memory could not be changed ({exc}).</source>
        <translation>Nicht erledigt: Das Gedächtnis konnte nicht geändert werden ({exc}).</translation>
    </message>
    <message>
        <source>Kept in {file_name}; the next session loads it:</source>
        <translation>In {file_name} behalten; die nächste Sitzung lädt es:</translation>
    </message>
    <message>
        <source>Discarded, not remembered:</source>
        <translation>Verworfen, nicht gemerkt:</translation>
    </message>
    <message>
        <source>The team server could not be asked; see the log file.</source>
        <translation>Der Team-Server konnte nicht gefragt werden; siehe Protokolldatei.</translation>
    </message>
    <message>
        <source>Not shared</source>
        <translation>Nicht geteilt</translation>
    </message>
    <message>
        <source>Not shared: {text}</source>
        <translation>Nicht geteilt: {text}</translation>
    </message>
    <message>
        <source>Not shared: the memory could not be changed ({exc}).</source>
        <translation>Nicht geteilt: Das Gedächtnis konnte nicht geändert werden ({exc}).</translation>
    </message>
</context>
<context>
    <name>HistorySettings</name>
    <message>
        <source>Keep a history of questions and replies (on this computer only)</source>
        <translation>Einen Verlauf der Fragen und Antworten führen (nur auf diesem Computer)</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>Older questions and replies are deleted</source>
        <translation>Ältere Fragen und Antworten werden gelöscht</translation>
    </message>
    <message>
        <source>Open History…</source>
        <translation>Verlauf öffnen…</translation>
    </message>
    <message>
        <source>Keep for:</source>
        <translation>Aufbewahren:</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>Heard as</source>
        <translation>Gehört als</translation>
    </message>
    <message>
        <source>Written as</source>
        <translation>Geschrieben als</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>Gelernt</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Forget this spelling: the words are transcribed as heard again</source>
        <translation>Diese Schreibweise vergessen: Die Wörter werden wieder wie gehört geschrieben</translation>
    </message>
    <message>
        <source>Nothing learned yet. Correct a transcript in the History window to teach a name.</source>
        <translation>Noch nichts gelernt. Korrigieren Sie eine Abschrift im Verlauf, um einen Namen beizubringen.</translation>
    </message>
    <message>
        <source>Learned from your corrections:</source>
        <translation>Aus Ihren Korrekturen gelernt:</translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>History is off: new questions are not kept. Turn it on under Settings → Speech.</source>
        <translation>Der Verlauf ist aus: Neue Fragen werden nicht aufbewahrt. Schalten Sie ihn unter Einstellungen → Spracherkennung ein.</translation>
    </message>
    <message>
        <source>Show the turns of one repository</source>
        <translation>Die Runden eines Repositorys zeigen</translation>
    </message>
    <message>
        <source>Search questions, replies, tools and pages</source>
        <translation>Fragen, Antworten, Werkzeuge und Seiten durchsuchen</translation>
    </message>
    <message>
        <source>What was heard. Correct it here: the repository learns the names you fix.</source>
        <translation>Was gehört wurde. Korrigieren Sie es hier: Das Repository lernt die Namen, die Sie berichtigen.</translation>
    </message>
    <message>
        <source>Save correction</source>
        <translation>Korrektur speichern</translation>
    </message>
    <message>
        <source>Keep this as what you said; names you fixed are learned for this repository</source>
        <translation>Dies als Ihre Worte behalten; berichtigte Namen werden für dieses Repository gelernt</translation>
    </message>
    <message>
        <source>Show page again</source>
        <translation>Seite erneut zeigen</translation>
    </message>
    <message>
        <source>Copy question</source>
        <translation>Frage kopieren</translation>
    </message>
    <message>
        <source>Copy reply</source>
        <translation>Antwort kopieren</translation>
    </message>
    <message>
        <source>Ask again</source>
        <translation>Erneut fragen</translation>
    </message>
    <message>
        <source>Ask this question again, in the current session</source>
        <translation>Diese Frage erneut stellen, in der aktuellen Sitzung</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete this turn from the history</source>
        <translation>Diese Runde aus dem Verlauf löschen</translation>
    </message>
    <message>
        <source>Heard:</source>
        <translation>Gehört:</translation>
    </message>
    <message>
        <source>Reply:</source>
        <translation>Antwort:</translation>
    </message>
    <message>
        <source>Pages shown:</source>
        <translation>Gezeigte Seiten:</translation>
    </message>
    <message>
        <source>Delete this repository&apos;s history</source>
        <translation>Verlauf dieses Repositorys löschen</translation>
    </message>
    <message>
        <source>Delete all history</source>
        <translation>Ganzen Verlauf löschen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the History window (Esc)</source>
        <translation>Das Verlaufsfenster schließen (Esc)</translation>
    </message>
    <message>
        <source>The history could not be read ({exc}).</source>
        <translation>Der Verlauf konnte nicht gelesen werden ({exc}).</translation>
    </message>
    <message>
        <source>no repository</source>
        <translation>kein Repository</translation>
    </message>
    <message>
        <source>Nothing matches the search.</source>
        <translation>Nichts passt zur Suche.</translation>
    </message>
    <message>
        <source>No questions kept yet.</source>
        <translation>Noch keine Fragen aufbewahrt.</translation>
    </message>
    <message>
        <source>All repositories</source>
        <translation>Alle Repositorys</translation>
    </message>
    <message>
        <source> · typed on the command line</source>
        <translation> · auf der Befehlszeile getippt</translation>
    </message>
    <message>
        <source> · heard in {language}</source>
        <translation> · gehört auf {language}</translation>
    </message>
    <message>
        <source> (failed)</source>
        <translation> (fehlgeschlagen)</translation>
    </message>
    <message>
        <source>Tools: {ran}</source>
        <translation>Werkzeuge: {ran}</translation>
    </message>
    <message>
        <source>No tools ran.</source>
        <translation>Keine Werkzeuge liefen.</translation>
    </message>
    <message>
        <source>Corrected; heard as: “{heard}”</source>
        <translation>Korrigiert; gehört als: „{heard}“</translation>
    </message>
    <message>
        <source>Asked again.</source>
        <translation>Erneut gefragt.</translation>
    </message>
    <message>
        <source>The correction could not be saved ({exc}).</source>
        <translation>Die Korrektur konnte nicht gespeichert werden ({exc}).</translation>
    </message>
    <message>
        <source>Correction saved. Learned for {name}: {learned}.</source>
        <translation>Korrektur gespeichert. Für {name} gelernt: {learned}.</translation>
    </message>
    <message>
        <source>Correction saved. No code names to learn in it.</source>
        <translation>Korrektur gespeichert. Keine Code-Namen darin zu lernen.</translation>
    </message>
    <message>
        <source>Deleted.</source>
        <translation>Gelöscht.</translation>
    </message>
    <message>
        <source>Delete every kept question and reply of {name}?</source>
        <translation>Alle aufbewahrten Fragen und Antworten von {name} löschen?</translation>
    </message>
    <message>
        <source>Deleted the history of {name}.</source>
        <translation>Verlauf von {name} gelöscht.</translation>
    </message>
    <message>
        <source>Delete every kept question and reply, of all repositories?</source>
        <translation>Alle aufbewahrten Fragen und Antworten aller Repositorys löschen?</translation>
    </message>
    <message>
        <source>All history deleted.</source>
        <translation>Ganzer Verlauf gelöscht.</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>Kopiert.</translation>
    </message>
</context>
<context>
    <name>HotkeyBridge</name>
    <message>
        <source>{exc} You can still ask by typing from the tray menu.</source>
        <translation>{exc} Sie können weiterhin über das Menü des Symbols per Tastatur fragen.</translation>
    </message>
</context>
<context>
    <name>HotkeyEdit</name>
    <message>
        <source>Click here, then press the keys</source>
        <translation>Hier klicken, dann die Tasten drücken</translation>
    </message>
    <message>
        <source>Click, then press the key combination you want to hold while speaking</source>
        <translation>Klicken, dann die Tastenkombination drücken, die Sie beim Sprechen halten möchten</translation>
    </message>
    <message>
        <source>Press the keys now…</source>
        <translation>Jetzt die Tasten drücken…</translation>
    </message>
</context>
<context>
    <name>KeepAnyway</name>
    <message>
        <source>Not kept: no repository is chosen.</source>
        <translation>Nicht behalten: Es ist kein Repository gewählt.</translation>
    </message>
    <message>
        <source>Not kept: the memory could not be changed ({exc}).</source>
        <translation>Nicht behalten: Das Gedächtnis konnte nicht geändert werden ({exc}).</translation>
    </message>
    <message>
        <source>Kept as your line in {file}; the next session loads it:</source>
        <translation>Als Ihre Zeile in {file} behalten; die nächste Sitzung lädt sie:</translation>
    </message>
    <message>
        <source>Not kept: {reason}</source>
        <translation>Nicht behalten: {reason}</translation>
    </message>
</context>
<context>
    <name>KeepBox</name>
    <message>
        <source>Keep this line in the memory as your own</source>
        <translation>Diese Zeile als Ihre eigene im Gedächtnis behalten</translation>
    </message>
    <message>
        <source>Adds it to {file} as your line, as `memory add` does</source>
        <translation>Fügt sie als Ihre Zeile zu {file} hinzu, wie `memory add` es tut</translation>
    </message>
</context>
<context>
    <name>LanguageChoice</name>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>The language of the app&apos;s windows, menus and notices</source>
        <translation>Die Sprache der Fenster, Menüs und Hinweise der App</translation>
    </message>
    <message>
        <source>Applies when the app starts again. The command line stays in English.</source>
        <translation>Gilt ab dem nächsten Start der App. Die Befehlszeile bleibt englisch.</translation>
    </message>
</context>
<context>
    <name>LevelMeter</name>
    <message>
        <source>Live microphone level: speak and watch it move</source>
        <translation>Aktueller Mikrofonpegel: Sprechen Sie und sehen Sie ihn sich bewegen</translation>
    </message>
    <message>
        <source>The microphone cannot be opened ({name}).</source>
        <translation>Das Mikrofon kann nicht geöffnet werden ({name}).</translation>
    </message>
</context>
<context>
    <name>MemoryDetails</name>
    <message>
        <source>History of this file</source>
        <translation>Verlauf dieser Datei</translation>
    </message>
    <message>
        <source>Every change to this file, newest first; Ctrl+Z undoes the selected one</source>
        <translation>Jede Änderung an dieser Datei, neueste zuerst; Strg+Z macht die gewählte rückgängig</translation>
    </message>
    <message>
        <source>Old and new text of the selected change</source>
        <translation>Alter und neuer Text der gewählten Änderung</translation>
    </message>
    <message>
        <source>Undo this change</source>
        <translation>Diese Änderung rückgängig machen</translation>
    </message>
    <message>
        <source>Put back the text from before the selected change (Ctrl+Z in the history)</source>
        <translation>Den Text von vor der gewählten Änderung zurückholen (Strg+Z im Verlauf)</translation>
    </message>
    <message>
        <source>&lt;b&gt;History&lt;/b&gt; (newest first)</source>
        <translation>&lt;b&gt;Verlauf&lt;/b&gt; (neueste zuerst)</translation>
    </message>
    <message>
        <source>From your words: “{user_words}”</source>
        <translation>Aus Ihren Worten: „{user_words}“</translation>
    </message>
    <message>
        <source>&lt;p&gt;Moved from {old_path} to {path}; the text did not change.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Von {old_path} nach {path} verschoben; der Text hat sich nicht geändert.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>MemoryEditor</name>
    <message>
        <source>Forget this repository…</source>
        <translation>Dieses Repository vergessen…</translation>
    </message>
    <message>
        <source>Delete every memory and the journal of this repository, for real</source>
        <translation>Alle Notizen und das Journal dieses Repositorys endgültig löschen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Repositories&lt;/b&gt;</source>
        <translation>&lt;b&gt;Repositorys&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Memory for this repository</source>
        <translation>Gedächtnis für dieses Repository</translation>
    </message>
    <message>
        <source>Sort files by</source>
        <translation>Dateien sortieren nach</translation>
    </message>
    <message>
        <source>Ask before remembering</source>
        <translation>Vor dem Merken fragen</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Gedächtnis:</translation>
    </message>
    <message>
        <source>Sort by:</source>
        <translation>Sortieren:</translation>
    </message>
    <message>
        <source>This file changed while you edited it; Save will offer to merge.</source>
        <translation>Diese Datei hat sich geändert, während Sie sie bearbeitet haben; Speichern bietet das Zusammenführen an.</translation>
    </message>
    <message>
        <source>Unknown repository</source>
        <translation>Unbekanntes Repository</translation>
    </message>
    <message>
        <source>{exc} The files are shown read-only.</source>
        <translation>{exc} Die Dateien werden schreibgeschützt gezeigt.</translation>
    </message>
    <message>
        <source>Unsaved edit</source>
        <translation>Ungespeicherte Änderung</translation>
    </message>
    <message>
        <source>Drop your unsaved edit of {shown_path}?</source>
        <translation>Ihre ungespeicherte Änderung an {shown_path} verwerfen?</translation>
    </message>
    <message>
        <source>This file was deleted; to bring it back, undo the delete in its history (Ctrl+Z there).</source>
        <translation>Diese Datei wurde gelöscht; um sie zurückzuholen, machen Sie das Löschen in ihrem Verlauf rückgängig (dort Strg+Z).</translation>
    </message>
    <message>
        <source>Not saved: {message}</source>
        <translation>Nicht gespeichert: {message}</translation>
    </message>
    <message>
        <source>New memory file</source>
        <translation>Neue Gedächtnisdatei</translation>
    </message>
    <message>
        <source>File name (e.g. build-notes.md):</source>
        <translation>Dateiname (z. B. build-notes.md):</translation>
    </message>
    <message>
        <source>Not created: {message}</source>
        <translation>Nicht angelegt: {message}</translation>
    </message>
    <message>
        <source>Not done: {removeprefix}</source>
        <translation>Nicht erledigt: {removeprefix}</translation>
    </message>
    <message>
        <source>Rename memory file</source>
        <translation>Gedächtnisdatei umbenennen</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>Neuer Name:</translation>
    </message>
    <message>
        <source>Delete {path}? The agent will no longer know it. (Its history keeps an Undo.)</source>
        <translation>{path} löschen? Der Agent kennt sie dann nicht mehr. (Ihr Verlauf behält ein Rückgängig.)</translation>
    </message>
    <message>
        <source>Delete memory file</source>
        <translation>Gedächtnisdatei löschen</translation>
    </message>
    <message>
        <source>Forget everything the agent remembers about {name}?

Every memory file and the journal of where they came from are deleted. This cannot be undone.</source>
        <translation>Alles vergessen, was sich der Agent über {name} merkt?

Jede Gedächtnisdatei und das Journal ihrer Herkunft werden gelöscht. Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Forget this repository</source>
        <translation>Dieses Repository vergessen</translation>
    </message>
</context>
<context>
    <name>MemoryLines</name>
    <message>
        <source>Lines of this file</source>
        <translation>Zeilen dieser Datei</translation>
    </message>
    <message>
        <source>Make standing</source>
        <translation>Dauerhaft machen</translation>
    </message>
    <message>
        <source>Load this line as your own instruction in every session; the agent can no longer change it</source>
        <translation>Diese Zeile in jeder Sitzung als Ihre eigene Anweisung laden; der Agent kann sie nicht mehr ändern</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Load this archived line in sessions again</source>
        <translation>Diese archivierte Zeile wieder in Sitzungen laden</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lines&lt;/b&gt;</source>
        <translation>&lt;b&gt;Zeilen&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>MemoryList</name>
    <message>
        <source>Memory files</source>
        <translation>Gedächtnisdateien</translation>
    </message>
</context>
<context>
    <name>MemoryNotices</name>
    <message>
        <source>Nothing to undo.</source>
        <translation>Nichts rückgängig zu machen.</translation>
    </message>
</context>
<context>
    <name>MemoryTeam</name>
    <message>
        <source>Team memory lines</source>
        <translation>Zeilen des Team-Gedächtnisses</translation>
    </message>
    <message>
        <source>Share with the team</source>
        <translation>Mit dem Team teilen</translation>
    </message>
    <message>
        <source>Share the line selected in the Lines box with everyone on this repository&apos;s team</source>
        <translation>Die im Zeilenfeld gewählte Zeile mit allen im Team dieses Repositorys teilen</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Undo team change</source>
        <translation>Team-Änderung rückgängig</translation>
    </message>
    <message>
        <source>Undo the newest change to the team memory (kept in its history as a new change)</source>
        <translation>Die neueste Änderung am Team-Gedächtnis rückgängig machen (im Verlauf als neue Änderung festgehalten)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Team memory&lt;/b&gt;</source>
        <translation>&lt;b&gt;Team-Gedächtnis&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Reading the team memory…</source>
        <translation>Team-Gedächtnis wird gelesen…</translation>
    </message>
    <message>
        <source>Edit the team line</source>
        <translation>Team-Zeile bearbeiten</translation>
    </message>
    <message>
        <source>Everyone on this repository&apos;s team sees the new text:</source>
        <translation>Alle im Team dieses Repositorys sehen den neuen Text:</translation>
    </message>
    <message>
        <source>Delete the team line</source>
        <translation>Team-Zeile löschen</translation>
    </message>
    <message>
        <source>Delete this line for everyone on the team?

{text}</source>
        <translation>Diese Zeile für alle im Team löschen?

{text}</translation>
    </message>
    <message>
        <source>{upper}{unreachable}. Nothing can be shared, changed or undone until it answers.</source>
        <translation>{upper}{unreachable}. Nichts kann geteilt, geändert oder rückgängig gemacht werden, bis er antwortet.</translation>
    </message>
    <message>
        <source>Read-only for you: you may read this team memory on {where} but not change it. {count}</source>
        <translation>Für Sie schreibgeschützt: Sie dürfen dieses Team-Gedächtnis auf {where} lesen, aber nicht ändern. {count}</translation>
    </message>
    <message>
        <source>Shared with this repository&apos;s team on {where}; live. {count}</source>
        <translation>Mit dem Team dieses Repositorys auf {where} geteilt; live. {count}</translation>
    </message>
</context>
<context>
    <name>MemoryText</name>
    <message>
        <source>Text of the memory file</source>
        <translation>Text der Gedächtnisdatei</translation>
    </message>
    <message>
        <source>The memory file&apos;s text</source>
        <translation>Der Text der Gedächtnisdatei</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save this file (Ctrl+S); read in the next session</source>
        <translation>Diese Datei speichern (Strg+S); in der nächsten Sitzung gelesen</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Drop your unsaved edit</source>
        <translation>Ihre ungespeicherte Änderung verwerfen</translation>
    </message>
    <message>
        <source>New file…</source>
        <translation>Neue Datei…</translation>
    </message>
    <message>
        <source>Start a new memory file</source>
        <translation>Eine neue Gedächtnisdatei beginnen</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Give this file another name</source>
        <translation>Dieser Datei einen anderen Namen geben</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Delete this file (Delete in the list)</source>
        <translation>Diese Datei löschen (Entf in der Liste)</translation>
    </message>
    <message>
        <source>{length} / {cap} characters</source>
        <translation>{length} / {cap} Zeichen</translation>
    </message>
    <message>
        <source>  — over the cap</source>
        <translation>  — über der Obergrenze</translation>
    </message>
</context>
<context>
    <name>MergeDialog</name>
    <message>
        <source>Merge {path}</source>
        <translation>{path} zusammenführen</translation>
    </message>
    <message>
        <source>Saved meanwhile</source>
        <translation>Inzwischen gespeichert</translation>
    </message>
    <message>
        <source>(The file was deleted meanwhile.)</source>
        <translation>(Die Datei wurde inzwischen gelöscht.)</translation>
    </message>
    <message>
        <source>Your text, to be saved</source>
        <translation>Ihr Text, der gespeichert wird</translation>
    </message>
    <message>
        <source>Save merged</source>
        <translation>Zusammengeführt speichern</translation>
    </message>
    <message>
        <source>&lt;b&gt;Saved meanwhile&lt;/b&gt; (copy what you want to keep)</source>
        <translation>&lt;b&gt;Inzwischen gespeichert&lt;/b&gt; (kopieren Sie, was Sie behalten möchten)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Yours&lt;/b&gt;: this is what will be saved</source>
        <translation>&lt;b&gt;Ihrer&lt;/b&gt;: Das wird gespeichert</translation>
    </message>
</context>
<context>
    <name>Microphone</name>
    <message>
        <source>The microphone {described!r} is back and in use again.</source>
        <translation>Das Mikrofon {described!r} ist zurück und wieder in Gebrauch.</translation>
    </message>
    <message>
        <source>{message} Using the system default microphone instead. {hint}</source>
        <translation>{message} Stattdessen wird das Standardmikrofon des Systems verwendet. {hint}</translation>
    </message>
    <message>
        <source>{message} Using the system default microphone until it returns.</source>
        <translation>{message} Bis es zurückkehrt, wird das Standardmikrofon des Systems verwendet.</translation>
    </message>
</context>
<context>
    <name>RepositoryList</name>
    <message>
        <source>Repositories with memory</source>
        <translation>Repositorys mit Gedächtnis</translation>
    </message>
    <message>
        <source>Repositories with memory; the size counts against the whole-store cap</source>
        <translation>Repositorys mit Gedächtnis; die Größe zählt gegen die Obergrenze des ganzen Speichers</translation>
    </message>
    <message>
        <source>{name}
{chars} / {STORE_CAP} characters · {files}</source>
        <translation>{name}
{chars} / {STORE_CAP} Zeichen · {files}</translation>
    </message>
    <message>
        <source>(unknown repository) {key}</source>
        <translation>(unbekanntes Repository) {key}</translation>
    </message>
</context>
<context>
    <name>SettingsWindow</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Stimme</translation>
    </message>
    <message>
        <source>Speech</source>
        <translation>Spracherkennung</translation>
    </message>
    <message>
        <source>Repositories</source>
        <translation>Repositorys</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Gedächtnis</translation>
    </message>
    <message>
        <source>Your Anthropic API key; kept in the system keyring, never in a file</source>
        <translation>Ihr Anthropic-API-Schlüssel; im Schlüsselbund des Systems aufbewahrt, nie in einer Datei</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Testen</translation>
    </message>
    <message>
        <source>Make one cheap API call with this key</source>
        <translation>Einen günstigen API-Aufruf mit diesem Schlüssel machen</translation>
    </message>
    <message>
        <source>Use this key until the app quits</source>
        <translation>Diesen Schlüssel bis zum Beenden der App nutzen</translation>
    </message>
    <message>
        <source>Kept in memory only: not in the keyring, the settings or the logs</source>
        <translation>Nur im Arbeitsspeicher: nicht im Schlüsselbund, in den Einstellungen oder in den Protokollen</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <source>The Claude model that answers</source>
        <translation>Das Claude-Modell, das antwortet</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>How hard the model thinks before answering (higher is slower)</source>
        <translation>Wie gründlich das Modell vor dem Antworten nachdenkt (höher ist langsamer)</translation>
    </message>
    <message>
        <source>Effort:</source>
        <translation>Aufwand:</translation>
    </message>
    <message>
        <source>The longest answer the model may write in one step</source>
        <translation>Die längste Antwort, die das Modell in einem Schritt schreiben darf</translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation>Max. Tokens:</translation>
    </message>
    <message>
        <source> minutes</source>
        <translation> Minuten</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>After this long without a question, the next one starts a new session</source>
        <translation>Nach so langer Zeit ohne Frage beginnt die nächste eine neue Sitzung</translation>
    </message>
    <message>
        <source>New session after:</source>
        <translation>Neue Sitzung nach:</translation>
    </message>
    <message>
        <source> answers</source>
        <translation> Antworten</translation>
    </message>
    <message>
        <source>The answer panel keeps this many of the session&apos;s pages to step back through; older answers stay in the History window while history is on</source>
        <translation>So viele Seiten der Sitzung behält das Antwortfenster zum Zurückblättern; ältere Antworten bleiben im Verlauf, solange er an ist</translation>
    </message>
    <message>
        <source>Answers kept in the panel:</source>
        <translation>Antworten im Fenster:</translation>
    </message>
    <message>
        <source>Prepare the answer while I speak</source>
        <translation>Antwort schon beim Sprechen vorbereiten</translation>
    </message>
    <message>
        <source>Send what the editor shows</source>
        <translation>Senden, was der Editor zeigt</translation>
    </message>
    <message>
        <source>Start at login</source>
        <translation>Bei der Anmeldung starten</translation>
    </message>
    <message>
        <source>Language of the app:</source>
        <translation>Sprache der App:</translation>
    </message>
    <message>
        <source>Build and test commands per repository. Leave a field empty to let the agent detect the toolchain (dotnet, Python, Node, Cargo, Go, Make).</source>
        <translation>Build- und Testbefehle je Repository. Lassen Sie ein Feld leer, damit der Agent die Werkzeugkette erkennt (dotnet, Python, Node, Cargo, Go, Make).</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>Build command</source>
        <translation>Build-Befehl</translation>
    </message>
    <message>
        <source>Test command</source>
        <translation>Testbefehl</translation>
    </message>
    <message>
        <source>No repositories yet. Choose one from the tray menu, then set its commands here.</source>
        <translation>Noch keine Repositorys. Wählen Sie eines im Menü des Symbols und legen Sie hier seine Befehle fest.</translation>
    </message>
    <message>
        <source>the environment (ANTHROPIC_API_KEY)</source>
        <translation>der Umgebung (ANTHROPIC_API_KEY)</translation>
    </message>
    <message>
        <source>memory, until the app quits</source>
        <translation>dem Arbeitsspeicher, bis die App beendet wird</translation>
    </message>
    <message>
        <source>the system keyring</source>
        <translation>dem Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>{mask} — from {source}</source>
        <translation>{mask} — aus {source}</translation>
    </message>
    <message>
        <source>Paste your Anthropic API key (sk-ant-…)</source>
        <translation>Ihren Anthropic-API-Schlüssel einfügen (sk-ant-…)</translation>
    </message>
    <message>
        <source>The settings could not be saved: {value}.</source>
        <translation>Die Einstellungen konnten nicht gespeichert werden: {value}.</translation>
    </message>
    <message>
        <source>Removed. That spelling is no longer learned.</source>
        <translation>Entfernt. Diese Schreibweise ist nicht mehr gelernt.</translation>
    </message>
    <message>
        <source>Saved. From the next session, every line the agent writes waits for you to keep it.</source>
        <translation>Gespeichert. Ab der nächsten Sitzung wartet jede Zeile, die der Agent schreibt, darauf, dass Sie sie behalten.</translation>
    </message>
    <message>
        <source>Saved. From the next session, the agent remembers without asking (lines it copies from files, and standing instructions, still wait for you).</source>
        <translation>Gespeichert. Ab der nächsten Sitzung merkt sich der Agent Dinge ohne zu fragen (Zeilen, die er aus Dateien übernimmt, und dauerhafte Anweisungen warten weiterhin auf Sie).</translation>
    </message>
    <message>
        <source>{mask} — from the system keyring</source>
        <translation>{mask} — aus dem Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>The API key was not saved: see the General page.</source>
        <translation>Der API-Schlüssel wurde nicht gespeichert: siehe Seite Allgemein.</translation>
    </message>
    <message>
        <source>Start at login could not be changed ({value}).</source>
        <translation>„Bei der Anmeldung starten“ konnte nicht geändert werden ({value}).</translation>
    </message>
    <message>
        <source>Saved. The app&apos;s language changes when it starts again.</source>
        <translation>Gespeichert. Die Sprache der App ändert sich beim nächsten Start.</translation>
    </message>
    <message>
        <source>Saved. Changes apply to the next question.</source>
        <translation>Gespeichert. Änderungen gelten ab der nächsten Frage.</translation>
    </message>
    <message>
        <source>Enter a key first.</source>
        <translation>Geben Sie zuerst einen Schlüssel ein.</translation>
    </message>
    <message>
        <source>{mask} — from memory, until the app quits</source>
        <translation>{mask} — aus dem Arbeitsspeicher, bis die App beendet wird</translation>
    </message>
    <message>
        <source>Using this key until the app quits; it is not saved anywhere.</source>
        <translation>Dieser Schlüssel wird bis zum Beenden der App genutzt; er wird nirgends gespeichert.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
    <message>
        <source>Save your changes before closing?</source>
        <translation>Änderungen vor dem Schließen speichern?</translation>
    </message>
</context>
<context>
    <name>SetupWindow</name>
    <message>
        <source>Set up</source>
        <translation>Einrichten</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Leave this step for later (Settings has it too)</source>
        <translation>Diesen Schritt auf später verschieben (auch in den Einstellungen)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Anthropic API key</source>
        <translation>Anthropic-API-Schlüssel</translation>
    </message>
    <message>
        <source>Paste your Anthropic API key (sk-ant-…)</source>
        <translation>Ihren Anthropic-API-Schlüssel einfügen (sk-ant-…)</translation>
    </message>
    <message>
        <source>Use this key until the app quits</source>
        <translation>Diesen Schlüssel bis zum Beenden der App nutzen</translation>
    </message>
    <message>
        <source>Kept in memory only: not in the keyring, the settings or the logs</source>
        <translation>Nur im Arbeitsspeicher: nicht im Schlüsselbund, in den Einstellungen oder in den Protokollen</translation>
    </message>
    <message>
        <source>A key is set ({mask}). Paste another to replace it, or go on.</source>
        <translation>Ein Schlüssel ist gesetzt ({mask}). Fügen Sie einen anderen ein, um ihn zu ersetzen, oder machen Sie weiter.</translation>
    </message>
    <message>
        <source>Answers come from Claude, through Anthropic&apos;s API, with your own key (console.anthropic.com, API keys).</source>
        <translation>Die Antworten kommen von Claude, über die API von Anthropic, mit Ihrem eigenen Schlüssel (console.anthropic.com, API keys).</translation>
    </message>
    <message>
        <source>Your API key</source>
        <translation>Ihr API-Schlüssel</translation>
    </message>
    <message>
        <source>No repository is chosen yet.</source>
        <translation>Noch ist kein Repository gewählt.</translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation>Ordner wählen…</translation>
    </message>
    <message>
        <source>The agent answers about one repository at a time: the folder you work in.</source>
        <translation>Der Agent antwortet zu jeweils einem Repository: dem Ordner, in dem Sie arbeiten.</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>Say a few words: the bar moves with your voice. If it stays still, choose another microphone under Settings, Voice.</source>
        <translation>Sagen Sie ein paar Worte: Der Balken bewegt sich mit Ihrer Stimme. Bleibt er still, wählen Sie unter Einstellungen, Stimme ein anderes Mikrofon.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Mikrofon</translation>
    </message>
    <message>
        <source>Not pressed yet</source>
        <translation>Noch nicht gedrückt</translation>
    </message>
    <message>
        <source>Hotkey check</source>
        <translation>Tastenkürzel-Prüfung</translation>
    </message>
    <message>
        <source>Hotkey</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>What stays here, what is sent</source>
        <translation>Was hier bleibt, was gesendet wird</translation>
    </message>
    <message>
        <source>Step {value} of {count}: {STEPS}</source>
        <translation>Schritt {value} von {count}: {STEPS}</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Saved in the system keyring ({mask}).</source>
        <translation>Im Schlüsselbund des Systems gespeichert ({mask}).</translation>
    </message>
    <message>
        <source>Using this key until the app quits; it is not saved anywhere.</source>
        <translation>Dieser Schlüssel wird bis zum Beenden der App genutzt; er wird nirgends gespeichert.</translation>
    </message>
    <message>
        <source>Asking about {name} ({repo}).</source>
        <translation>Fragen zu {name} ({repo}).</translation>
    </message>
    <message>
        <source>Your question “{question}” is kept and asked as soon as you choose one.</source>
        <translation>Ihre Frage „{question}“ wird aufbewahrt und gestellt, sobald Sie eines wählen.</translation>
    </message>
    <message>
        <source>Choose the repository you work in</source>
        <translation>Das Repository wählen, in dem Sie arbeiten</translation>
    </message>
    <message>
        <source>Press and hold {pretty_chord} now (from any window): the box lights up. That is how you ask: hold it, speak, let go.</source>
        <translation>Halten Sie jetzt {pretty_chord} gedrückt (aus jedem Fenster): Das Feld leuchtet auf. So fragen Sie: halten, sprechen, loslassen.</translation>
    </message>
    <message>
        <source>Heard it: the hotkey works.</source>
        <translation>Erkannt: Das Tastenkürzel funktioniert.</translation>
    </message>
</context>
<context>
    <name>SpeechLanguageRow</name>
    <message>
        <source>Language of speech</source>
        <translation>Gesprochene Sprache</translation>
    </message>
    <message>
        <source>Detect hears which language was spoken; a fixed language is never mistaken for another</source>
        <translation>Erkennen hört, welche Sprache gesprochen wurde; eine feste Sprache wird nie mit einer anderen verwechselt</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
</context>
<context>
    <name>SpeechModels</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the download; what arrived is kept and the next download resumes</source>
        <translation>Den Download anhalten; Angekommenes bleibt erhalten und der nächste Download setzt fort</translation>
    </message>
    <message>
        <source>Speech models, transcribed on this computer: English ones, and multilingual ones that hear other languages too. Larger ones hear more words right and take longer. Speed is measured here once after download: seconds of work per second of speech.</source>
        <translation>Spracherkennungsmodelle, auf diesem Computer ausgeführt: englische und mehrsprachige, die auch andere Sprachen hören. Größere erkennen mehr Wörter richtig und brauchen länger. Die Geschwindigkeit wird hier einmal nach dem Download gemessen: Sekunden Arbeit je Sekunde Sprache.</translation>
    </message>
    <message>
        <source>A model folder of your own is set below ({own_folder}); it is used instead of these.</source>
        <translation>Unten ist ein eigener Modellordner gesetzt ({own_folder}); er wird statt dieser genutzt.</translation>
    </message>
    <message>
        <source>bundled, works offline</source>
        <translation>mitgeliefert, funktioniert offline</translation>
    </message>
    <message>
        <source>{size} downloaded, resumes</source>
        <translation>{size} heruntergeladen, wird fortgesetzt</translation>
    </message>
    <message>
        <source>download to use</source>
        <translation>zum Nutzen herunterladen</translation>
    </message>
    <message>
        <source>measuring its speed here…</source>
        <translation>Geschwindigkeit wird hier gemessen…</translation>
    </message>
    <message>
        <source>Download it first</source>
        <translation>Zuerst herunterladen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Herunterladen</translation>
    </message>
    <message>
        <source>Delete {name} from this computer</source>
        <translation>{name} von diesem Computer löschen</translation>
    </message>
    <message>
        <source>Download {name} from {source}</source>
        <translation>{name} herunterladen (aus: {source})</translation>
    </message>
    <message>
        <source>Downloading {name}…</source>
        <translation>{name} wird heruntergeladen…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Measuring {name}&apos;s speed on this computer…</source>
        <translation>Geschwindigkeit von {name} auf diesem Computer wird gemessen…</translation>
    </message>
    <message>
        <source>Downloading {name}: {describe}</source>
        <translation>{name} wird heruntergeladen: {describe}</translation>
    </message>
    <message>
        <source>{name} is ready. Save to use it: the current model keeps working until {name} has loaded.</source>
        <translation>{name} ist bereit. Speichern Sie, um es zu nutzen: Das aktuelle Modell arbeitet weiter, bis {name} geladen ist.</translation>
    </message>
    <message>
        <source>{name} could not be removed: {exc}</source>
        <translation>{name} konnte nicht entfernt werden: {exc}</translation>
    </message>
    <message>
        <source>Removed {name}. Save to go back to {BUNDLED}.</source>
        <translation>{name} entfernt. Speichern Sie, um zu {BUNDLED} zurückzukehren.</translation>
    </message>
    <message>
        <source>Removed {name}.</source>
        <translation>{name} entfernt.</translation>
    </message>
</context>
<context>
    <name>SpeechTab</name>
    <message>
        <source>Speech model folder of your own</source>
        <translation>Eigener Ordner für das Spracherkennungsmodell</translation>
    </message>
    <message>
        <source>A faster-whisper model folder; when one is set it is used instead of the list</source>
        <translation>Ein faster-whisper-Modellordner; ist einer gesetzt, wird er statt der Liste genutzt</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <source>Choose a faster-whisper model folder</source>
        <translation>Einen faster-whisper-Modellordner wählen</translation>
    </message>
    <message>
        <source>Or a folder of your own:</source>
        <translation>Oder ein eigener Ordner:</translation>
    </message>
    <message>
        <source>Speech model</source>
        <translation>Spracherkennungsmodell</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
</context>
<context>
    <name>SpeechVoices</name>
    <message>
        <source>Voices</source>
        <translation>Stimmen</translation>
    </message>
    <message>
        <source>A reply is spoken with a voice of its language; with none downloaded it is shown instead</source>
        <translation>Eine Antwort wird mit einer Stimme ihrer Sprache gesprochen; ist keine heruntergeladen, wird sie stattdessen gezeigt</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Herunterladen</translation>
    </message>
    <message>
        <source>Voices:</source>
        <translation>Stimmen:</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>mitgeliefert</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>heruntergeladen</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>nicht heruntergeladen</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>{name} is on this computer</source>
        <translation>{name} ist auf diesem Computer</translation>
    </message>
    <message>
        <source>Download {name} from {source}</source>
        <translation>{name} herunterladen (aus: {source})</translation>
    </message>
    <message>
        <source>Downloading {name}…</source>
        <translation>{name} wird heruntergeladen…</translation>
    </message>
    <message>
        <source>{name} is downloaded: replies in its language are spoken.</source>
        <translation>{name} ist heruntergeladen: Antworten in ihrer Sprache werden gesprochen.</translation>
    </message>
    <message>
        <source>The download failed ({kind}).</source>
        <translation>Der Download ist fehlgeschlagen ({kind}).</translation>
    </message>
</context>
<context>
    <name>SpeechWorker</name>
    <message>
        <source>The speech model is still loading.</source>
        <translation>Das Spracherkennungsmodell lädt noch.</translation>
    </message>
    <message>
        <source>The speech model could not be loaded ({name}).</source>
        <translation>Das Spracherkennungsmodell konnte nicht geladen werden ({name}).</translation>
    </message>
    <message>
        <source>{problem} The previous speech model stays in use.</source>
        <translation>{problem} Das bisherige Spracherkennungsmodell bleibt in Gebrauch.</translation>
    </message>
    <message>
        <source>The speech recognition model could not be loaded.</source>
        <translation>Das Spracherkennungsmodell konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>The recording was lost before it could be transcribed.</source>
        <translation>Die Aufnahme ging verloren, bevor sie erkannt werden konnte.</translation>
    </message>
    <message>
        <source>Transcription failed ({name}).</source>
        <translation>Die Spracherkennung ist fehlgeschlagen ({name}).</translation>
    </message>
</context>
<context>
    <name>StateLineWarning</name>
    <message>
        <source> and {count} more</source>
        <translation> und {count} weitere</translation>
    </message>
    <message>
        <source>ⓘ {shown}{more}: this looks like repository state, which a tool can tell fresh each time and which goes stale in memory. You can still save it.</source>
        <translation>ⓘ {shown}{more}: Das sieht nach dem Zustand des Repositorys aus, den ein Werkzeug jedes Mal frisch ermitteln kann und der im Gedächtnis veraltet. Sie können es trotzdem speichern.</translation>
    </message>
</context>
<context>
    <name>StatusWindow</name>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menü</translation>
    </message>
    <message>
        <source>Open the menu (also a right click anywhere here)</source>
        <translation>Das Menü öffnen (auch mit einem Rechtsklick irgendwo hier)</translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Ready ({detail})</source>
        <translation>Bereit ({detail})</translation>
    </message>
    <message>
        <source>Repository: {name}</source>
        <translation>Repository: {name}</translation>
    </message>
    <message>
        <source>No repository chosen</source>
        <translation>Kein Repository gewählt</translation>
    </message>
    <message>
        <source>Press {chord} to ask, again to send</source>
        <translation>{chord} drücken zum Fragen, erneut zum Senden</translation>
    </message>
    <message>
        <source>Hold {chord} to ask</source>
        <translation>{chord} halten zum Fragen</translation>
    </message>
</context>
<context>
    <name>TrustBox</name>
    <message>
        <source>Trust</source>
        <translation>Vertrauen</translation>
    </message>
    <message>
        <source>Let the agent build and test this repository (run its code) now and from now on</source>
        <translation>Den Agenten dieses Repository jetzt und künftig bauen und testen lassen (seinen Code ausführen)</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Jetzt nicht</translation>
    </message>
    <message>
        <source>Run nothing now; the agent asks again the next time a question needs it</source>
        <translation>Jetzt nichts ausführen; der Agent fragt erneut, wenn eine Frage es das nächste Mal braucht</translation>
    </message>
    <message>
        <source>The agent wants to run this repository&apos;s own code ({tool}):
{command}
in {where}

It runs with your rights. Trust this repository to build and test it from now on?</source>
        <translation>Der Agent möchte den Code dieses Repositorys ausführen ({tool}):
{command}
in {where}

Er läuft mit Ihren Rechten. Diesem Repository künftig zum Bauen und Testen vertrauen?</translation>
    </message>
    <message>
        <source>tests</source>
        <translation>Tests</translation>
    </message>
    <message>
        <source>build</source>
        <translation>Build</translation>
    </message>
    <message>
        <source>The repository could not be trusted: {exc}.</source>
        <translation>Dem Repository konnte nicht vertraut werden: {exc}.</translation>
    </message>
    <message>
        <source>The tests run now</source>
        <translation>Die Tests laufen jetzt</translation>
    </message>
    <message>
        <source>The build runs now</source>
        <translation>Der Build läuft jetzt</translation>
    </message>
    <message>
        <source>Trusted: {repo}. {running}; the agent may build and test it from now on.</source>
        <translation>Vertraut: {repo}. {running}; der Agent darf es künftig bauen und testen.</translation>
    </message>
</context>
<context>
    <name>TrustList</name>
    <message>
        <source>Trusted to build and test (run their own code):</source>
        <translation>Vertraut zum Bauen und Testen (eigenen Code ausführen):</translation>
    </message>
    <message>
        <source>Repositories and whether they may run their code</source>
        <translation>Repositorys und ob sie ihren Code ausführen dürfen</translation>
    </message>
    <message>
        <source>None yet. The agent asks before it first builds or tests a repository; reading it needs no trust.</source>
        <translation>Noch keines. Der Agent fragt, bevor er ein Repository zum ersten Mal baut oder testet; zum Lesen braucht es kein Vertrauen.</translation>
    </message>
    <message>
        <source>Add repository…</source>
        <translation>Repository hinzufügen…</translation>
    </message>
    <message>
        <source>Choose a repository&apos;s folder and trust it to build and test (run its code)</source>
        <translation>Den Ordner eines Repositorys wählen und ihm zum Bauen und Testen vertrauen (seinen Code ausführen)</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Vertrauen</translation>
    </message>
    <message>
        <source>Let the agent build and test this repository (run its code) from now on</source>
        <translation>Den Agenten dieses Repository künftig bauen und testen lassen (seinen Code ausführen)</translation>
    </message>
    <message>
        <source>Stop trusting</source>
        <translation>Nicht mehr vertrauen</translation>
    </message>
    <message>
        <source>The agent asks again before it builds or tests this repository</source>
        <translation>Der Agent fragt wieder, bevor er dieses Repository baut oder testet</translation>
    </message>
    <message>
        <source>{name}  ·  trusted {when}</source>
        <translation>{name}  ·  vertraut seit {when}</translation>
    </message>
    <message>
        <source>{name}  ·  not trusted</source>
        <translation>{name}  ·  nicht vertraut</translation>
    </message>
    <message>
        <source>Trust a repository to build and test it</source>
        <translation>Einem Repository zum Bauen und Testen vertrauen</translation>
    </message>
    <message>
        <source>The repository could not be trusted: {exc}.</source>
        <translation>Dem Repository konnte nicht vertraut werden: {exc}.</translation>
    </message>
    <message>
        <source>Trusted: {repo}. The agent may build and test it (run its code) from now on.</source>
        <translation>Vertraut: {repo}. Der Agent darf es künftig bauen und testen (seinen Code ausführen).</translation>
    </message>
    <message>
        <source>Trust could not be taken back: {exc}.</source>
        <translation>Das Vertrauen konnte nicht zurückgenommen werden: {exc}.</translation>
    </message>
</context>
<context>
    <name>VoiceTab</name>
    <message>
        <source>Hold to talk</source>
        <translation>Halten zum Sprechen</translation>
    </message>
    <message>
        <source>Press to start, press to stop</source>
        <translation>Drücken zum Starten, drücken zum Beenden</translation>
    </message>
    <message>
        <source>Hotkey:</source>
        <translation>Tastenkürzel:</translation>
    </message>
    <message>
        <source>Command to bind to a desktop shortcut</source>
        <translation>Befehl für ein Tastenkürzel der Arbeitsumgebung</translation>
    </message>
    <message>
        <source>Bind this command to a key in the desktop&apos;s keyboard settings (custom shortcut): one press starts listening, the next sends the question. It works where the hotkey cannot.</source>
        <translation>Legen Sie diesen Befehl in den Tastatureinstellungen der Arbeitsumgebung auf eine Taste (eigenes Tastenkürzel): Ein Druck beginnt das Zuhören, der nächste sendet die Frage. Das funktioniert auch dort, wo das Tastenkürzel der App es nicht kann.</translation>
    </message>
    <message>
        <source>Or bind:</source>
        <translation>Oder belegen:</translation>
    </message>
    <message>
        <source>Click, then press the keys that show the last answers again (none: no hotkey)</source>
        <translation>Klicken, dann die Tasten drücken, die die letzten Antworten wieder zeigen (keine: kein Tastenkürzel)</translation>
    </message>
    <message>
        <source>Hotkey that shows the last answers</source>
        <translation>Tastenkürzel, das die letzten Antworten zeigt</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keines</translation>
    </message>
    <message>
        <source>No hotkey for the answers (the tray still shows them)</source>
        <translation>Kein Tastenkürzel für die Antworten (das Symbol zeigt sie weiterhin)</translation>
    </message>
    <message>
        <source>Show answers:</source>
        <translation>Antworten zeigen:</translation>
    </message>
    <message>
        <source>Microphone:</source>
        <translation>Mikrofon:</translation>
    </message>
    <message>
        <source>Keep the microphone open for instant start</source>
        <translation>Mikrofon für sofortigen Start offen halten</translation>
    </message>
    <message>
        <source>Keeps the last moment before each press, so your first syllable is heard. When off, the microphone opens on each press and the first syllable can be clipped. While it is open, some desktops show a microphone indicator.</source>
        <translation>Bewahrt den letzten Moment vor jedem Druck auf, damit Ihre erste Silbe gehört wird. Ist es aus, öffnet sich das Mikrofon bei jedem Druck und die erste Silbe kann abgeschnitten werden. Solange es offen ist, zeigen manche Arbeitsumgebungen eine Mikrofonanzeige.</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Pegel:</translation>
    </message>
    <message>
        <source>Test voice</source>
        <translation>Stimme testen</translation>
    </message>
    <message>
        <source>Say a sentence with the chosen voice on the chosen speaker</source>
        <translation>Einen Satz mit der gewählten Stimme auf dem gewählten Lautsprecher sagen</translation>
    </message>
    <message>
        <source>Speaker:</source>
        <translation>Lautsprecher:</translation>
    </message>
    <message>
        <source>Choose a Piper voice (.onnx)</source>
        <translation>Eine Piper-Stimme wählen (.onnx)</translation>
    </message>
    <message>
        <source>Voice:</source>
        <translation>Stimme:</translation>
    </message>
    <message>
        <source>How fast answers are spoken</source>
        <translation>Wie schnell Antworten gesprochen werden</translation>
    </message>
    <message>
        <source>Speaking rate:</source>
        <translation>Sprechtempo:</translation>
    </message>
    <message>
        <source>Play a short sound when listening starts and stops</source>
        <translation>Einen kurzen Ton spielen, wenn das Zuhören beginnt und endet</translation>
    </message>
    <message>
        <source>Cue volume</source>
        <translation>Lautstärke der Signaltöne</translation>
    </message>
    <message>
        <source>How loud the listening sounds are; the answers&apos; voice is not changed</source>
        <translation>Wie laut die Zuhör-Töne sind; die Stimme der Antworten bleibt unverändert</translation>
    </message>
    <message>
        <source>Try</source>
        <translation>Ausprobieren</translation>
    </message>
    <message>
        <source>Play the listening sound at this volume on the chosen speaker</source>
        <translation>Den Zuhör-Ton in dieser Lautstärke auf dem gewählten Lautsprecher spielen</translation>
    </message>
    <message>
        <source>Cue volume:</source>
        <translation>Signaltöne:</translation>
    </message>
    <message>
        <source>The embedded voice works offline; choose another to use your own</source>
        <translation>Die eingebaute Stimme funktioniert offline; wählen Sie eine andere, um Ihre eigene zu nutzen</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <source>Piper voices (*.onnx)</source>
        <translation>Piper-Stimmen (*.onnx)</translation>
    </message>
    <message>
        <source>the keys you choose in the desktop&apos;s dialog</source>
        <translation>die Tasten, die Sie im Dialog der Arbeitsumgebung wählen</translation>
    </message>
    <message>
        <source>Hold-to-talk is the desktop&apos;s global shortcut: {keys}. Change it in the desktop&apos;s keyboard settings.</source>
        <translation>Halten zum Sprechen ist das globale Tastenkürzel der Arbeitsumgebung: {keys}. Ändern Sie es in deren Tastatureinstellungen.</translation>
    </message>
    <message>
        <source>That is the hotkey for talking; choose other keys to show the answers.</source>
        <translation>Das ist das Tastenkürzel zum Sprechen; wählen Sie andere Tasten zum Zeigen der Antworten.</translation>
    </message>
    <message>
        <source>The speaker did not finish in time.</source>
        <translation>Der Lautsprecher ist nicht rechtzeitig fertig geworden.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>Speaking…</source>
        <translation>Spricht…</translation>
    </message>
</context>
<context>
    <name>_Download</name>
    <message>
        <source>The download of {name} failed ({name2}).</source>
        <translation>Der Download von {name} ist fehlgeschlagen ({name2}).</translation>
    </message>
</context>
<context>
    <name>api_key</name>
    <message>
        <source>The key could not be saved because this desktop has no working keyring (Secret Service). Install or unlock one (GNOME Keyring or KWallet), set ANTHROPIC_API_KEY in the environment the app starts from, or use this key until the app quits.</source>
        <translation>Der Schlüssel konnte nicht gespeichert werden, weil diese Arbeitsumgebung keinen funktionierenden Schlüsselbund hat (Secret Service). Installieren oder entsperren Sie einen (GNOME Keyring oder KWallet), setzen Sie ANTHROPIC_API_KEY in der Umgebung, aus der die App startet, oder nutzen Sie diesen Schlüssel bis zum Beenden der App.</translation>
    </message>
</context>
<context>
    <name>application</name>
    <message>
        <source>{lines}
Undo: tray menu, Undo last memory change.</source>
        <translation>{lines}
Rückgängig: Menü des Symbols, Letzte Gedächtnisänderung rückgängig.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
</context>
<context>
    <name>asked_with</name>
    <message>
        <source>Ask without it</source>
        <translation>Ohne Editor fragen</translation>
    </message>
</context>
<context>
    <name>block</name>
    <message>
        <source>selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>{count} diagnostic</source>
        <translation>{count} Diagnose</translation>
    </message>
    <message>
        <source>{count} diagnostics</source>
        <translation>{count} Diagnosen</translation>
    </message>
    <message>
        <source>{where} ({first}, {second})</source>
        <translation>{where} ({first}, {second})</translation>
    </message>
    <message>
        <source>{where} ({first})</source>
        <translation>{where} ({first})</translation>
    </message>
</context>
<context>
    <name>client</name>
    <message>
        <source>I couldn&apos;t reach Claude: the API key was rejected. Check it under Settings, API key.</source>
        <translation>Ich konnte Claude nicht erreichen: Der API-Schlüssel wurde abgelehnt. Prüfen Sie ihn unter Einstellungen, API-Schlüssel.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: this API key is not allowed to do that. Check the key&apos;s permissions.</source>
        <translation>Ich konnte Claude nicht erreichen: Dieser API-Schlüssel darf das nicht. Prüfen Sie die Berechtigungen des Schlüssels.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: the model{shown} was not found. Choose another model in Settings.</source>
        <translation>Ich konnte Claude nicht erreichen: Das Modell{shown} wurde nicht gefunden. Wählen Sie in den Einstellungen ein anderes Modell.</translation>
    </message>
    <message>
        <source>Claude is rate-limiting this API key right now. Try again in a minute.</source>
        <translation>Claude begrenzt gerade die Anfragen mit diesem API-Schlüssel. Versuchen Sie es in einer Minute erneut.</translation>
    </message>
    <message>
        <source>Claude is overloaded right now. Try again in a minute.</source>
        <translation>Claude ist gerade überlastet. Versuchen Sie es in einer Minute erneut.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: the account has no credit left. Check billing in the Claude Console.</source>
        <translation>Ich konnte Claude nicht erreichen: Das Konto hat kein Guthaben mehr. Prüfen Sie die Abrechnung in der Claude Console.</translation>
    </message>
    <message>
        <source>Claude&apos;s API had an internal error. Try again in a moment.</source>
        <translation>Die API von Claude hatte einen internen Fehler. Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: the request timed out. Check the network and try again.</source>
        <translation>Ich konnte Claude nicht erreichen: Die Anfrage hat zu lange gedauert. Prüfen Sie das Netzwerk und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: there is no connection to the API. Check the network and try again.</source>
        <translation>Ich konnte Claude nicht erreichen: Es gibt keine Verbindung zur API. Prüfen Sie das Netzwerk und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>This conversation has grown too long for Claude. Start a new session.</source>
        <translation>Dieses Gespräch ist für Claude zu lang geworden. Beginnen Sie eine neue Sitzung.</translation>
    </message>
    <message>
        <source>Claude refused the request ({detail}). Start a new session and try again.</source>
        <translation>Claude hat die Anfrage abgelehnt ({detail}). Beginnen Sie eine neue Sitzung und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Claude&apos;s API answered with an error ({status}). Try again in a moment.</source>
        <translation>Die API von Claude hat mit einem Fehler geantwortet ({status}). Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Something went wrong while talking to Claude ({kind}). Details are in the log file.</source>
        <translation>Beim Gespräch mit Claude ist etwas schiefgegangen ({kind}). Einzelheiten stehen in der Protokolldatei.</translation>
    </message>
</context>
<context>
    <name>controller</name>
    <message>
        <source>Didn&apos;t catch anything.</source>
        <translation>Nichts verstanden.</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>no repository</source>
        <translation>kein Repository</translation>
    </message>
    <message>
        <source>nothing heard</source>
        <translation>nichts gehört</translation>
    </message>
</context>
<context>
    <name>desktop_start</name>
    <message>
        <source> Asking about {active} instead.</source>
        <translation> Stattdessen wird zu {active} gefragt.</translation>
    </message>
</context>
<context>
    <name>editor_repo</name>
    <message>
        <source>Choose a repository in the tray menu (Repository, Choose folder…), or open one of its files in an editor with the plugin (voice-dev-agent editor install nvim), to start asking.</source>
        <translation>Wählen Sie im Menü des Symbols ein Repository (Repository, Ordner wählen…) oder öffnen Sie eine seiner Dateien in einem Editor mit dem Plugin (voice-dev-agent editor install nvim), um mit dem Fragen zu beginnen.</translation>
    </message>
</context>
<context>
    <name>errors</name>
    <message>
        <source>No repository is chosen.</source>
        <translation>Es ist kein Repository gewählt.</translation>
    </message>
    <message>
        <source>Choose one in the tray menu under Repository.</source>
        <translation>Wählen Sie eines im Menü des Symbols unter Repository.</translation>
    </message>
    <message>
        <source>No Anthropic API key is set.</source>
        <translation>Es ist kein Anthropic-API-Schlüssel gesetzt.</translation>
    </message>
    <message>
        <source>Enter it under Settings, API key, or set ANTHROPIC_API_KEY in the environment.</source>
        <translation>Geben Sie ihn unter Einstellungen, API-Schlüssel ein oder setzen Sie ANTHROPIC_API_KEY in der Umgebung.</translation>
    </message>
    <message>
        <source>The folder {folder} does not exist.</source>
        <translation>Den Ordner {folder} gibt es nicht.</translation>
    </message>
    <message>
        <source>{folder} is not inside a git repository.</source>
        <translation>{folder} liegt in keinem Git-Repository.</translation>
    </message>
    <message>
        <source>Choose the folder of a git repository.</source>
        <translation>Wählen Sie den Ordner eines Git-Repositorys.</translation>
    </message>
    <message>
        <source>The microphone {name} could not be opened ({problem}).</source>
        <translation>Das Mikrofon {name} konnte nicht geöffnet werden ({problem}).</translation>
    </message>
    <message>
        <source>Check that the sound server is running, or choose another microphone under Settings, Voice.</source>
        <translation>Prüfen Sie, ob der Soundserver läuft, oder wählen Sie unter Einstellungen, Stimme ein anderes Mikrofon.</translation>
    </message>
    <message>
        <source>No microphone is connected: the system&apos;s default input is {name}, which records what plays, not what is said.</source>
        <translation>Es ist kein Mikrofon angeschlossen: Der Standardeingang des Systems ist {name}, der aufnimmt, was abgespielt wird, nicht was gesagt wird.</translation>
    </message>
    <message>
        <source>Plug in a microphone, or choose one under Settings, Voice.</source>
        <translation>Schließen Sie ein Mikrofon an oder wählen Sie eines unter Einstellungen, Stimme.</translation>
    </message>
    <message>
        <source>The microphone {name} supports none of the usual sample rates.</source>
        <translation>Das Mikrofon {name} unterstützt keine der üblichen Abtastraten.</translation>
    </message>
    <message>
        <source>Choose another microphone under Settings, Audio.</source>
        <translation>Wählen Sie unter Einstellungen, Stimme ein anderes Mikrofon.</translation>
    </message>
    <message>
        <source>The embedded transcription model is not installed.</source>
        <translation>Das eingebaute Spracherkennungsmodell ist nicht installiert.</translation>
    </message>
    <message>
        <source>Reinstall the app, or set a faster-whisper model folder in Settings.</source>
        <translation>Installieren Sie die App neu oder legen Sie in den Einstellungen einen faster-whisper-Modellordner fest.</translation>
    </message>
    <message>
        <source>The embedded voice is not installed.</source>
        <translation>Die eingebaute Stimme ist nicht installiert.</translation>
    </message>
    <message>
        <source>Reinstall the app, or set a Piper voice (.onnx file) in Settings.</source>
        <translation>Installieren Sie die App neu oder legen Sie in den Einstellungen eine Piper-Stimme (.onnx-Datei) fest.</translation>
    </message>
    <message>
        <source>The transcription model folder {folder} is missing {missing}.</source>
        <translation>Im Ordner des Transkriptionsmodells {folder} fehlt {missing}.</translation>
    </message>
    <message>
        <source>Choose a faster-whisper (CTranslate2) model folder in Settings, or clear it for the default.</source>
        <translation>Wählen Sie in den Einstellungen einen faster-whisper-Modellordner (CTranslate2) oder leeren Sie das Feld für den Standard.</translation>
    </message>
    <message>
        <source>The voice file {path} does not exist.</source>
        <translation>Die Stimmdatei {path} existiert nicht.</translation>
    </message>
    <message>
        <source>Choose a Piper voice (.onnx) in Settings, or clear it for the default.</source>
        <translation>Wählen Sie in den Einstellungen eine Piper-Stimme (.onnx) oder leeren Sie das Feld für den Standard.</translation>
    </message>
    <message>
        <source>The voice {name} has no {name}.json beside it.</source>
        <translation>Neben der Stimme {name} liegt keine {name}.json.</translation>
    </message>
    <message>
        <source>Piper voices come as a pair: the .onnx file and its .onnx.json config.</source>
        <translation>Piper-Stimmen bestehen aus zwei Dateien: der .onnx-Datei und ihrer Konfiguration .onnx.json.</translation>
    </message>
    <message>
        <source>The microphone {name} is not connected.</source>
        <translation>Das Mikrofon {name} ist nicht angeschlossen.</translation>
    </message>
    <message>
        <source>Plug it in, or choose another microphone under Settings, Voice.</source>
        <translation>Schließen Sie es an oder wählen Sie unter Einstellungen, Stimme ein anderes Mikrofon.</translation>
    </message>
    <message>
        <source>No microphone was found on this computer.</source>
        <translation>Auf diesem Computer wurde kein Mikrofon gefunden.</translation>
    </message>
    <message>
        <source>Connect a microphone, or check that the sound system is running.</source>
        <translation>Schließen Sie ein Mikrofon an oder prüfen Sie, ob das Soundsystem läuft.</translation>
    </message>
    <message>
        <source>There is no default microphone.</source>
        <translation>Es gibt kein Standardmikrofon.</translation>
    </message>
    <message>
        <source>Choose a microphone under Settings, Audio.</source>
        <translation>Wählen Sie ein Mikrofon unter Einstellungen, Stimme.</translation>
    </message>
    <message>
        <source>No microphone named {name} is connected.</source>
        <translation>Es ist kein Mikrofon namens {name} angeschlossen.</translation>
    </message>
    <message>
        <source>The speaker {name} is not connected.</source>
        <translation>Der Lautsprecher {name} ist nicht angeschlossen.</translation>
    </message>
    <message>
        <source>Plug it in, or choose another speaker under Settings, Voice.</source>
        <translation>Schließen Sie ihn an oder wählen Sie unter Einstellungen, Stimme einen anderen Lautsprecher.</translation>
    </message>
    <message>
        <source>No speaker was found on this computer.</source>
        <translation>Auf diesem Computer wurde kein Lautsprecher gefunden.</translation>
    </message>
    <message>
        <source>Connect a speaker, or check that the sound system is running.</source>
        <translation>Schließen Sie einen Lautsprecher an oder prüfen Sie, ob das Soundsystem läuft.</translation>
    </message>
    <message>
        <source>There is no default speaker.</source>
        <translation>Es gibt keinen Standardlautsprecher.</translation>
    </message>
    <message>
        <source>Choose a speaker under Settings, Audio.</source>
        <translation>Wählen Sie einen Lautsprecher unter Einstellungen, Stimme.</translation>
    </message>
    <message>
        <source>No speaker named {name} is connected.</source>
        <translation>Es ist kein Lautsprecher namens {name} angeschlossen.</translation>
    </message>
    <message>
        <source>The sound library PortAudio is not installed, so no microphone or speaker can be used.</source>
        <translation>Die Soundbibliothek PortAudio ist nicht installiert, daher kann kein Mikrofon und kein Lautsprecher genutzt werden.</translation>
    </message>
    <message>
        <source>Install PortAudio (libportaudio2 on Debian and Ubuntu) and start the app again.</source>
        <translation>Installieren Sie PortAudio (libportaudio2 unter Debian und Ubuntu) und starten Sie die App erneut.</translation>
    </message>
    <message>
        <source>The list of sound devices could not be read ({problem}).</source>
        <translation>Die Liste der Audiogeräte konnte nicht gelesen werden ({problem}).</translation>
    </message>
    <message>
        <source>{name} records what plays, not what is said: it is not a microphone.</source>
        <translation>{name} nimmt auf, was abgespielt wird, nicht was gesagt wird: Es ist kein Mikrofon.</translation>
    </message>
    <message>
        <source>Choose a microphone under Settings, Voice.</source>
        <translation>Wählen Sie ein Mikrofon unter Einstellungen, Stimme.</translation>
    </message>
    <message>
        <source>Choose one under Settings, Audio (available: {available}), or leave it empty for the system default.</source>
        <translation>Wählen Sie eines unter Einstellungen, Stimme (verfügbar: {available}) oder lassen Sie das Feld leer für den Systemstandard.</translation>
    </message>
    <message>
        <source>The API key was rejected.</source>
        <translation>Der API-Schlüssel wurde abgelehnt.</translation>
    </message>
    <message>
        <source>Check that it was copied whole.</source>
        <translation>Prüfen Sie, ob er vollständig kopiert wurde.</translation>
    </message>
    <message>
        <source>The Claude API at {url} cannot be reached from this computer.</source>
        <translation>Die Claude-API unter {url} ist von diesem Computer aus nicht erreichbar.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: the connection dropped in the middle of the reply. Try again.</source>
        <translation>Ich konnte Claude nicht erreichen: Die Verbindung brach mitten in der Antwort ab. Versuchen Sie es noch einmal.</translation>
    </message>
    <message>
        <source>Claude sent a tool call I couldn&apos;t read. Please ask again.</source>
        <translation>Claude hat einen Werkzeugaufruf gesendet, den ich nicht lesen konnte. Bitte fragen Sie noch einmal.</translation>
    </message>
    <message>
        <source>The team server gives the role {who} no access to this repository&apos;s team memory.</source>
        <translation>Der Team-Server gibt der Rolle {who} keinen Zugriff auf das Team-Gedächtnis dieses Repositorys.</translation>
    </message>
    <message>
        <source>The team&apos;s admin made this repository&apos;s team memory read-only.</source>
        <translation>Der Admin des Teams hat das Team-Gedächtnis dieses Repositorys schreibgeschützt gemacht.</translation>
    </message>
    <message>
        <source>The role {who} may read this repository&apos;s team memory but not change it.</source>
        <translation>Die Rolle {who} darf das Team-Gedächtnis dieses Repositorys lesen, aber nicht ändern.</translation>
    </message>
    <message>
        <source>The team memory&apos;s history is kept on the team server and cannot be removed from here; delete its lines one by one, or ask the team&apos;s admin.</source>
        <translation>Der Verlauf des Team-Gedächtnisses liegt auf dem Team-Server und kann von hier aus nicht entfernt werden; löschen Sie seine Zeilen einzeln oder fragen Sie den Admin des Teams.</translation>
    </message>
    <message>
        <source>The team server&apos;s memory schema is version {found}; this app needs version {needed}.</source>
        <translation>Das Gedächtnisschema des Team-Servers hat Version {found}; diese App braucht Version {needed}.</translation>
    </message>
    <message>
        <source>Ask the team&apos;s admin to run &apos;voice-dev-agent team init --dsn DSN&apos; (it migrates in place).</source>
        <translation>Bitten Sie den Admin des Teams, &apos;voice-dev-agent team init --dsn DSN&apos; auszuführen (es migriert an Ort und Stelle).</translation>
    </message>
    <message>
        <source>The team server&apos;s connection string is not valid: {reason}</source>
        <translation>Die Verbindungsangabe des Team-Servers ist ungültig: {reason}</translation>
    </message>
    <message>
        <source>The team server {server} refused the login: {reason}</source>
        <translation>Der Team-Server {server} hat die Anmeldung abgelehnt: {reason}</translation>
    </message>
    <message>
        <source>The team server refused this: {reason}</source>
        <translation>Der Team-Server hat das abgelehnt: {reason}</translation>
    </message>
    <message>
        <source>The team server is unreachable ({where}: {reason}).</source>
        <translation>Der Team-Server ist nicht erreichbar ({where}: {reason}).</translation>
    </message>
    <message>
        <source>That team line changed since you saw it; nothing was changed. It now reads:
{text}</source>
        <translation>Diese Team-Zeile hat sich geändert, seit Sie sie gesehen haben; nichts wurde geändert. Sie lautet jetzt:
{text}</translation>
    </message>
    <message>
        <source>That team line was rewritten by {by} since you saw it; nothing was changed. It now reads: {text}</source>
        <translation>{by} hat diese Team-Zeile umgeschrieben, seit Sie sie gesehen haben; nichts wurde geändert. Sie lautet jetzt: {text}</translation>
    </message>
    <message>
        <source>Give one line of text to share.</source>
        <translation>Geben Sie eine Textzeile zum Teilen an.</translation>
    </message>
    <message>
        <source>Give a file below /memories for the team line.</source>
        <translation>Geben Sie für die Team-Zeile eine Datei unter /memories an.</translation>
    </message>
    <message>
        <source>The team server gives you no access to this repository&apos;s team memory.</source>
        <translation>Der Team-Server gibt Ihnen keinen Zugriff auf das Team-Gedächtnis dieses Repositorys.</translation>
    </message>
    <message>
        <source>Not shared: {reason}.</source>
        <translation>Nicht geteilt: {reason}.</translation>
    </message>
    <message>
        <source>The speech model {name}</source>
        <translation>Das Spracherkennungsmodell {name}</translation>
    </message>
    <message>
        <source>Reinstall it (pip install --force-reinstall {package}), or choose another voice.</source>
        <translation>Installieren Sie sie neu (pip install --force-reinstall {package}) oder wählen Sie eine andere Stimme.</translation>
    </message>
    <message>
        <source>The voice {name}</source>
        <translation>Die Stimme {name}</translation>
    </message>
    <message>
        <source>{label} was not loaded: its file {name} cannot be read ({reason}).</source>
        <translation>{label} wurde nicht geladen: Die Datei {name} ist nicht lesbar ({reason}).</translation>
    </message>
    <message>
        <source>{label} was not loaded: its file {name} is not the one this app was tested with (its SHA-256 differs: a damaged or replaced file).</source>
        <translation>{label} wurde nicht geladen: Die Datei {name} ist nicht die, mit der diese App getestet wurde (ihr SHA-256 weicht ab: eine beschädigte oder ersetzte Datei).</translation>
    </message>
    <message>
        <source>{model} is already being downloaded (in the app or another command).</source>
        <translation>{model} wird bereits heruntergeladen (in der App oder von einem anderen Befehl).</translation>
    </message>
    <message>
        <source>Wait for that download to finish, or cancel it.</source>
        <translation>Warten Sie, bis dieser Download fertig ist, oder brechen Sie ihn ab.</translation>
    </message>
    <message>
        <source>{model} needs {needed} more, but only {free} is free in {folder}.</source>
        <translation>{model} braucht noch {needed}, aber in {folder} sind nur {free} frei.</translation>
    </message>
    <message>
        <source>Free some space and try again; the current model keeps working.</source>
        <translation>Geben Sie Speicherplatz frei und versuchen Sie es erneut; das aktuelle Modell funktioniert weiter.</translation>
    </message>
    <message>
        <source>The model could not be saved: {reason}.</source>
        <translation>Das Modell konnte nicht gespeichert werden: {reason}.</translation>
    </message>
    <message>
        <source>{model} is bundled with the app and cannot be removed.</source>
        <translation>{model} gehört zum Lieferumfang der App und kann nicht entfernt werden.</translation>
    </message>
    <message>
        <source>Choose it or another model in Settings; it takes no extra space.</source>
        <translation>Wählen Sie es oder ein anderes Modell in den Einstellungen; es belegt keinen zusätzlichen Platz.</translation>
    </message>
    <message>
        <source>The disk is full ({free} free in {folder}).</source>
        <translation>Der Datenträger ist voll ({free} frei in {folder}).</translation>
    </message>
    <message>
        <source>Free some space and download again; what arrived is kept and the download resumes.</source>
        <translation>Geben Sie Speicherplatz frei und laden Sie erneut herunter; Angekommenes bleibt erhalten und der Download wird fortgesetzt.</translation>
    </message>
    <message>
        <source>The download of {model} was cancelled.</source>
        <translation>Der Download von {model} wurde abgebrochen.</translation>
    </message>
    <message>
        <source>What arrived is kept: downloading it again resumes where it stopped.</source>
        <translation>Angekommenes bleibt erhalten: Ein erneuter Download macht dort weiter, wo er aufgehört hat.</translation>
    </message>
    <message>
        <source>{file} of {model} arrived damaged twice: it does not match the hub&apos;s checksum.</source>
        <translation>{file} von {model} kam zweimal beschädigt an: Die Prüfsumme stimmt nicht mit der des Hubs überein.</translation>
    </message>
    <message>
        <source>Nothing was installed and the current model keeps working. Try again later.</source>
        <translation>Es wurde nichts installiert und das aktuelle Modell funktioniert weiter. Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>{file} of {model} on the hub is not the one this app was tested with (its SHA-256 is not what the app keeps for it), so nothing was installed.</source>
        <translation>{file} von {model} auf dem Hub ist nicht die Datei, mit der diese App getestet wurde (ihr SHA-256 ist nicht der, den die App dafür kennt); daher wurde nichts installiert.</translation>
    </message>
    <message>
        <source>The current model keeps working. An update of the app brings the new model once it is tested.</source>
        <translation>Das aktuelle Modell funktioniert weiter. Ein Update der App bringt das neue Modell, sobald es getestet ist.</translation>
    </message>
    <message>
        <source>The connection broke while downloading {model}.</source>
        <translation>Die Verbindung brach beim Herunterladen von {model} ab.</translation>
    </message>
    <message>
        <source>What arrived is kept: download again when the connection is back and it resumes.</source>
        <translation>Angekommenes bleibt erhalten: Laden Sie erneut herunter, wenn die Verbindung wieder steht, dann geht es weiter.</translation>
    </message>
    <message>
        <source>The hub refused {file} of {model} (HTTP {status}).</source>
        <translation>Der Hub hat {file} von {model} verweigert (HTTP {status}).</translation>
    </message>
    <message>
        <source>Try again later; the current model keeps working.</source>
        <translation>Versuchen Sie es später erneut; das aktuelle Modell funktioniert weiter.</translation>
    </message>
    <message>
        <source>{model} does not come from PyPI.</source>
        <translation>{model} stammt nicht von PyPI.</translation>
    </message>
    <message>
        <source>{model} comes from PyPI through pip, which this packaged app does not carry.</source>
        <translation>{model} kommt über pip von PyPI, und pip ist in dieser gepackten App nicht enthalten.</translation>
    </message>
    <message>
        <source>Choose a model that downloads from the hub (tiny or small), or run the app from its source.</source>
        <translation>Wählen Sie ein Modell, das vom Hub geladen wird (tiny oder small), oder starten Sie die App aus dem Quellcode.</translation>
    </message>
    <message>
        <source>The packages of {model} lack {missing}; nothing was installed.</source>
        <translation>In den Paketen von {model} fehlt {missing}; es wurde nichts installiert.</translation>
    </message>
    <message>
        <source>{file} of {model} is not the one this app was tested with (its SHA-256 is not what the app keeps for it), so nothing was installed.</source>
        <translation>{file} von {model} ist nicht die Datei, mit der diese App getestet wurde (ihr SHA-256 ist nicht der, den die App dafür kennt); daher wurde nichts installiert.</translation>
    </message>
    <message>
        <source>There is no session D-Bus to reach the desktop portal ({reason}).</source>
        <translation>Es gibt keinen Sitzungs-D-Bus, um das Desktop-Portal zu erreichen ({reason}).</translation>
    </message>
    <message>
        <source>The desktop offers no global shortcuts portal ({reason}).</source>
        <translation>Der Desktop bietet kein Portal für globale Tastenkürzel an ({reason}).</translation>
    </message>
    <message>
        <source>The desktop declined the shortcut ({method}: response {response}).</source>
        <translation>Der Desktop hat das Tastenkürzel abgelehnt ({method}: Antwort {response}).</translation>
    </message>
</context>
<context>
    <name>history</name>
    <message>
        <source>Turns are not being saved to the history: {why}. The history is kept; it resumes by itself.</source>
        <translation>Runden werden nicht im Verlauf gespeichert: {why}. Der Verlauf bleibt erhalten; das Speichern setzt von selbst wieder ein.</translation>
    </message>
</context>
<context>
    <name>history_window</name>
    <message>
        <source>(empty page)</source>
        <translation>(leere Seite)</translation>
    </message>
</context>
<context>
    <name>languages</name>
    <message>
        <source>Detect</source>
        <translation>Erkennen</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>Spanisch</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Französisch</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Italienisch</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>Portugiesisch</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>Niederländisch</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>Polnisch</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>Japanisch</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>Chinesisch</translation>
    </message>
    <message>
        <source>{language} (detected, {sure:.0%} sure)</source>
        <translation>{language} (erkannt, zu {sure:.0%} sicher)</translation>
    </message>
    <message>
        <source>{language} (fixed in Settings)</source>
        <translation>{language} (in den Einstellungen festgelegt)</translation>
    </message>
</context>
<context>
    <name>links</name>
    <message>
        <source>Links to files or relative paths are not opened from the panel.</source>
        <translation>Links auf Dateien oder relative Pfade werden aus dem Fenster nicht geöffnet.</translation>
    </message>
    <message>
        <source>Links to files on this computer are not opened from the panel.</source>
        <translation>Links auf Dateien dieses Computers werden aus dem Fenster nicht geöffnet.</translation>
    </message>
    <message>
        <source>“{shortened}:” links are not opened from the panel: only web addresses (http, https) are.</source>
        <translation>„{shortened}:“-Links werden aus dem Fenster nicht geöffnet: nur Webadressen (http, https).</translation>
    </message>
    <message>
        <source>That web address names no site, so it is not opened.</source>
        <translation>Diese Webadresse nennt keine Website und wird daher nicht geöffnet.</translation>
    </message>
    <message>
        <source>Open link</source>
        <translation>Link öffnen</translation>
    </message>
    <message>
        <source>Open this address in your web browser?</source>
        <translation>Diese Adresse in Ihrem Webbrowser öffnen?</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
<context>
    <name>memory_details</name>
    <message>
        <source>{ago} ago</source>
        <translation>{ago} her</translation>
    </message>
    <message>
        <source>Written {ago} ({when}) by {who}.</source>
        <translation>Geschrieben {ago} ({when}) von {who}.</translation>
    </message>
    <message>
        <source>From your words: “{user_words}”</source>
        <translation>Aus Ihren Worten: „{user_words}“</translation>
    </message>
    <message>
        <source>used in {plural}</source>
        <translation>genutzt in {plural}</translation>
    </message>
    <message>
        <source>, last {when}</source>
        <translation>, zuletzt {when}</translation>
    </message>
    <message>
        <source>Loaded into {plural}; {used}.</source>
        <translation>Geladen in {plural}; {used}.</translation>
    </message>
    <message>
        <source>{plural} since it was written.</source>
        <translation>{plural} seit dem Schreiben.</translation>
    </message>
    <message>
        <source>⚠ Names paths that no longer exist: </source>
        <translation>⚠ Nennt Pfade, die es nicht mehr gibt: </translation>
    </message>
    <message>
        <source>⚠ Names paths changed since: </source>
        <translation>⚠ Nennt seitdem geänderte Pfade: </translation>
    </message>
    <message>
        <source>⚑ {upper}{flag} (loading it into a session does not count as use).</source>
        <translation>⚑ {upper}{flag} (das Laden in eine Sitzung zählt nicht als Nutzung).</translation>
    </message>
</context>
<context>
    <name>memory_editor</name>
    <message>
        <source>No memory yet. The agent writes here when it learns something worth keeping about a repository.</source>
        <translation>Noch kein Gedächtnis. Der Agent schreibt hier, wenn er über ein Repository etwas Merkenswertes lernt.</translation>
    </message>
    <message>
        <source>No memory yet for this repository.</source>
        <translation>Noch kein Gedächtnis für dieses Repository.</translation>
    </message>
    <message>
        <source>Every line the agent writes waits for you to keep or discard it (in the answer panel, or with &apos;memory pending&apos;); none is loaded into a session until you keep it. Saved at once; from the next session.</source>
        <translation>Jede Zeile, die der Agent schreibt, wartet darauf, dass Sie sie behalten oder verwerfen (im Antwortfenster oder mit &apos;memory pending&apos;); keine wird in eine Sitzung geladen, bevor Sie sie behalten. Sofort gespeichert; ab der nächsten Sitzung.</translation>
    </message>
</context>
<context>
    <name>memory_gate</name>
    <message>
        <source>If the build fails with CS0246 after switching branches, run dotnet restore first</source>
        <translation>Wenn der Build nach einem Branch-Wechsel mit CS0246 fehlschlägt, zuerst dotnet restore ausführen</translation>
    </message>
    <message>
        <source>YYYY-MM-DD: halfway through renaming Parser to Reader; cli.py is next</source>
        <translation>JJJJ-MM-TT: Umbenennung von Parser in Reader zur Hälfte erledigt; als Nächstes cli.py</translation>
    </message>
    <message>
        <source>Save the lesson, the decision or the plan, not the result: the tools will tell the current state next time (for example &quot;{lesson}&quot; or &quot;{dated}&quot;).</source>
        <translation>Speichern Sie die Lehre, die Entscheidung oder den Plan, nicht das Ergebnis: Die Werkzeuge nennen den aktuellen Stand beim nächsten Mal (zum Beispiel „{lesson}“ oder „{dated}“).</translation>
    </message>
    <message>
        <source>Put the date in front of it (for example &quot;{dated}&quot;) so a later session knows how old it is, and leave out results the tools can tell again.</source>
        <translation>Setzen Sie das Datum davor (zum Beispiel „{dated}“), damit eine spätere Sitzung weiß, wie alt es ist, und lassen Sie Ergebnisse weg, die die Werkzeuge erneut nennen können.</translation>
    </message>
    <message>
        <source>If there is a lesson here, save it with its evidence: when it happens, how often and why, as seen in more than one run (for example &quot;{lesson}&quot;). Otherwise save nothing: the tools will show what happens next time.</source>
        <translation>Wenn hier eine Lehre steckt, speichern Sie sie mit ihren Belegen: wann es passiert, wie oft und warum, gesehen in mehr als einem Lauf (zum Beispiel „{lesson}“). Sonst speichern Sie nichts: Die Werkzeuge zeigen beim nächsten Mal, was passiert.</translation>
    </message>
    <message>
        <source>If it is knowledge that holds next month, say when it applies or why, and it will be kept.</source>
        <translation>Ist es Wissen, das auch nächsten Monat gilt, sagen Sie, wann es zutrifft oder warum, dann wird es behalten.</translation>
    </message>
    <message>
        <source>The developer asked to remember this, so say in your answer that it was not saved and that they can keep it as their own line, which this check never judges (only the credential filter applies): in Settings → Memory, or with: {command}</source>
        <translation>Der Entwickler hat gebeten, sich das zu merken; sagen Sie also in Ihrer Antwort, dass es nicht gespeichert wurde und dass er es als eigene Zeile behalten kann, die diese Prüfung nie beurteilt (nur der Filter für Zugangsdaten gilt): in Einstellungen → Gedächtnis oder mit: {command}</translation>
    </message>
    <message>
        <source>Not saved. The line &quot;{line}&quot; was refused: {reason}.</source>
        <translation>Nicht gespeichert. Die Zeile „{line}“ wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>The rest of it is worth keeping: save &quot;{keep}&quot; on its own.</source>
        <translation>Der Rest ist es wert, behalten zu werden: Speichern Sie „{keep}“ für sich allein.</translation>
    </message>
    <message>
        <source>Also refused for the same kind of reason: {others} and {more} more.</source>
        <translation>Aus dem gleichen Grund ebenfalls abgelehnt: {others} und {more} weitere.</translation>
    </message>
    <message>
        <source>Also refused for the same kind of reason: {others}.</source>
        <translation>Aus dem gleichen Grund ebenfalls abgelehnt: {others}.</translation>
    </message>
    <message>
        <source>already in {path} (the same line, up to case, spacing or list marker)</source>
        <translation>bereits in {path} (dieselbe Zeile, bis auf Groß- und Kleinschreibung, Leerraum oder Listenzeichen)</translation>
    </message>
    <message>
        <source>earlier in this same write</source>
        <translation>weiter oben in demselben Schreibvorgang</translation>
    </message>
    <message>
        <source>already in {holder}</source>
        <translation>bereits in {holder}</translation>
    </message>
    <message>
        <source>Not saved. The line &quot;{line}&quot; is {where}. The memory is loaded into every session, so one copy is enough: leave this line out, or edit the existing line if it needs to change.</source>
        <translation>Nicht gespeichert. Die Zeile „{line}“ steht {where}. Das Gedächtnis wird in jede Sitzung geladen, eine Kopie genügt also: Lassen Sie diese Zeile weg oder bearbeiten Sie die vorhandene, wenn sie sich ändern muss.</translation>
    </message>
    <message>
        <source>it repeats a line the memory already holds</source>
        <translation>es wiederholt eine Zeile, die das Gedächtnis schon enthält</translation>
    </message>
    <message>
        <source>it is work in progress without a date, so a later session cannot tell how old it is</source>
        <translation>es ist laufende Arbeit ohne Datum, sodass eine spätere Sitzung nicht erkennen kann, wie alt es ist</translation>
    </message>
    <message>
        <source>it makes a standing rule out of one incident ({what}), and every later session would follow it without knowing what it rests on</source>
        <translation>es macht aus einem einzigen Vorfall ({what}) eine feste Regel, und jede spätere Sitzung würde ihr folgen, ohne zu wissen, worauf sie beruht</translation>
    </message>
    <message>
        <source>what happened once, in one session</source>
        <translation>was einmal geschah, in einer Sitzung</translation>
    </message>
    <message>
        <source>one result, with nothing that says why it holds</source>
        <translation>ein Ergebnis, ohne etwas, das sagt, warum es gilt</translation>
    </message>
    <message>
        <source>it lists changed files, which git_status shows at any time</source>
        <translation>es zählt geänderte Dateien auf, die git_status jederzeit zeigt</translation>
    </message>
    <message>
        <source>it reads like a report of how things stand now (a result, a change, what the code does today) rather than a rule, a reason or a dated plan</source>
        <translation>es liest sich wie ein Bericht über den jetzigen Stand (ein Ergebnis, eine Änderung, was der Code heute tut) statt wie eine Regel, ein Grund oder ein datierter Plan</translation>
    </message>
    <message>
        <source>it is a stack trace, which the next failing run prints again</source>
        <translation>es ist ein Stacktrace, den der nächste fehlschlagende Lauf wieder ausgibt</translation>
    </message>
    <message>
        <source>it is a measurement of one run (a size, a time, a figure), which the tools measure again</source>
        <translation>es ist eine Messung eines einzelnen Laufs (eine Größe, eine Zeit, eine Zahl), die die Werkzeuge erneut messen</translation>
    </message>
    <message>
        <source>it is a failing assertion&apos;s output, which the next test run prints again</source>
        <translation>es ist die Ausgabe einer fehlgeschlagenen Assertion, die der nächste Testlauf wieder ausgibt</translation>
    </message>
    <message>
        <source>it is compiler output, which the next build prints again</source>
        <translation>es ist Compilerausgabe, die der nächste Build wieder ausgibt</translation>
    </message>
    <message>
        <source>it pins a problem to a file and line number, which the next edit moves</source>
        <translation>es heftet ein Problem an eine Datei und Zeilennummer, die sich mit der nächsten Änderung verschiebt</translation>
    </message>
    <message>
        <source>it is a build or test count, which the build and test tools report afresh every run</source>
        <translation>es ist eine Zählung aus Build oder Tests, die die Build- und Testwerkzeuge bei jedem Lauf neu melden</translation>
    </message>
    <message>
        <source>it lists changed or uncommitted files, which git_status shows at any time</source>
        <translation>es zählt geänderte oder nicht committete Dateien auf, die git_status jederzeit zeigt</translation>
    </message>
    <message>
        <source>it records branch, ahead/behind or merge state, which git_status shows at any time</source>
        <translation>es hält den Stand von Branch, Vorsprung/Rückstand oder Merge fest, den git_status jederzeit zeigt</translation>
    </message>
    <message>
        <source>it describes the repository as it is right now, which will not stay true</source>
        <translation>es beschreibt das Repository, wie es gerade ist, und das bleibt nicht wahr</translation>
    </message>
    <message>
        <source>it is compiler or runtime error output, which the next build or run prints again</source>
        <translation>es ist Fehlerausgabe von Compiler oder Laufzeit, die der nächste Build oder Lauf wieder ausgibt</translation>
    </message>
    <message>
        <source>it is a build or test verdict, which the build and test tools tell again next time</source>
        <translation>es ist ein Urteil von Build oder Tests, das die Build- und Testwerkzeuge beim nächsten Mal wieder melden</translation>
    </message>
    <message>
        <source>it records branch or merge state, which git_status shows at any time</source>
        <translation>es hält den Stand von Branch oder Merge fest, den git_status jederzeit zeigt</translation>
    </message>
    <message>
        <source>it describes the repository as it is now, which will not stay true</source>
        <translation>es beschreibt das Repository, wie es jetzt ist, und das bleibt nicht wahr</translation>
    </message>
    <message>
        <source>it says what the code does or lacks right now, which read_file and search_code show at any time and the next commit changes</source>
        <translation>es sagt, was der Code gerade tut oder was ihm fehlt; das zeigen read_file und search_code jederzeit, und der nächste Commit ändert es</translation>
    </message>
    <message>
        <source>it repeats what a tool reports today, which the tool reports afresh when asked and stops being true when the tool or the code changes</source>
        <translation>es wiederholt, was ein Werkzeug heute meldet; das Werkzeug meldet es auf Nachfrage neu, und es stimmt nicht mehr, sobald sich das Werkzeug oder der Code ändert</translation>
    </message>
    <message>
        <source>it records where the repository sits on this machine, which the tools find again</source>
        <translation>es hält fest, wo das Repository auf diesem Rechner liegt, was die Werkzeuge wieder herausfinden</translation>
    </message>
    <message>
        <source>it narrates one incident of one session, which says nothing about the next</source>
        <translation>es erzählt einen einzelnen Vorfall einer Sitzung, der nichts über die nächste sagt</translation>
    </message>
    <message>
        <source>it describes a bug in the code as it is now, which the fix will make false</source>
        <translation>es beschreibt einen Fehler im Code, wie er jetzt ist, und die Korrektur macht das falsch</translation>
    </message>
    <message>
        <source>it records which versions the project uses today, which the project files and git tags show</source>
        <translation>es hält fest, welche Versionen das Projekt heute verwendet, was die Projektdateien und Git-Tags zeigen</translation>
    </message>
    <message>
        <source>it counts things in the code as it is today, which search_code counts again</source>
        <translation>es zählt Dinge im Code, wie er heute ist, die search_code erneut zählt</translation>
    </message>
    <message>
        <source>it describes what the code or the setup fails to do right now, which the next change makes false</source>
        <translation>es beschreibt, was der Code oder die Einrichtung gerade nicht schafft, und die nächste Änderung macht das falsch</translation>
    </message>
    <message>
        <source>it records how something stands right now, which the tools show afresh and which will not stay true</source>
        <translation>es hält fest, wie etwas gerade steht; die Werkzeuge zeigen das neu, und es bleibt nicht wahr</translation>
    </message>
    <message>
        <source>it rests on one event in one session, which says nothing about the next</source>
        <translation>es beruht auf einem einzigen Ereignis in einer Sitzung, das nichts über die nächste sagt</translation>
    </message>
    <message>
        <source>it is a measurement of the code or the system as it is today, which the tools measure again</source>
        <translation>es ist eine Messung des Codes oder des Systems, wie sie heute sind, die die Werkzeuge erneut messen</translation>
    </message>
    <message>
        <source>it measures today&apos;s use against its bound (a quota, a limit), which the tools measure again</source>
        <translation>es misst die heutige Nutzung an ihrer Grenze (einem Kontingent, einem Limit), und die Werkzeuge messen sie erneut</translation>
    </message>
</context>
<context>
    <name>memory_held</name>
    <message>
        <source>Share with the team</source>
        <translation>Mit dem Team teilen</translation>
    </message>
    <message>
        <source>Asking the team server whether you can share it…</source>
        <translation>Der Team-Server wird gefragt, ob Sie es teilen dürfen…</translation>
    </message>
    <message>
        <source>Sharing with the team…</source>
        <translation>Wird mit dem Team geteilt…</translation>
    </message>
    <message>
        <source>Keep, share or discard</source>
        <translation>Behalten, teilen oder verwerfen</translation>
    </message>
    <message>
        <source>Keep or discard</source>
        <translation>Behalten oder verwerfen</translation>
    </message>
    <message>
        <source>{lines}
{choices} it in the answer panel, or with: {APP_NAME} memory pending</source>
        <translation>{lines}
{choices} im Antwortfenster oder mit: {APP_NAME} memory pending</translation>
    </message>
</context>
<context>
    <name>memory_hold</name>
    <message>
        <source>the developer asked to confirm every note before it is remembered</source>
        <translation>der Entwickler hat gebeten, jede Notiz vor dem Merken zu bestätigen</translation>
    </message>
    <message>
        <source>it repeats text read from {sources}, which the developer did not ask to remember</source>
        <translation>es wiederholt aus {sources} gelesenen Text, um dessen Merken der Entwickler nicht gebeten hat</translation>
    </message>
    <message>
        <source>it runs a tool in every later session, which the developer did not ask for</source>
        <translation>es führt in jeder späteren Sitzung ein Werkzeug aus, worum der Entwickler nicht gebeten hat</translation>
    </message>
    <message>
        <source>it opens a link in every later session, which the developer did not ask for</source>
        <translation>es öffnet in jeder späteren Sitzung einen Link, worum der Entwickler nicht gebeten hat</translation>
    </message>
    <message>
        <source>it keeps something quiet in every later session, which the developer did not ask for</source>
        <translation>es verschweigt in jeder späteren Sitzung etwas, worum der Entwickler nicht gebeten hat</translation>
    </message>
    <message>
        <source>it trusts a source in every later session, which the developer did not ask for</source>
        <translation>es vertraut in jeder späteren Sitzung einer Quelle, worum der Entwickler nicht gebeten hat</translation>
    </message>
    <message>
        <source>the agent suggests it for the team&apos;s memory; only you can share it (memory share), keep or discard it</source>
        <translation>der Agent schlägt es für das Team-Gedächtnis vor; nur Sie können es teilen (Befehl &apos;memory share&apos;), behalten oder verwerfen</translation>
    </message>
</context>
<context>
    <name>memory_keep</name>
    <message>
        <source>Keep it anyway</source>
        <translation>Trotzdem behalten</translation>
    </message>
    <message>
        <source>The agent saves only what will still hold next month; a line you keep yourself is yours and is not judged.</source>
        <translation>Der Agent speichert nur, was nächsten Monat noch gilt; eine Zeile, die Sie selbst behalten, gehört Ihnen und wird nicht beurteilt.</translation>
    </message>
    <message>
        <source>Not remembered: “{short}”, because {reason}.</source>
        <translation>Nicht gemerkt: „{short}“, denn {reason}.</translation>
    </message>
    <message>
        <source>{WHY_NOT} You can also add it in Settings → Memory, or with: {command}</source>
        <translation>{WHY_NOT} Sie können sie auch unter Einstellungen → Gedächtnis hinzufügen, oder mit: {command}</translation>
    </message>
</context>
<context>
    <name>memory_keeping</name>
    <message>
        <source>Not kept: {reason}</source>
        <translation>Nicht behalten: {reason}</translation>
    </message>
    <message>
        <source>Not kept: {path} is a folder now.</source>
        <translation>Nicht behalten: {path} ist inzwischen ein Ordner.</translation>
    </message>
    <message>
        <source>Not kept: {path} cannot be written ({exc}).</source>
        <translation>Nicht behalten: {path} kann nicht geschrieben werden ({exc}).</translation>
    </message>
    <message>
        <source>Already in {path}.</source>
        <translation>Steht bereits in {path}.</translation>
    </message>
    <message>
        <source>Kept in {path}.</source>
        <translation>In {path} behalten.</translation>
    </message>
    <message>
        <source>Shared with the team; {path} is unchanged.</source>
        <translation>Mit dem Team geteilt; {path} bleibt unverändert.</translation>
    </message>
    <message>
        <source>Discarded; {path} is unchanged.</source>
        <translation>Verworfen; {path} bleibt unverändert.</translation>
    </message>
</context>
<context>
    <name>memory_limits</name>
    <message>
        <source>Merge related entries into shorter ones or delete entries that are no longer true, then try again.</source>
        <translation>Fassen Sie zusammengehörige Einträge kürzer zusammen oder löschen Sie Einträge, die nicht mehr stimmen, und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>Refused: {reason}</source>
        <translation>Abgelehnt: {reason}</translation>
    </message>
    <message>
        <source>{path} would be empty. Write what you want to remember, or delete the file if nothing in it is still worth keeping.</source>
        <translation>{path} wäre leer. Schreiben Sie, was Sie sich merken möchten, oder löschen Sie die Datei, wenn nichts darin mehr behaltenswert ist.</translation>
    </message>
    <message>
        <source>{path} is nested {depth} folders deep; memory files sit at most {most} folders below /memories. Use a shorter path such as /memories/{name}.</source>
        <translation>{path} liegt {depth} Ordner tief; Gedächtnisdateien liegen höchstens {most} Ordner unter /memories. Verwenden Sie einen kürzeren Pfad wie /memories/{name}.</translation>
    </message>
    <message>
        <source>the memory already holds {count} files, the most it keeps. Add this to an existing file instead. {advice}</source>
        <translation>Das Gedächtnis enthält bereits {count} Dateien, mehr behält es nicht. Fügen Sie dies stattdessen einer vorhandenen Datei hinzu. {advice}</translation>
    </message>
    <message>
        <source>{path} would hold {size} characters; a memory file holds at most {cap}. {advice}</source>
        <translation>{path} hätte {size} Zeichen; eine Gedächtnisdatei fasst höchstens {cap}. {advice}</translation>
    </message>
    <message>
        <source>the memory would hold {size} characters in total (file names included); the limit is {cap} for all files together. {advice}</source>
        <translation>Das Gedächtnis hätte insgesamt {size} Zeichen (Dateinamen eingeschlossen); die Grenze liegt bei {cap} für alle Dateien zusammen. {advice}</translation>
    </message>
    <message>
        <source>the text looks like {kind}. Never store secrets (API keys, tokens, passwords, private keys) in memory. If it matters, note where the secret is kept (for example &apos;the key is in the CI secret store&apos;), never its value.</source>
        <translation>Der Text sieht nach einem Zugangsdatum aus ({kind}). Speichern Sie nie Geheimnisse (API-Schlüssel, Tokens, Passwörter, private Schlüssel) im Gedächtnis. Wenn es wichtig ist, notieren Sie, wo das Geheimnis liegt (zum Beispiel &apos;der Schlüssel liegt im Geheimnisspeicher der CI&apos;), nie seinen Wert.</translation>
    </message>
</context>
<context>
    <name>memory_line_rows</name>
    <message>
        <source>You asked for it</source>
        <translation>Von Ihnen erbeten</translation>
    </message>
    <message>
        <source>From a file it read</source>
        <translation>Aus einer gelesenen Datei</translation>
    </message>
    <message>
        <source>Inferred by the agent</source>
        <translation>Vom Agenten gefolgert</translation>
    </message>
    <message>
        <source>✕ No longer exists: {gone}</source>
        <translation>✕ Gibt es nicht mehr: {gone}</translation>
    </message>
    <message>
        <source>Listed at the end of the block, to check first</source>
        <translation>Am Ende des Blocks aufgeführt, zuerst zu prüfen</translation>
    </message>
    <message>
        <source>⚠ Changed since: {changed}</source>
        <translation>⚠ Seitdem geändert: {changed}</translation>
    </message>
    <message>
        <source>Marked so on the line in the session&apos;s memory</source>
        <translation>So an der Zeile im Gedächtnis der Sitzung markiert</translation>
    </message>
    <message>
        <source>✓ Holds: {cited}</source>
        <translation>✓ Stimmt: {cited}</translation>
    </message>
    <message>
        <source>Everything it cites is as it was when it was written</source>
        <translation>Alles, was sie zitiert, ist wie beim Schreiben</translation>
    </message>
    <message>
        <source>Cites no code to check</source>
        <translation>Zitiert keinen prüfbaren Code</translation>
    </message>
    <message>
        <source>It names no repository path or definition</source>
        <translation>Sie nennt keinen Pfad und keine Definition des Repositorys</translation>
    </message>
    <message>
        <source>◷ Waiting for you: not loaded until you keep it</source>
        <translation>◷ Wartet auf Sie: nicht geladen, bis Sie sie behalten</translation>
    </message>
    <message>
        <source>Keep or Discard it above</source>
        <translation>Oben behalten oder verwerfen</translation>
    </message>
    <message>
        <source>‖ Archived: 60 days neither used nor confirmed; not loaded</source>
        <translation>‖ Archiviert: 60 Tage weder genutzt noch bestätigt; nicht geladen</translation>
    </message>
    <message>
        <source>Restore loads it again</source>
        <translation>Wiederherstellen lädt sie wieder</translation>
    </message>
    <message>
        <source>↑ Confirmed in {line} sessions: can be made standing</source>
        <translation>↑ In {line} Sitzungen bestätigt: kann dauerhaft werden</translation>
    </message>
    <message>
        <source>Make standing loads it as your own instruction</source>
        <translation>Dauerhaft machen lädt sie als Ihre eigene Anweisung</translation>
    </message>
    <message>
        <source>✎ Yours</source>
        <translation>✎ Ihre</translation>
    </message>
    <message>
        <source>Agent&apos;s note, confirmed in {sessions}</source>
        <translation>Notiz des Agenten, bestätigt in {sessions}</translation>
    </message>
</context>
<context>
    <name>memory_lines</name>
    <message>
        <source>★ Standing (yours; the agent cannot change it): {text}</source>
        <translation>★ Dauerhaft (Ihre; der Agent kann sie nicht ändern): {text}</translation>
    </message>
    <message>
        <source>⏸ Archived (60 days neither used nor confirmed; not loaded): {text}</source>
        <translation>⏸ Archiviert (60 Tage weder genutzt noch bestätigt; nicht geladen): {text}</translation>
    </message>
    <message>
        <source>↑ Confirmed in {line} sessions; can be made standing: {text}</source>
        <translation>↑ In {line} Sitzungen bestätigt; kann dauerhaft werden: {text}</translation>
    </message>
    <message>
        <source>✎ Yours: {text}</source>
        <translation>✎ Ihre: {text}</translation>
    </message>
    <message>
        <source>Agent&apos;s note, confirmed in {sessions}: {text}</source>
        <translation>Notiz des Agenten, bestätigt in {sessions}: {text}</translation>
    </message>
</context>
<context>
    <name>memory_list</name>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Age (oldest first)</source>
        <translation>Alter (älteste zuerst)</translation>
    </message>
    <message>
        <source>Staleness (most first)</source>
        <translation>Veraltung (stärkste zuerst)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Commits since</source>
        <translation>Commits seitdem</translation>
    </message>
    <message>
        <source>Marks</source>
        <translation>Markierungen</translation>
    </message>
</context>
<context>
    <name>memory_merge</name>
    <message>
        <source>Memory changed</source>
        <translation>Gedächtnis geändert</translation>
    </message>
    <message>
        <source>Reload shows the saved text (your edit is dropped). Overwrite saves yours over it. Merge shows both side by side.</source>
        <translation>Neu laden zeigt den gespeicherten Text (Ihre Änderung wird verworfen). Überschreiben speichert Ihren darüber. Zusammenführen zeigt beide nebeneinander.</translation>
    </message>
    <message>
        <source>Merge…</source>
        <translation>Zusammenführen…</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Überschreiben</translation>
    </message>
</context>
<context>
    <name>memory_status</name>
    <message>
        <source>Memory: off for this repository</source>
        <translation>Gedächtnis: aus für dieses Repository</translation>
    </message>
    <message>
        <source>Memory (read-only)</source>
        <translation>Gedächtnis (nur lesen)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Gedächtnis</translation>
    </message>
    <message>
        <source>{prefix}: empty</source>
        <translation>{prefix}: leer</translation>
    </message>
    <message>
        <source>, {stale} may be stale</source>
        <translation>, {stale} evtl. veraltet</translation>
    </message>
    <message>
        <source> (its history cannot be read)</source>
        <translation> (sein Verlauf kann nicht gelesen werden)</translation>
    </message>
    <message>
        <source>Memory for {name}: the agent keeps short notes about this repository so it need not ask again. They stay on this computer in {where}; review, edit or delete them under Memory… in the tray menu. With each question, these notes and the contents of the files the agent reads are sent to the Anthropic API. To make memory read-only or turn it off: tray menu, Repository, Memory for {name}.</source>
        <translation>Gedächtnis für {name}: Der Agent führt kurze Notizen zu diesem Repository, damit er nicht erneut fragen muss. Sie bleiben auf diesem Computer in {where}; prüfen, bearbeiten oder löschen Sie sie unter Gedächtnis… im Menü des Symbols. Mit jeder Frage werden diese Notizen und der Inhalt der Dateien, die der Agent liest, an die Anthropic-API gesendet. Um das Gedächtnis schreibzuschützen oder auszuschalten: Menü des Symbols, Repository, Gedächtnis für {name}.</translation>
    </message>
</context>
<context>
    <name>memory_team</name>
    <message>
        <source>Team memory is off: connect a team server with &apos;voice-dev-agent team connect --dsn DSN&apos;.</source>
        <translation>Das Team-Gedächtnis ist aus: Verbinden Sie einen Team-Server mit &apos;voice-dev-agent team connect --dsn DSN&apos;.</translation>
    </message>
    <message>
        <source>No team lines yet. Select one of your lines above and choose Share with the team.</source>
        <translation>Noch keine Team-Zeilen. Wählen Sie oben eine Ihrer Zeilen und dann „Mit dem Team teilen“.</translation>
    </message>
    <message>
        <source>Select one of your own lines in the Lines box to share it with the team.</source>
        <translation>Wählen Sie im Zeilenfeld eine Ihrer eigenen Zeilen, um sie mit dem Team zu teilen.</translation>
    </message>
    <message>
        <source>  [no longer exists here: {join}]</source>
        <translation>  [gibt es hier nicht mehr: {join}]</translation>
    </message>
</context>
<context>
    <name>memory_words</name>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>On</source>
        <translation>An</translation>
    </message>
    <message>
        <source>The agent reads its notes at the start of each session and saves new ones.</source>
        <translation>Der Agent liest seine Notizen zu Beginn jeder Sitzung und speichert neue.</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>Nur lesen</translation>
    </message>
    <message>
        <source>The agent reads its notes but cannot save or change any.</source>
        <translation>Der Agent liest seine Notizen, kann aber keine speichern oder ändern.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Nothing is loaded or saved; the agent has no memory for this repository.</source>
        <translation>Nichts wird geladen oder gespeichert; der Agent hat kein Gedächtnis für dieses Repository.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>you</source>
        <translation>Ihnen</translation>
    </message>
    <message>
        <source>the agent</source>
        <translation>dem Agenten</translation>
    </message>
    <message>
        <source>Moved {file_name} to {name}</source>
        <translation>{file_name} nach {name} verschoben</translation>
    </message>
    <message>
        <source>Forgot {name}</source>
        <translation>{name} vergessen</translation>
    </message>
    <message>
        <source>Remembered: {what} in {name}</source>
        <translation>Gemerkt: {what} in {name}</translation>
    </message>
    <message>
        <source>Remembered {name}</source>
        <translation>{name} gemerkt</translation>
    </message>
    <message>
        <source>Updated: {what} in {name}</source>
        <translation>Aktualisiert: {what} in {name}</translation>
    </message>
    <message>
        <source>Updated {name} (lines removed)</source>
        <translation>{name} aktualisiert (Zeilen entfernt)</translation>
    </message>
    <message>
        <source>Undone.</source>
        <translation>Rückgängig gemacht.</translation>
    </message>
    <message>
        <source> (and {value} more files)</source>
        <translation> (und {value} weitere Dateien)</translation>
    </message>
    <message>
        <source>Undone: {parts}{more}.</source>
        <translation>Rückgängig gemacht: {parts}{more}.</translation>
    </message>
    <message>
        <source>back to the name {file_name}</source>
        <translation>zurück zum Namen {file_name}</translation>
    </message>
    <message>
        <source>back to {name} as it was</source>
        <translation>zurück zu {name}, wie es war</translation>
    </message>
    <message>
        <source>, with {quoted}</source>
        <translation>, mit {quoted}</translation>
    </message>
    <message>
        <source>I forgot {quoted} in {name}</source>
        <translation>Ich habe {quoted} in {name} vergessen</translation>
    </message>
    <message>
        <source>I forgot {name}</source>
        <translation>Ich habe {name} vergessen</translation>
    </message>
    <message>
        <source>back to {quoted} in {name}</source>
        <translation>zurück zu {quoted} in {name}</translation>
    </message>
    <message>
        <source>You wrote {target}</source>
        <translation>Sie haben {target} geschrieben</translation>
    </message>
    <message>
        <source>The agent wrote {target}</source>
        <translation>Der Agent hat {target} geschrieben</translation>
    </message>
    <message>
        <source>You saved {target}</source>
        <translation>Sie haben {target} gespeichert</translation>
    </message>
    <message>
        <source>The agent saved {target}</source>
        <translation>Der Agent hat {target} gespeichert</translation>
    </message>
    <message>
        <source>You edited {target}</source>
        <translation>Sie haben {target} bearbeitet</translation>
    </message>
    <message>
        <source>The agent edited {target}</source>
        <translation>Der Agent hat {target} bearbeitet</translation>
    </message>
    <message>
        <source>You added to {target}</source>
        <translation>Sie haben {target} ergänzt</translation>
    </message>
    <message>
        <source>The agent added to {target}</source>
        <translation>Der Agent hat {target} ergänzt</translation>
    </message>
    <message>
        <source>You deleted {target}</source>
        <translation>Sie haben {target} gelöscht</translation>
    </message>
    <message>
        <source>The agent deleted {target}</source>
        <translation>Der Agent hat {target} gelöscht</translation>
    </message>
    <message>
        <source>You renamed {target}</source>
        <translation>Sie haben {target} umbenannt</translation>
    </message>
    <message>
        <source>The agent renamed {target}</source>
        <translation>Der Agent hat {target} umbenannt</translation>
    </message>
    <message>
        <source>You undid a change to {target}</source>
        <translation>Sie haben eine Änderung an {target} rückgängig gemacht</translation>
    </message>
    <message>
        <source>The agent undid a change to {target}</source>
        <translation>Der Agent hat eine Änderung an {target} rückgängig gemacht</translation>
    </message>
    <message>
        <source>The file did not exist before.</source>
        <translation>Die Datei gab es vorher nicht.</translation>
    </message>
    <message>
        <source>The file was deleted.</source>
        <translation>Die Datei wurde gelöscht.</translation>
    </message>
    <message>
        <source>No text.</source>
        <translation>Kein Text.</translation>
    </message>
    <message>
        <source>{message} “{line}”</source>
        <translation>{message} „{line}“</translation>
    </message>
</context>
<context>
    <name>model_catalog</name>
    <message>
        <source>the Hugging Face hub ({repo})</source>
        <translation>Hugging-Face-Hub ({repo})</translation>
    </message>
    <message>
        <source>bundled with the app</source>
        <translation>mit der App geliefert</translation>
    </message>
    <message>
        <source>Bundled and works offline; fastest, but mishears more words and names.</source>
        <translation>Mitgeliefert und offline nutzbar; am schnellsten, verhört sich aber öfter bei Wörtern und Namen.</translation>
    </message>
    <message>
        <source>Fewer misheard words than tiny.en at several times its cost; a good first step up.</source>
        <translation>Weniger verhörte Wörter als tiny.en bei mehrfachem Aufwand; ein guter erster Schritt nach oben.</translation>
    </message>
    <message>
        <source>Close to small.en&apos;s accuracy and much faster to decode (a two-layer decoder).</source>
        <translation>Fast so genau wie small.en und viel schneller beim Dekodieren (ein Decoder mit zwei Schichten).</translation>
    </message>
    <message>
        <source>The most accurate here and the slowest: on 2 cores a long question may take seconds.</source>
        <translation>Das genaueste hier und das langsamste: Auf 2 Kernen kann eine lange Frage Sekunden dauern.</translation>
    </message>
    <message>
        <source>Multilingual (99 languages), as fast as tiny.en; misses more words than base.</source>
        <translation>Mehrsprachig (99 Sprachen), so schnell wie tiny.en; verhört sich öfter als base.</translation>
    </message>
    <message>
        <source>Multilingual (99 languages); the first choice for another language on a small computer.</source>
        <translation>Mehrsprachig (99 Sprachen); die erste Wahl für eine andere Sprache auf einem kleinen Computer.</translation>
    </message>
    <message>
        <source>Multilingual and clearly more accurate than base; on 2 cores a long question takes seconds.</source>
        <translation>Mehrsprachig und deutlich genauer als base; auf 2 Kernen dauert eine lange Frage Sekunden.</translation>
    </message>
    <message>
        <source>Multilingual and the most accurate here; needs 6 GB of memory and many cores to answer quickly.</source>
        <translation>Mehrsprachig und das genaueste hier; braucht 6 GB Speicher und viele Kerne, um schnell zu antworten.</translation>
    </message>
</context>
<context>
    <name>page_document</name>
    <message>
        <source>[image: {words}]</source>
        <translation>[Bild: {words}]</translation>
    </message>
</context>
<context>
    <name>page_markdown</name>
    <message>
        <source>_The rest of this page is long, so it is shown as plain text below (Copy takes the whole page)._</source>
        <translation>_Der Rest dieser Seite ist lang und wird daher unten als reiner Text gezeigt (Kopieren nimmt die ganze Seite)._</translation>
    </message>
</context>
<context>
    <name>panel</name>
    <message>
        <source>_Nothing was shown on screen for this answer._</source>
        <translation>_Zu dieser Antwort wurde nichts auf dem Bildschirm gezeigt._</translation>
    </message>
</context>
<context>
    <name>person</name>
    <message>
        <source>never used</source>
        <translation>nie genutzt</translation>
    </message>
    <message>
        <source>not used in {days} days</source>
        <translation>seit {days} Tagen nicht genutzt</translation>
    </message>
    <message>
        <source>{path} is a folder.</source>
        <translation>{path} ist ein Ordner.</translation>
    </message>
    <message>
        <source>{path} was deleted since you opened it; nothing was saved.</source>
        <translation>{path} wurde gelöscht, seit Sie die Datei geöffnet haben; nichts wurde gespeichert.</translation>
    </message>
    <message>
        <source>{path} changed since you opened it; nothing was saved.</source>
        <translation>{path} hat sich geändert, seit Sie die Datei geöffnet haben; nichts wurde gespeichert.</translation>
    </message>
    <message>
        <source>No memory folder.</source>
        <translation>Es gibt keinen Gedächtnisordner.</translation>
    </message>
    <message>
        <source>Could not save {path}: {exc}</source>
        <translation>{path} konnte nicht gespeichert werden: {exc}</translation>
    </message>
    <message>
        <source>Give one line of text to remember.</source>
        <translation>Geben Sie eine Zeile Text an, die gemerkt werden soll.</translation>
    </message>
</context>
<context>
    <name>playback</name>
    <message>
        <source>The speaker {name} is not connected. Using the system default speaker until it returns.</source>
        <translation>Der Lautsprecher {name} ist nicht angeschlossen. Bis er zurückkehrt, wird der Standardlautsprecher des Systems verwendet.</translation>
    </message>
    <message>
        <source>The speaker {name} is back and in use again.</source>
        <translation>Der Lautsprecher {name} ist zurück und wieder in Gebrauch.</translation>
    </message>
</context>
<context>
    <name>portal_shortcut</name>
    <message>
        <source>The desktop&apos;s global shortcut stopped working; use the tray&apos;s Listen item.</source>
        <translation>Das globale Tastenkürzel der Arbeitsumgebung funktioniert nicht mehr; nutzen Sie den Eintrag „Zuhören“ im Menü des Symbols.</translation>
    </message>
</context>
<context>
    <name>settings_window</name>
    <message>
        <source>Sends the prompt ahead when the key goes down after a 5-minute break, so the first answer is as quick as the rest; costs about one cache write of the prompt (~3,200 tokens, about $0.0004 on Haiku 5.5) per break, and loads the Claude SDK at launch, not at the first question (about 60 MB of memory from the start).</source>
        <translation>Sendet den Prompt vorab, wenn die Taste nach einer Pause von 5 Minuten gedrückt wird, damit die erste Antwort so schnell kommt wie die übrigen; kostet etwa einen Cache-Schreibvorgang des Prompts (~3.200 Tokens, etwa 0,0004 $ bei Haiku 5.5) je Pause und lädt das Claude-SDK beim Start statt bei der ersten Frage (etwa 60 MB Speicher von Anfang an).</translation>
    </message>
    <message>
        <source>With the Neovim plugin installed, a question carries the file, cursor line, selection (up to 4,000 characters) and diagnostics the editor shows, secrets masked; only when it is from the repository being asked about and at most a minute older than the question.</source>
        <translation>Mit installiertem Neovim-Plugin enthält eine Frage die Datei, die Cursorzeile, die Auswahl (bis zu 4.000 Zeichen) und die Diagnosen, die der Editor zeigt, Geheimnisse maskiert; nur wenn sie aus dem gefragten Repository stammen und höchstens eine Minute älter als die Frage sind.</translation>
    </message>
</context>
<context>
    <name>setup_window</name>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Mikrofon</translation>
    </message>
    <message>
        <source>Hotkey</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Privacy</source>
        <translation>Datenschutz</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Stays on this computer:&lt;/b&gt; your voice (it is transcribed here, by the speech model on this computer), the spoken answers (made here by the voice model), the agent&apos;s notes about each repository, and the history of questions (Settings, Speech: History).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Goes to Anthropic&apos;s API:&lt;/b&gt; the text of each question, what the agent reads to answer it (git status, parts of files, search results, build and test output, with anything shaped like a credential masked), and the agent&apos;s notes for the repository. Audio is never sent.&lt;/p&gt;&lt;p&gt;The API key is kept in the system keyring (or, without one, only in memory until the app quits), never in a file.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Bleibt auf diesem Computer:&lt;/b&gt; Ihre Stimme (sie wird hier vom Spracherkennungsmodell auf diesem Computer erkannt), die gesprochenen Antworten (hier vom Stimmmodell erzeugt), die Notizen des Agenten zu jedem Repository und der Verlauf der Fragen (Einstellungen, Spracherkennung: Verlauf).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Geht an die API von Anthropic:&lt;/b&gt; der Text jeder Frage, was der Agent zum Beantworten liest (git status, Teile von Dateien, Suchergebnisse, Build- und Testausgaben, wobei alles, was wie ein Zugangsschlüssel aussieht, maskiert wird) und die Notizen des Agenten zum Repository. Ton wird nie gesendet.&lt;/p&gt;&lt;p&gt;Der API-Schlüssel liegt im Schlüsselbund des Systems (oder, ohne einen solchen, nur im Arbeitsspeicher, bis die App beendet wird), nie in einer Datei.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>speech_language</name>
    <message>
        <source>This speech model hears English only, so it transcribes English whatever is chosen here.</source>
        <translation>Dieses Spracherkennungsmodell hört nur Englisch und schreibt daher Englisch, egal was hier gewählt ist.</translation>
    </message>
</context>
<context>
    <name>speech_tab</name>
    <message>
        <source>None: use the model chosen above</source>
        <translation>Keiner: das oben gewählte Modell nutzen</translation>
    </message>
</context>
<context>
    <name>team</name>
    <message>
        <source>Team memory as of {when}; the team server is unreachable</source>
        <translation>Team-Gedächtnis vom Stand {when}; der Team-Server ist nicht erreichbar</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>team memory as of {when}; the team server is unreachable</source>
        <translation>Team-Gedächtnis vom Stand {when}; der Team-Server ist nicht erreichbar</translation>
    </message>
    <message>
        <source>Team memory is off: no team server is connected, or this repository has no origin remote or commit.</source>
        <translation>Das Team-Gedächtnis ist aus: Es ist kein Team-Server verbunden, oder dieses Repository hat kein Remote „origin“ oder keinen Commit.</translation>
    </message>
    <message>
        <source>Connect one with &apos;voice-dev-agent team connect --dsn DSN&apos;.</source>
        <translation>Verbinden Sie einen mit &apos;voice-dev-agent team connect --dsn DSN&apos;.</translation>
    </message>
    <message>
        <source>{cached}. Nothing can be shared until it answers.</source>
        <translation>{cached}. Bis er antwortet, kann nichts geteilt werden.</translation>
    </message>
    <message>
        <source>Share it with everyone on this repository&apos;s team, as you ({where}).</source>
        <translation>Mit allen im Team dieses Repositorys teilen, unter Ihrem Namen ({where}).</translation>
    </message>
</context>
<context>
    <name>team_server</name>
    <message>
        <source>the team&apos;s rules do not let your role write this there</source>
        <translation>die Regeln des Teams erlauben Ihrer Rolle nicht, dies dort zu schreiben</translation>
    </message>
    <message>
        <source>your role lacks the privilege for this</source>
        <translation>Ihrer Rolle fehlt dafür die Berechtigung</translation>
    </message>
    <message>
        <source>the password is wrong or missing</source>
        <translation>das Passwort ist falsch oder fehlt</translation>
    </message>
    <message>
        <source>there is no such role</source>
        <translation>diese Rolle gibt es nicht</translation>
    </message>
    <message>
        <source>the server does not let this role connect from here</source>
        <translation>der Server lässt diese Rolle von hier aus nicht verbinden</translation>
    </message>
    <message>
        <source>there is no such database</source>
        <translation>diese Datenbank gibt es nicht</translation>
    </message>
    <message>
        <source>the server takes no connections now</source>
        <translation>der Server nimmt gerade keine Verbindungen an</translation>
    </message>
    <message>
        <source>the server has no connection to spare</source>
        <translation>der Server hat keine Verbindung mehr frei</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>keine Antwort innerhalb der Frist</translation>
    </message>
    <message>
        <source>nothing answers at that address</source>
        <translation>unter dieser Adresse antwortet nichts</translation>
    </message>
    <message>
        <source>the server&apos;s name is not known</source>
        <translation>der Name des Servers ist unbekannt</translation>
    </message>
    <message>
        <source>the connection broke off</source>
        <translation>die Verbindung ist abgebrochen</translation>
    </message>
    <message>
        <source>a setting in the connection string is not valid</source>
        <translation>eine Angabe in der Verbindungsangabe ist ungültig</translation>
    </message>
</context>
<context>
    <name>tools</name>
    <message>
        <source>building {project}</source>
        <translation>Build von {project} läuft</translation>
    </message>
    <message>
        <source>building</source>
        <translation>Build läuft</translation>
    </message>
    <message>
        <source>running tests for {target}</source>
        <translation>Tests für {target} laufen</translation>
    </message>
    <message>
        <source>running tests</source>
        <translation>Tests laufen</translation>
    </message>
    <message>
        <source>checking git status</source>
        <translation>prüft den Git-Status</translation>
    </message>
    <message>
        <source>checking memory</source>
        <translation>prüft das Gedächtnis</translation>
    </message>
    <message>
        <source>remembering</source>
        <translation>merkt sich etwas</translation>
    </message>
    <message>
        <source>forgetting</source>
        <translation>vergisst etwas</translation>
    </message>
    <message>
        <source>tidying memory</source>
        <translation>räumt das Gedächtnis auf</translation>
    </message>
    <message>
        <source>using memory</source>
        <translation>nutzt das Gedächtnis</translation>
    </message>
    <message>
        <source>reading {path}</source>
        <translation>liest {path}</translation>
    </message>
    <message>
        <source>showing it on screen</source>
        <translation>zeigt es auf dem Bildschirm</translation>
    </message>
    <message>
        <source>searching for {pattern}</source>
        <translation>sucht nach {pattern}</translation>
    </message>
</context>
<context>
    <name>tray</name>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Listening…</source>
        <translation>Hört zu…</translation>
    </message>
    <message>
        <source>Transcribing…</source>
        <translation>Erkennt Sprache…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Denkt nach…</translation>
    </message>
    <message>
        <source>Speaking…</source>
        <translation>Spricht…</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
</context>
<context>
    <name>voice_catalog</name>
    <message>
        <source>very low</source>
        <translation>sehr niedrig</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>Piper voice, {quality} quality.</source>
        <translation>Piper-Stimme, Qualität {quality}.</translation>
    </message>
</context>
<context>
    <name>voice_tab</name>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>Embedded (default)</source>
        <translation>Eingebaut (Standard)</translation>
    </message>
    <message>
        <source>{name} (not a microphone: the system default is used)</source>
        <translation>{name} (kein Mikrofon: Der Systemstandard wird verwendet)</translation>
    </message>
    <message>
        <source>{name} (not connected)</source>
        <translation>{name} (nicht verbunden)</translation>
    </message>
</context>
</TS>
