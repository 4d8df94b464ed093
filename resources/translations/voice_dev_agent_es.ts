<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AgentWorker</name>
    <message>
        <source>The answer failed with an internal error ({name}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswerPanel</name>
    <message>
        <source>Earlier answer (Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Later answer (Right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this answer as Markdown (Ctrl+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was said aloud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo this change to the memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answers yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the hotkey and ask a question; answers of this session appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still answering…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not opened: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not opened: {shortened}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will not open: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AppMenu</name>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start listening; choose Stop listening when done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask by typing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask a question without speaking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show last answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the panel with the answers of this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget this conversation; the next question starts from memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop speaking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silence the current answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop this answer, thought or spoken; ask again when you like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review what the agent remembers about your repositories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo last memory change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing the agent remembered in this session yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past questions and replies: search, ask again, correct what was heard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set up…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first steps again: API key, repository, microphone and hotkey checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit {APP_DISPLAY_NAME}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository: none chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No repository yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick the folder of a git repository to ask about</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory for {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo: {line}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing the agent remembered to undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop listening</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AskDialog</name>
    <message>
        <source>Ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask about this repository… (Enter asks, Shift+Enter for a new line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your question:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>Choose a repository first: “{text}” is kept and asked once you do.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%n session(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n year(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DesktopApp</name>
    <message>
        <source>Choose a repository in the tray menu (Repository, Choose folder…) to start asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Anthropic API key yet: enter it under Settings to get answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now asking about {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a git repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was learned could not be saved ({value}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings could not be saved ({value}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FileRow</name>
    <message>
        <source>deleted (its history can undo that)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted: select it and undo the delete in its history to bring it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Names paths that no longer exist: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Names paths changed since it was written: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check these before trusting the note; edit or delete it if it is no longer true.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{upper}{use} by the agent in a session (loading it does not count).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeldBox</name>
    <message>
        <source>Held because {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep this line in the memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard this line; it is not remembered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share this line with everyone on this repository&apos;s team</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeldNotice</name>
    <message>
        <source>Waiting for you: “{short}” for {file_name}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeldNotices</name>
    <message>
        <source>Already settled elsewhere: it no longer waits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not settled: the memory could not be changed ({exc}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept in {file_name}; the next session loads it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discarded, not remembered:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The team server could not be asked; see the log file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not shared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not shared: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not shared: the memory could not be changed ({exc}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistorySettings</name>
    <message>
        <source>Keep a history of questions and replies (on this computer only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older questions and replies are deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open History…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heard as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget this spelling: the words are transcribed as heard again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing learned yet. Correct a transcript in the History window to teach a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned from your corrections:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History is off: new questions are not kept. Turn it on under Settings → Speech.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the turns of one repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search questions, replies, tools and pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was heard. Correct it here: the repository learns the names you fix.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save correction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep this as what you said; names you fixed are learned for this repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show page again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask this question again, in the current session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete this turn from the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heard:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reply:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pages shown:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete this repository&apos;s history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete all history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the History window (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history could not be read ({exc}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing matches the search.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No questions kept yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All repositories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · typed on the command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools: {ran}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tools ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrected; heard as: “{heard}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The correction could not be saved ({exc}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correction saved. Learned for {name}: {learned}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correction saved. No code names to learn in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete every kept question and reply of {name}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted the history of {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete every kept question and reply, of all repositories?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All history deleted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HotkeyBridge</name>
    <message>
        <source>{exc} You can still ask by typing from the tray menu.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HotkeyEdit</name>
    <message>
        <source>Click here, then press the keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click, then press the key combination you want to hold while speaking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press the keys now…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KeepAnyway</name>
    <message>
        <source>Not kept: no repository is chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not kept: the memory could not be changed ({exc}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept as your line in {file}; the next session loads it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not kept: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KeepBox</name>
    <message>
        <source>Keep this line in the memory as your own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adds it to {file} as your line, as `memory add` does</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LanguageChoice</name>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language of the app&apos;s windows, menus and notices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applies when the app starts again. The command line stays in English.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LevelMeter</name>
    <message>
        <source>Live microphone level: speak and watch it move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The microphone cannot be opened ({name}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryDetails</name>
    <message>
        <source>History of this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every change to this file, newest first; Ctrl+Z undoes the selected one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Old and new text of the selected change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo this change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put back the text from before the selected change (Ctrl+Z in the history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;History&lt;/b&gt; (newest first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From your words: “{user_words}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Moved from {old_path} to {path}; the text did not change.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryEditor</name>
    <message>
        <source>Forget this repository…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete every memory and the journal of this repository, for real</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory for this repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort files by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask before remembering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file changed while you edited it; Save will offer to merge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{exc} The files are shown read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop your unsaved edit of {shown_path}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file was deleted; to bring it back, undo the delete in its history (Ctrl+Z there).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New memory file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File name (e.g. build-notes.md):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not created: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not done: {removeprefix}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename memory file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {path}? The agent will no longer know it. (Its history keeps an Undo.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete memory file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget everything the agent remembers about {name}?

Every memory file and the journal of where they came from are deleted. This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget this repository</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryLines</name>
    <message>
        <source>Lines of this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make standing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load this line as your own instruction in every session; the agent can no longer change it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load this archived line in sessions again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryList</name>
    <message>
        <source>Memory files</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryNotices</name>
    <message>
        <source>Nothing to undo.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryTeam</name>
    <message>
        <source>Team memory lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share with the team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share the line selected in the Lines box with everyone on this repository&apos;s team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo team change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo the newest change to the team memory (kept in its history as a new change)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Team memory&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the team memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the team line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone on this repository&apos;s team sees the new text:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the team line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete this line for everyone on the team?

{text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{upper}{unreachable}. Nothing can be shared, changed or undone until it answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only for you: you may read this team memory on {where} but not change it. {count}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared with this repository&apos;s team on {where}; live. {count}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryText</name>
    <message>
        <source>Text of the memory file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory file&apos;s text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this file (Ctrl+S); read in the next session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop your unsaved edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new memory file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give this file another name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete this file (Delete in the list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  — over the cap</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MergeDialog</name>
    <message>
        <source>Merge {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved meanwhile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(The file was deleted meanwhile.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your text, to be saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Saved meanwhile&lt;/b&gt; (copy what you want to keep)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Yours&lt;/b&gt;: this is what will be saved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Microphone</name>
    <message>
        <source>The microphone {described!r} is back and in use again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{message} Using the system default microphone until it returns.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepositoryList</name>
    <message>
        <source>Repositories with memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repositories with memory; the size counts against the whole-store cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}
{chars:,} / {STORE_CAP:,} characters · {files}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unknown repository) {key}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsWindow</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repositories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your Anthropic API key; kept in the system keyring, never in a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make one cheap API call with this key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use this key until the app quits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept in memory only: not in the keyring, the settings or the logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Claude model that answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How hard the model thinks before answering (higher is slower)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effort:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The longest answer the model may write in one step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After this long without a question, the next one starts a new session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New session after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer panel keeps this many of the session&apos;s pages to step back through; older answers stay in the History window while history is on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers kept in the panel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prepare the answer while I speak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send what the editor shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start at login</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language of the app:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build and test commands per repository. Leave a field empty to let the agent detect the toolchain (dotnet, Python, Node, Cargo, Go, Make).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No repositories yet. Choose one from the tray menu, then set its commands here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{mask} — from {source}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste your Anthropic API key (sk-ant-…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings could not be saved: {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed. That spelling is no longer learned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. From the next session, every line the agent writes waits for you to keep it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. From the next session, the agent remembers without asking (lines it copies from files, and standing instructions, still wait for you).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{mask} — from the system keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API key was not saved: see the General page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start at login could not be changed ({value}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. Changes apply to the next question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a key first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{mask} — from memory, until the app quits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Using this key until the app quits; it is not saved anywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save your changes before closing?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetupWindow</name>
    <message>
        <source>Set up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave this step for later (Settings has it too)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anthropic API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste your Anthropic API key (sk-ant-…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use this key until the app quits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept in memory only: not in the keyring, the settings or the logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A key is set ({mask}). Paste another to replace it, or go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers come from Claude, through Anthropic&apos;s API, with your own key (console.anthropic.com, API keys).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No repository is chosen yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent answers about one repository at a time: the folder you work in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say a few words: the bar moves with your voice. If it stays still, choose another microphone under Settings, Voice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not pressed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hotkey check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hotkey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What stays here, what is sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step {value} of {count}: {STEPS}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved in the system keyring ({mask}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Using this key until the app quits; it is not saved anywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking about {name} ({repo}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your question “{question}” is kept and asked as soon as you choose one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the repository you work in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press and hold {pretty_chord} now (from any window): the box lights up. That is how you ask: hold it, speak, let go.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heard it: the hotkey works.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpeechLanguageRow</name>
    <message>
        <source>Language of speech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detect hears which language was spoken; a fixed language is never mistaken for another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpeechModels</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the download; what arrived is kept and the next download resumes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English speech models, transcribed on this computer. Larger ones hear more words right and take longer. Speed is measured here once after download: seconds of work per second of speech.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model folder of your own is set below ({own_folder}); it is used instead of these.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bundled, works offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>download to use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measuring its speed here…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download it first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {name} from this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download {name} from the hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading {name}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring {name}&apos;s speed on this computer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading {name}: {describe}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is ready. Save to use it: the current model keeps working until {name} has loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} could not be removed: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed {name}. Save to go back to {BUNDLED}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed {name}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpeechTab</name>
    <message>
        <source>Speech model folder of your own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A faster-whisper model folder; when one is set it is used instead of the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a faster-whisper model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or a folder of your own:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speech model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpeechWorker</name>
    <message>
        <source>The speech model is still loading.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speech model could not be loaded ({name}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{problem} The previous speech model stays in use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speech recognition model could not be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recording was lost before it could be transcribed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transcription failed ({name}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StateLineWarning</name>
    <message>
        <source>ⓘ {shown}{more}: this looks like repository state, which a tool can tell fresh each time and which goes stale in memory. You can still save it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusWindow</name>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the menu (also a right click anywhere here)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No repository chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press {chord} to ask, again to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold {chord} to ask</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrustBox</name>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the agent build and test this repository (run its code) now and from now on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run nothing now; the agent asks again the next time a question needs it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent wants to run this repository&apos;s own code ({tool}):
{command}
in {where}

It runs with your rights. Trust this repository to build and test it from now on?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repository could not be trusted: {exc}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tests run now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The build runs now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted: {repo}. {running}; the agent may build and test it from now on.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrustList</name>
    <message>
        <source>Trusted to build and test (run their own code):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repositories and whether they may run their code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None yet. The agent asks before it first builds or tests a repository; reading it needs no trust.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add repository…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a repository&apos;s folder and trust it to build and test (run its code)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the agent build and test this repository (run its code) from now on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop trusting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent asks again before it builds or tests this repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}  ·  not trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust a repository to build and test it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repository could not be trusted: {exc}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted: {repo}. The agent may build and test it (run its code) from now on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust could not be taken back: {exc}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VoiceTab</name>
    <message>
        <source>Hold to talk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press to start, press to stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hotkey:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command to bind to a desktop shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bind this command to a key in the desktop&apos;s keyboard settings (custom shortcut): one press starts listening, the next sends the question. It works where the hotkey cannot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or bind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click, then press the keys that show the last answers again (none: no hotkey)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hotkey that shows the last answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hotkey for the answers (the tray still shows them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show answers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Microphone:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the microphone open for instant start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeps the last moment before each press, so your first syllable is heard. When off, the microphone opens on each press and the first syllable can be clipped. While it is open, some desktops show a microphone indicator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test voice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say a sentence with the chosen voice on the chosen speaker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speaker:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a Piper voice (.onnx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How fast answers are spoken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speaking rate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play a short sound when listening starts and stops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cue volume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How loud the listening sounds are; the answers&apos; voice is not changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play the listening sound at this volume on the chosen speaker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cue volume:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The embedded voice works offline; choose another to use your own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Piper voices (*.onnx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keys you choose in the desktop&apos;s dialog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold-to-talk is the desktop&apos;s global shortcut: {keys}. Change it in the desktop&apos;s keyboard settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{removeprefix} (not connected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is the hotkey for talking; choose other keys to show the answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speaker did not finish in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speaking…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_Download</name>
    <message>
        <source>The download of {name} failed ({name2}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>application</name>
    <message>
        <source>{lines}
Undo: tray menu, Undo last memory change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>controller</name>
    <message>
        <source>Didn&apos;t catch anything.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>desktop_start</name>
    <message>
        <source> Asking about {active} instead.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>history</name>
    <message>
        <source>Turns are not being saved to the history: {why}. The history is kept; it resumes by itself.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>history_window</name>
    <message>
        <source>(empty page)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>links</name>
    <message>
        <source>Links to files or relative paths are not opened from the panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Links to files on this computer are not opened from the panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{shortened}:” links are not opened from the panel: only web addresses (http, https) are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That web address names no site, so it is not opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this address in your web browser?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_details</name>
    <message>
        <source>{ago} ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written {ago} ({when}) by {who}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From your words: “{user_words}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>used in {plural}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded into {plural}; {used}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{plural} since it was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Names paths that no longer exist: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Names paths changed since: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚑ {upper}{flag} (loading it into a session does not count as use).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_editor</name>
    <message>
        <source>No memory yet. The agent writes here when it learns something worth keeping about a repository.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory yet for this repository.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every line the agent writes waits for you to keep or discard it (in the answer panel, or with &apos;memory pending&apos;); none is loaded into a session until you keep it. Saved at once; from the next session.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_held</name>
    <message>
        <source>Share with the team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking the team server whether you can share it…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharing with the team…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep, share or discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep or discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{lines}
{choices} it in the answer panel, or with: {APP_NAME} memory pending</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_keep</name>
    <message>
        <source>Keep it anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent saves only what will still hold next month; a line you keep yourself is yours and is not judged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not remembered: “{short}”, because {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{WHY_NOT} You can also add it in Settings → Memory, or with: {command}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_line_rows</name>
    <message>
        <source>You asked for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From a file it read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inferred by the agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✕ No longer exists: {gone}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listed at the end of the block, to check first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Changed since: {changed}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marked so on the line in the session&apos;s memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ Holds: {cited}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything it cites is as it was when it was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cites no code to check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It names no repository path or definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◷ Waiting for you: not loaded until you keep it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep or Discard it above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‖ Archived: 60 days neither used nor confirmed; not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore loads it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↑ Confirmed in {line} sessions: can be made standing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make standing loads it as your own instruction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✎ Yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent&apos;s note, confirmed in {sessions}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_lines</name>
    <message>
        <source>★ Standing (yours; the agent cannot change it): {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⏸ Archived (60 days neither used nor confirmed; not loaded): {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↑ Confirmed in {line} sessions; can be made standing: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✎ Yours: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent&apos;s note, confirmed in {sessions}: {text}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_list</name>
    <message>
        <source>Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age (oldest first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staleness (most first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commits since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_merge</name>
    <message>
        <source>Memory changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload shows the saved text (your edit is dropped). Overwrite saves yours over it. Merge shows both side by side.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_status</name>
    <message>
        <source>Memory: off for this repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{prefix}: empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, {stale} may be stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (its history cannot be read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory for {name}: the agent keeps short notes about this repository so it need not ask again. They stay on this computer in {where}; review, edit or delete them under Memory… in the tray menu. With each question, these notes and the contents of the files the agent reads are sent to the Anthropic API. To make memory read-only or turn it off: tray menu, Repository, Memory for {name}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_team</name>
    <message>
        <source>Team memory is off: connect a team server with &apos;voice-dev-agent team connect --dsn DSN&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No team lines yet. Select one of your lines above and choose Share with the team.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one of your own lines in the Lines box to share it with the team.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  [no longer exists here: {join}]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>memory_words</name>
    <message>
        <source>just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent reads its notes at the start of each session and saves new ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent reads its notes but cannot save or change any.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is loaded or saved; the agent has no memory for this repository.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moved {file_name} to {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forgot {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remembered: {what} in {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remembered {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated: {what} in {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated {name} (lines removed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (and {value} more files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back to the name {file_name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back to {name} as it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back to {quoted} in {name}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>page_markdown</name>
    <message>
        <source>_The rest of this page is long, so it is shown as plain text below (Copy takes the whole page)._</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>panel</name>
    <message>
        <source>_Nothing was shown on screen for this answer._</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>playback</name>
    <message>
        <source>The speaker {name} is not connected. Using the system default speaker until it returns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speaker {name} is back and in use again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>portal_shortcut</name>
    <message>
        <source>The desktop&apos;s global shortcut stopped working; use the tray&apos;s Listen item.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>settings_window</name>
    <message>
        <source>Sends the prompt ahead when the key goes down after a 5-minute break, so the first answer is as quick as the rest; costs about one cache write of the prompt (~3,200 tokens, about $0.0004 on Haiku 5.5) per break, and loads the Claude SDK at launch, not at the first question (about 60 MB of memory from the start).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the Neovim plugin installed, a question carries the file, cursor line, selection (up to 4,000 characters) and diagnostics the editor shows, secrets masked; only when it is from the repository being asked about and at most a minute older than the question.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>setup_window</name>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hotkey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Privacy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Stays on this computer:&lt;/b&gt; your voice (it is transcribed here, by the speech model on this computer), the spoken answers (made here by the voice model), the agent&apos;s notes about each repository, and the history of questions (Settings, Speech: History).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Goes to Anthropic&apos;s API:&lt;/b&gt; the text of each question, what the agent reads to answer it (git status, parts of files, search results, build and test output, with anything shaped like a credential masked), and the agent&apos;s notes for the repository. Audio is never sent.&lt;/p&gt;&lt;p&gt;The API key is kept in the system keyring (or, without one, only in memory until the app quits), never in a file.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>speech_language</name>
    <message>
        <source>This speech model hears English only, so it transcribes English whatever is chosen here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>speech_tab</name>
    <message>
        <source>None: use the model chosen above</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tray</name>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listening…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transcribing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speaking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>voice_tab</name>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedded (default)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
