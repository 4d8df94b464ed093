<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AgentWorker</name>
    <message>
        <source>The answer failed with an internal error ({name}).</source>
        <translation>La respuesta falló por un error interno ({name}).</translation>
    </message>
</context>
<context>
    <name>AnswerPanel</name>
    <message>
        <source>Earlier answer (Left)</source>
        <translation>Respuesta anterior (flecha izquierda)</translation>
    </message>
    <message>
        <source>Later answer (Right)</source>
        <translation>Respuesta siguiente (flecha derecha)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy this answer as Markdown (Ctrl+C)</source>
        <translation>Copiar esta respuesta como Markdown (Ctrl+C)</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Cerrar (Esc)</translation>
    </message>
    <message>
        <source>What was said aloud</source>
        <translation>Lo que se dijo en voz alta</translation>
    </message>
    <message>
        <source>Answer text</source>
        <translation>Texto de la respuesta</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
    <message>
        <source>Undo this change to the memory</source>
        <translation>Deshacer este cambio en la memoria</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
    <message>
        <source>No answers yet</source>
        <translation>Aún no hay respuestas</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Respuestas</translation>
    </message>
    <message>
        <source>Hold the hotkey and ask a question; answers of this session appear here.</source>
        <translation>Mantén pulsado el atajo y haz una pregunta; las respuestas de esta sesión aparecen aquí.</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>Still answering…</source>
        <translation>Todavía respondiendo…</translation>
    </message>
    <message>
        <source>Not opened: {reason}</source>
        <translation>No se abrió: {reason}</translation>
    </message>
    <message>
        <source>Not opened: {shortened}</source>
        <translation>No se abrió: {shortened}</translation>
    </message>
    <message>
        <source>Will not open: {reason}</source>
        <translation>No se abrirá: {reason}</translation>
    </message>
</context>
<context>
    <name>AppMenu</name>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repositorio</translation>
    </message>
    <message>
        <source>Switch to the editor&apos;s repository</source>
        <translation>Cambiar al repositorio del editor</translation>
    </message>
    <message>
        <source>Listen</source>
        <translation>Escuchar</translation>
    </message>
    <message>
        <source>Start listening; choose Stop listening when done</source>
        <translation>Empezar a escuchar; elige «Dejar de escuchar» al terminar</translation>
    </message>
    <message>
        <source>Ask by typing…</source>
        <translation>Preguntar escribiendo…</translation>
    </message>
    <message>
        <source>Ask a question without speaking</source>
        <translation>Hacer una pregunta sin hablar</translation>
    </message>
    <message>
        <source>Show last answer</source>
        <translation>Mostrar la última respuesta</translation>
    </message>
    <message>
        <source>Open the panel with the answers of this session</source>
        <translation>Abrir el panel con las respuestas de esta sesión</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>Nueva sesión</translation>
    </message>
    <message>
        <source>Forget this conversation; the next question starts from memory</source>
        <translation>Olvidar esta conversación; la próxima pregunta parte de la memoria</translation>
    </message>
    <message>
        <source>Stop speaking</source>
        <translation>Dejar de hablar</translation>
    </message>
    <message>
        <source>Silence the current answer</source>
        <translation>Silenciar la respuesta actual</translation>
    </message>
    <message>
        <source>Cancel answer</source>
        <translation>Cancelar la respuesta</translation>
    </message>
    <message>
        <source>Stop this answer, thought or spoken; ask again when you like</source>
        <translation>Detener esta respuesta, pensada o hablada; vuelve a preguntar cuando quieras</translation>
    </message>
    <message>
        <source>Memory…</source>
        <translation>Memoria…</translation>
    </message>
    <message>
        <source>Review what the agent remembers about your repositories</source>
        <translation>Revisar lo que el agente recuerda de tus repositorios</translation>
    </message>
    <message>
        <source>Undo last memory change</source>
        <translation>Deshacer el último cambio de memoria</translation>
    </message>
    <message>
        <source>Nothing the agent remembered in this session yet</source>
        <translation>El agente aún no ha recordado nada en esta sesión</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>Historial…</translation>
    </message>
    <message>
        <source>Past questions and replies: search, ask again, correct what was heard</source>
        <translation>Preguntas y respuestas anteriores: buscar, volver a preguntar, corregir lo que se oyó</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Ajustes…</translation>
    </message>
    <message>
        <source>API key, voice, hotkey, devices</source>
        <translation>Clave de API, voz, atajo, dispositivos</translation>
    </message>
    <message>
        <source>Set up…</source>
        <translation>Configurar…</translation>
    </message>
    <message>
        <source>The first steps again: API key, repository, microphone and hotkey checks</source>
        <translation>Los primeros pasos otra vez: clave de API, repositorio, prueba de micrófono y de atajo</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
    <message>
        <source>Quit {APP_DISPLAY_NAME}</source>
        <translation>Salir de {APP_DISPLAY_NAME}</translation>
    </message>
    <message>
        <source>Repository: {name}</source>
        <translation>Repositorio: {name}</translation>
    </message>
    <message>
        <source>Repository: none chosen</source>
        <translation>Repositorio: ninguno elegido</translation>
    </message>
    <message>
        <source>No repository yet</source>
        <translation>Aún no hay repositorio</translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation>Elegir carpeta…</translation>
    </message>
    <message>
        <source>Pick the folder of a git repository to ask about</source>
        <translation>Elige la carpeta de un repositorio git sobre el que preguntar</translation>
    </message>
    <message>
        <source>Memory for {name}</source>
        <translation>Memoria de {name}</translation>
    </message>
    <message>
        <source>Switch to {name} (open in {editor})</source>
        <translation>Cambiar a {name} (abierto en {editor})</translation>
    </message>
    <message>
        <source>Ask about {repo}, the repository {editor} shows</source>
        <translation>Preguntar sobre {repo}, el repositorio que muestra {editor}</translation>
    </message>
    <message>
        <source>Undo: {line}</source>
        <translation>Deshacer: {line}</translation>
    </message>
    <message>
        <source>Nothing the agent remembered to undo</source>
        <translation>No hay nada recordado por el agente que deshacer</translation>
    </message>
    <message>
        <source>Stop listening</source>
        <translation>Dejar de escuchar</translation>
    </message>
</context>
<context>
    <name>AskDialog</name>
    <message>
        <source>Ask</source>
        <translation>Preguntar</translation>
    </message>
    <message>
        <source>Your question</source>
        <translation>Tu pregunta</translation>
    </message>
    <message>
        <source>Ask about this repository… (Enter asks, Shift+Enter for a new line)</source>
        <translation>Pregunta sobre este repositorio… (Intro pregunta, Mayús+Intro para una línea nueva)</translation>
    </message>
    <message>
        <source>Your question:</source>
        <translation>Tu pregunta:</translation>
    </message>
</context>
<context>
    <name>AskedWith</name>
    <message>
        <source>Ask the same question again without what the editor shows</source>
        <translation>Volver a hacer la misma pregunta sin lo que muestra el editor</translation>
    </message>
    <message>
        <source>Asked with {summary}</source>
        <translation>Preguntado con {summary}</translation>
    </message>
    <message>
        <source>{root}/{path}, line {line}, as {editor} showed it</source>
        <translation>{root}/{path}, línea {line}, tal como lo mostraba {editor}</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>No {language} voice installed: the answer is shown, not spoken. Settings → Speech → Voices</source>
        <translation>No hay ninguna voz en {language} instalada: la respuesta se muestra, no se dice. Ajustes → Transcripción → Voces</translation>
    </message>
    <message>
        <source>Choose a repository first: “{text}” is kept and asked once you do.</source>
        <translation>Elige primero un repositorio: «{text}» se guarda y se pregunta en cuanto lo hagas.</translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%n session(s)</source>
        <translation>
            <numerusform>%n sesión</numerusform>
            <numerusform>%n sesiones</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s)</source>
        <translation>
            <numerusform>%n commit</numerusform>
            <numerusform>%n commits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n archivo</numerusform>
            <numerusform>%n archivos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n línea</numerusform>
            <numerusform>%n líneas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n year(s)</source>
        <translation>
            <numerusform>%n año</numerusform>
            <numerusform>%n años</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n día</numerusform>
            <numerusform>%n días</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n hora</numerusform>
            <numerusform>%n horas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minuto</numerusform>
            <numerusform>%n minutos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DesktopApp</name>
    <message>
        <source>No Anthropic API key yet: enter it under Settings to get answers.</source>
        <translation>Aún no hay clave de API de Anthropic: introdúcela en Ajustes para recibir respuestas.</translation>
    </message>
    <message>
        <source>Now asking about {name} ({why}).</source>
        <translation>Ahora se pregunta sobre {name} ({why}).</translation>
    </message>
    <message>
        <source>Now asking about {name}.</source>
        <translation>Ahora se pregunta sobre {name}.</translation>
    </message>
    <message>
        <source>Choose a git repository</source>
        <translation>Elegir un repositorio git</translation>
    </message>
    <message>
        <source>What was learned could not be saved ({value}).</source>
        <translation>No se pudo guardar lo aprendido ({value}).</translation>
    </message>
    <message>
        <source>The settings could not be saved ({value}).</source>
        <translation>No se pudieron guardar los ajustes ({value}).</translation>
    </message>
</context>
<context>
    <name>EditorRepository</name>
    <message>
        <source>{name} has it open</source>
        <translation>{name} lo tiene abierto</translation>
    </message>
    <message>
        <source>{editor} shows {name}; questions are about {active}.</source>
        <translation>{editor} muestra {name}; las preguntas son sobre {active}.</translation>
    </message>
    <message>
        <source>Switch to {name}</source>
        <translation>Cambiar a {name}</translation>
    </message>
</context>
<context>
    <name>FileRow</name>
    <message>
        <source>deleted (its history can undo that)</source>
        <translation>borrado (su historial puede deshacerlo)</translation>
    </message>
    <message>
        <source>⚠ {count} gone</source>
        <translation>⚠ {count} desaparecidas</translation>
    </message>
    <message>
        <source>⚠ {count} changed</source>
        <translation>⚠ {count} cambiadas</translation>
    </message>
    <message>
        <source>Deleted: select it and undo the delete in its history to bring it back.</source>
        <translation>Borrado: selecciónalo y deshaz el borrado en su historial para recuperarlo.</translation>
    </message>
    <message>
        <source>Names paths that no longer exist: </source>
        <translation>Nombra rutas que ya no existen: </translation>
    </message>
    <message>
        <source>Names paths changed since it was written: </source>
        <translation>Nombra rutas que cambiaron desde que se escribió: </translation>
    </message>
    <message>
        <source>Check these before trusting the note; edit or delete it if it is no longer true.</source>
        <translation>Compruébalas antes de fiarte de la nota; edítala o bórrala si ya no es cierta.</translation>
    </message>
    <message>
        <source>{upper}{use} by the agent in a session (loading it does not count).</source>
        <translation>{upper}{use} por el agente en una sesión (cargarla no cuenta).</translation>
    </message>
</context>
<context>
    <name>HeldBox</name>
    <message>
        <source>Held because {reason}.</source>
        <translation>Retenida porque {reason}.</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Conservar</translation>
    </message>
    <message>
        <source>Keep this line in the memory</source>
        <translation>Conservar esta línea en la memoria</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Discard this line; it is not remembered</source>
        <translation>Descartar esta línea; no se recuerda</translation>
    </message>
    <message>
        <source>Share this line with everyone on this repository&apos;s team</source>
        <translation>Compartir esta línea con todo el equipo de este repositorio</translation>
    </message>
</context>
<context>
    <name>HeldNotice</name>
    <message>
        <source>Waiting for you: “{short}” for {file_name}</source>
        <translation>Esperándote: «{short}» para {file_name}</translation>
    </message>
</context>
<context>
    <name>HeldNotices</name>
    <message>
        <source>Already settled elsewhere: it no longer waits.</source>
        <translation>Ya resuelto en otro lugar: ya no espera.</translation>
    </message>
    <message>
        <source>Not settled: the memory could not be changed ({exc}).</source>
        <translation>Sin resolver: no se pudo cambiar la memoria ({exc}).</translation>
    </message>
    <message>
        <source>Kept in {file_name}; the next session loads it:</source>
        <translation>Conservado en {file_name}; la próxima sesión lo carga:</translation>
    </message>
    <message>
        <source>Discarded, not remembered:</source>
        <translation>Descartado, no recordado:</translation>
    </message>
    <message>
        <source>The team server could not be asked; see the log file.</source>
        <translation>No se pudo consultar al servidor del equipo; mira el archivo de registro.</translation>
    </message>
    <message>
        <source>Not shared</source>
        <translation>No compartido</translation>
    </message>
    <message>
        <source>Not shared: {text}</source>
        <translation>No compartido: {text}</translation>
    </message>
    <message>
        <source>Not shared: the memory could not be changed ({exc}).</source>
        <translation>No compartido: no se pudo cambiar la memoria ({exc}).</translation>
    </message>
</context>
<context>
    <name>HistorySettings</name>
    <message>
        <source>Keep a history of questions and replies (on this computer only)</source>
        <translation>Guardar un historial de preguntas y respuestas (solo en este equipo)</translation>
    </message>
    <message>
        <source> days</source>
        <translation> días</translation>
    </message>
    <message>
        <source>Older questions and replies are deleted</source>
        <translation>Las preguntas y respuestas más antiguas se borran</translation>
    </message>
    <message>
        <source>Open History…</source>
        <translation>Abrir historial…</translation>
    </message>
    <message>
        <source>Keep for:</source>
        <translation>Conservar durante:</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repositorio</translation>
    </message>
    <message>
        <source>Heard as</source>
        <translation>Oído como</translation>
    </message>
    <message>
        <source>Written as</source>
        <translation>Escrito como</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>Aprendido</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Forget this spelling: the words are transcribed as heard again</source>
        <translation>Olvidar esta grafía: las palabras se vuelven a transcribir tal como se oyen</translation>
    </message>
    <message>
        <source>Nothing learned yet. Correct a transcript in the History window to teach a name.</source>
        <translation>Aún no se ha aprendido nada. Corrige una transcripción en la ventana Historial para enseñar un nombre.</translation>
    </message>
    <message>
        <source>Learned from your corrections:</source>
        <translation>Aprendido de tus correcciones:</translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>History</source>
        <translation>Historial</translation>
    </message>
    <message>
        <source>History is off: new questions are not kept. Turn it on under Settings → Speech.</source>
        <translation>El historial está desactivado: las preguntas nuevas no se guardan. Actívalo en Ajustes → Transcripción.</translation>
    </message>
    <message>
        <source>Show the turns of one repository</source>
        <translation>Mostrar los turnos de un repositorio</translation>
    </message>
    <message>
        <source>Search questions, replies, tools and pages</source>
        <translation>Buscar en preguntas, respuestas, herramientas y páginas</translation>
    </message>
    <message>
        <source>What was heard. Correct it here: the repository learns the names you fix.</source>
        <translation>Lo que se oyó. Corrígelo aquí: el repositorio aprende los nombres que corrijas.</translation>
    </message>
    <message>
        <source>Save correction</source>
        <translation>Guardar corrección</translation>
    </message>
    <message>
        <source>Keep this as what you said; names you fixed are learned for this repository</source>
        <translation>Guardar esto como lo que dijiste; los nombres corregidos se aprenden para este repositorio</translation>
    </message>
    <message>
        <source>Show page again</source>
        <translation>Mostrar la página otra vez</translation>
    </message>
    <message>
        <source>Copy question</source>
        <translation>Copiar pregunta</translation>
    </message>
    <message>
        <source>Copy reply</source>
        <translation>Copiar respuesta</translation>
    </message>
    <message>
        <source>Ask again</source>
        <translation>Volver a preguntar</translation>
    </message>
    <message>
        <source>Ask this question again, in the current session</source>
        <translation>Volver a hacer esta pregunta, en la sesión actual</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Borrar</translation>
    </message>
    <message>
        <source>Delete this turn from the history</source>
        <translation>Borrar este turno del historial</translation>
    </message>
    <message>
        <source>Heard:</source>
        <translation>Oído:</translation>
    </message>
    <message>
        <source>Reply:</source>
        <translation>Respuesta:</translation>
    </message>
    <message>
        <source>Pages shown:</source>
        <translation>Páginas mostradas:</translation>
    </message>
    <message>
        <source>Delete this repository&apos;s history</source>
        <translation>Borrar el historial de este repositorio</translation>
    </message>
    <message>
        <source>Delete all history</source>
        <translation>Borrar todo el historial</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Close the History window (Esc)</source>
        <translation>Cerrar la ventana Historial (Esc)</translation>
    </message>
    <message>
        <source>The history could not be read ({exc}).</source>
        <translation>No se pudo leer el historial ({exc}).</translation>
    </message>
    <message>
        <source>no repository</source>
        <translation>ningún repositorio</translation>
    </message>
    <message>
        <source>Nothing matches the search.</source>
        <translation>Nada coincide con la búsqueda.</translation>
    </message>
    <message>
        <source>No questions kept yet.</source>
        <translation>Aún no hay preguntas guardadas.</translation>
    </message>
    <message>
        <source>All repositories</source>
        <translation>Todos los repositorios</translation>
    </message>
    <message>
        <source> · typed on the command line</source>
        <translation> · escrita en la línea de comandos</translation>
    </message>
    <message>
        <source> · heard in {language}</source>
        <translation> · oído en {language}</translation>
    </message>
    <message>
        <source> (failed)</source>
        <translation> (falló)</translation>
    </message>
    <message>
        <source>Tools: {ran}</source>
        <translation>Herramientas: {ran}</translation>
    </message>
    <message>
        <source>No tools ran.</source>
        <translation>No se ejecutó ninguna herramienta.</translation>
    </message>
    <message>
        <source>Corrected; heard as: “{heard}”</source>
        <translation>Corregido; oído como: «{heard}»</translation>
    </message>
    <message>
        <source>Asked again.</source>
        <translation>Preguntado otra vez.</translation>
    </message>
    <message>
        <source>The correction could not be saved ({exc}).</source>
        <translation>No se pudo guardar la corrección ({exc}).</translation>
    </message>
    <message>
        <source>Correction saved. Learned for {name}: {learned}.</source>
        <translation>Corrección guardada. Aprendido para {name}: {learned}.</translation>
    </message>
    <message>
        <source>Correction saved. No code names to learn in it.</source>
        <translation>Corrección guardada. No contiene nombres de código que aprender.</translation>
    </message>
    <message>
        <source>Deleted.</source>
        <translation>Borrado.</translation>
    </message>
    <message>
        <source>Delete every kept question and reply of {name}?</source>
        <translation>¿Borrar todas las preguntas y respuestas guardadas de {name}?</translation>
    </message>
    <message>
        <source>Deleted the history of {name}.</source>
        <translation>Historial de {name} borrado.</translation>
    </message>
    <message>
        <source>Delete every kept question and reply, of all repositories?</source>
        <translation>¿Borrar todas las preguntas y respuestas guardadas de todos los repositorios?</translation>
    </message>
    <message>
        <source>All history deleted.</source>
        <translation>Todo el historial borrado.</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>Copiado.</translation>
    </message>
</context>
<context>
    <name>HotkeyBridge</name>
    <message>
        <source>{exc} You can still ask by typing from the tray menu.</source>
        <translation>{exc} Todavía puedes preguntar escribiendo desde el menú de la bandeja.</translation>
    </message>
</context>
<context>
    <name>HotkeyEdit</name>
    <message>
        <source>Click here, then press the keys</source>
        <translation>Haz clic aquí y pulsa las teclas</translation>
    </message>
    <message>
        <source>Click, then press the key combination you want to hold while speaking</source>
        <translation>Haz clic y pulsa la combinación de teclas que quieres mantener mientras hablas</translation>
    </message>
    <message>
        <source>Press the keys now…</source>
        <translation>Pulsa las teclas ahora…</translation>
    </message>
</context>
<context>
    <name>KeepAnyway</name>
    <message>
        <source>Not kept: no repository is chosen.</source>
        <translation>No se conservó: no hay ningún repositorio elegido.</translation>
    </message>
    <message>
        <source>Not kept: the memory could not be changed ({exc}).</source>
        <translation>No se conservó: no se pudo cambiar la memoria ({exc}).</translation>
    </message>
    <message>
        <source>Kept as your line in {file}; the next session loads it:</source>
        <translation>Conservada como tu línea en {file}; la próxima sesión la carga:</translation>
    </message>
    <message>
        <source>Not kept: {reason}</source>
        <translation>No se conservó: {reason}</translation>
    </message>
</context>
<context>
    <name>KeepBox</name>
    <message>
        <source>Keep this line in the memory as your own</source>
        <translation>Conservar esta línea en la memoria como tuya</translation>
    </message>
    <message>
        <source>Adds it to {file} as your line, as `memory add` does</source>
        <translation>La añade a {file} como tu línea, como hace `memory add`</translation>
    </message>
</context>
<context>
    <name>LanguageChoice</name>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>The language of the app&apos;s windows, menus and notices</source>
        <translation>El idioma de las ventanas, menús y avisos de la aplicación</translation>
    </message>
    <message>
        <source>Applies when the app starts again. The command line stays in English.</source>
        <translation>Se aplica al volver a iniciar la aplicación. La línea de comandos sigue en inglés.</translation>
    </message>
</context>
<context>
    <name>LevelMeter</name>
    <message>
        <source>Live microphone level: speak and watch it move</source>
        <translation>Nivel del micrófono en directo: habla y mira cómo se mueve</translation>
    </message>
    <message>
        <source>The microphone cannot be opened ({name}).</source>
        <translation>No se puede abrir el micrófono ({name}).</translation>
    </message>
</context>
<context>
    <name>MemoryDetails</name>
    <message>
        <source>History of this file</source>
        <translation>Historial de este archivo</translation>
    </message>
    <message>
        <source>Every change to this file, newest first; Ctrl+Z undoes the selected one</source>
        <translation>Cada cambio de este archivo, el más reciente primero; Ctrl+Z deshace el seleccionado</translation>
    </message>
    <message>
        <source>Old and new text of the selected change</source>
        <translation>Texto antiguo y nuevo del cambio seleccionado</translation>
    </message>
    <message>
        <source>Undo this change</source>
        <translation>Deshacer este cambio</translation>
    </message>
    <message>
        <source>Put back the text from before the selected change (Ctrl+Z in the history)</source>
        <translation>Restaurar el texto de antes del cambio seleccionado (Ctrl+Z en el historial)</translation>
    </message>
    <message>
        <source>&lt;b&gt;History&lt;/b&gt; (newest first)</source>
        <translation>&lt;b&gt;Historial&lt;/b&gt; (lo más reciente primero)</translation>
    </message>
    <message>
        <source>From your words: “{user_words}”</source>
        <translation>De tus palabras: «{user_words}»</translation>
    </message>
    <message>
        <source>&lt;p&gt;Moved from {old_path} to {path}; the text did not change.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Movido de {old_path} a {path}; el texto no cambió.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>MemoryEditor</name>
    <message>
        <source>Forget this repository…</source>
        <translation>Olvidar este repositorio…</translation>
    </message>
    <message>
        <source>Delete every memory and the journal of this repository, for real</source>
        <translation>Borrar de verdad toda la memoria y el diario de este repositorio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Repositories&lt;/b&gt;</source>
        <translation>&lt;b&gt;Repositorios&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Memory for this repository</source>
        <translation>Memoria de este repositorio</translation>
    </message>
    <message>
        <source>Sort files by</source>
        <translation>Ordenar archivos por</translation>
    </message>
    <message>
        <source>Ask before remembering</source>
        <translation>Preguntar antes de recordar</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Memoria:</translation>
    </message>
    <message>
        <source>Sort by:</source>
        <translation>Ordenar por:</translation>
    </message>
    <message>
        <source>This file changed while you edited it; Save will offer to merge.</source>
        <translation>Este archivo cambió mientras lo editabas; Guardar ofrecerá combinarlos.</translation>
    </message>
    <message>
        <source>Unknown repository</source>
        <translation>Repositorio desconocido</translation>
    </message>
    <message>
        <source>{exc} The files are shown read-only.</source>
        <translation>{exc} Los archivos se muestran en solo lectura.</translation>
    </message>
    <message>
        <source>Unsaved edit</source>
        <translation>Edición sin guardar</translation>
    </message>
    <message>
        <source>Drop your unsaved edit of {shown_path}?</source>
        <translation>¿Descartar tu edición sin guardar de {shown_path}?</translation>
    </message>
    <message>
        <source>This file was deleted; to bring it back, undo the delete in its history (Ctrl+Z there).</source>
        <translation>Este archivo se borró; para recuperarlo, deshaz el borrado en su historial (Ctrl+Z allí).</translation>
    </message>
    <message>
        <source>Not saved: {message}</source>
        <translation>No se guardó: {message}</translation>
    </message>
    <message>
        <source>New memory file</source>
        <translation>Nuevo archivo de memoria</translation>
    </message>
    <message>
        <source>File name (e.g. build-notes.md):</source>
        <translation>Nombre del archivo (p. ej. build-notes.md):</translation>
    </message>
    <message>
        <source>Not created: {message}</source>
        <translation>No se creó: {message}</translation>
    </message>
    <message>
        <source>Not done: {removeprefix}</source>
        <translation>No se hizo: {removeprefix}</translation>
    </message>
    <message>
        <source>Rename memory file</source>
        <translation>Renombrar archivo de memoria</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>Nombre nuevo:</translation>
    </message>
    <message>
        <source>Delete {path}? The agent will no longer know it. (Its history keeps an Undo.)</source>
        <translation>¿Borrar {path}? El agente dejará de conocerlo. (Su historial conserva un Deshacer.)</translation>
    </message>
    <message>
        <source>Delete memory file</source>
        <translation>Borrar archivo de memoria</translation>
    </message>
    <message>
        <source>Forget everything the agent remembers about {name}?

Every memory file and the journal of where they came from are deleted. This cannot be undone.</source>
        <translation>¿Olvidar todo lo que el agente recuerda de {name}?

Se borran todos los archivos de memoria y el diario de su procedencia. No se puede deshacer.</translation>
    </message>
    <message>
        <source>Forget this repository</source>
        <translation>Olvidar este repositorio</translation>
    </message>
</context>
<context>
    <name>MemoryLines</name>
    <message>
        <source>Lines of this file</source>
        <translation>Líneas de este archivo</translation>
    </message>
    <message>
        <source>Make standing</source>
        <translation>Hacer permanente</translation>
    </message>
    <message>
        <source>Load this line as your own instruction in every session; the agent can no longer change it</source>
        <translation>Cargar esta línea como instrucción tuya en cada sesión; el agente ya no puede cambiarla</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restaurar</translation>
    </message>
    <message>
        <source>Load this archived line in sessions again</source>
        <translation>Volver a cargar esta línea archivada en las sesiones</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lines&lt;/b&gt;</source>
        <translation>&lt;b&gt;Líneas&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>MemoryList</name>
    <message>
        <source>Memory files</source>
        <translation>Archivos de memoria</translation>
    </message>
</context>
<context>
    <name>MemoryNotices</name>
    <message>
        <source>Nothing to undo.</source>
        <translation>No hay nada que deshacer.</translation>
    </message>
</context>
<context>
    <name>MemoryTeam</name>
    <message>
        <source>Team memory lines</source>
        <translation>Líneas de la memoria del equipo</translation>
    </message>
    <message>
        <source>Share with the team</source>
        <translation>Compartir con el equipo</translation>
    </message>
    <message>
        <source>Share the line selected in the Lines box with everyone on this repository&apos;s team</source>
        <translation>Compartir la línea seleccionada en el cuadro Líneas con todo el equipo de este repositorio</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Borrar</translation>
    </message>
    <message>
        <source>Undo team change</source>
        <translation>Deshacer cambio del equipo</translation>
    </message>
    <message>
        <source>Undo the newest change to the team memory (kept in its history as a new change)</source>
        <translation>Deshacer el cambio más reciente de la memoria del equipo (queda en su historial como un cambio nuevo)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Team memory&lt;/b&gt;</source>
        <translation>&lt;b&gt;Memoria del equipo&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Reading the team memory…</source>
        <translation>Leyendo la memoria del equipo…</translation>
    </message>
    <message>
        <source>Edit the team line</source>
        <translation>Editar la línea del equipo</translation>
    </message>
    <message>
        <source>Everyone on this repository&apos;s team sees the new text:</source>
        <translation>Todo el equipo de este repositorio ve el texto nuevo:</translation>
    </message>
    <message>
        <source>Delete the team line</source>
        <translation>Borrar la línea del equipo</translation>
    </message>
    <message>
        <source>Delete this line for everyone on the team?

{text}</source>
        <translation>¿Borrar esta línea para todo el equipo?

{text}</translation>
    </message>
    <message>
        <source>{upper}{unreachable}. Nothing can be shared, changed or undone until it answers.</source>
        <translation>{upper}{unreachable}. No se puede compartir, cambiar ni deshacer nada hasta que responda.</translation>
    </message>
    <message>
        <source>Read-only for you: you may read this team memory on {where} but not change it. {count}</source>
        <translation>Solo lectura para ti: puedes leer esta memoria del equipo en {where}, pero no cambiarla. {count}</translation>
    </message>
    <message>
        <source>Shared with this repository&apos;s team on {where}; live. {count}</source>
        <translation>Compartida con el equipo de este repositorio en {where}; en directo. {count}</translation>
    </message>
</context>
<context>
    <name>MemoryText</name>
    <message>
        <source>Text of the memory file</source>
        <translation>Texto del archivo de memoria</translation>
    </message>
    <message>
        <source>The memory file&apos;s text</source>
        <translation>El texto del archivo de memoria</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Save this file (Ctrl+S); read in the next session</source>
        <translation>Guardar este archivo (Ctrl+S); se lee en la próxima sesión</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Revertir</translation>
    </message>
    <message>
        <source>Drop your unsaved edit</source>
        <translation>Descartar tu edición sin guardar</translation>
    </message>
    <message>
        <source>New file…</source>
        <translation>Archivo nuevo…</translation>
    </message>
    <message>
        <source>Start a new memory file</source>
        <translation>Empezar un archivo de memoria nuevo</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renombrar…</translation>
    </message>
    <message>
        <source>Give this file another name</source>
        <translation>Dar otro nombre a este archivo</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Borrar…</translation>
    </message>
    <message>
        <source>Delete this file (Delete in the list)</source>
        <translation>Borrar este archivo (Supr en la lista)</translation>
    </message>
    <message>
        <source>{length} / {cap} characters</source>
        <translation>{length} / {cap} caracteres</translation>
    </message>
    <message>
        <source>  — over the cap</source>
        <translation>  — por encima del límite</translation>
    </message>
</context>
<context>
    <name>MergeDialog</name>
    <message>
        <source>Merge {path}</source>
        <translation>Combinar {path}</translation>
    </message>
    <message>
        <source>Saved meanwhile</source>
        <translation>Guardado mientras tanto</translation>
    </message>
    <message>
        <source>(The file was deleted meanwhile.)</source>
        <translation>(El archivo se borró mientras tanto.)</translation>
    </message>
    <message>
        <source>Your text, to be saved</source>
        <translation>Tu texto, el que se guardará</translation>
    </message>
    <message>
        <source>Save merged</source>
        <translation>Guardar combinado</translation>
    </message>
    <message>
        <source>&lt;b&gt;Saved meanwhile&lt;/b&gt; (copy what you want to keep)</source>
        <translation>&lt;b&gt;Guardado mientras tanto&lt;/b&gt; (copia lo que quieras conservar)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Yours&lt;/b&gt;: this is what will be saved</source>
        <translation>&lt;b&gt;El tuyo&lt;/b&gt;: esto es lo que se guardará</translation>
    </message>
</context>
<context>
    <name>Microphone</name>
    <message>
        <source>The microphone {described!r} is back and in use again.</source>
        <translation>El micrófono {described!r} ha vuelto y está de nuevo en uso.</translation>
    </message>
    <message>
        <source>{message} Using the system default microphone instead. {hint}</source>
        <translation>{message} Se usa en su lugar el micrófono predeterminado del sistema. {hint}</translation>
    </message>
    <message>
        <source>{message} Using the system default microphone until it returns.</source>
        <translation>{message} Se usa el micrófono predeterminado del sistema hasta que vuelva.</translation>
    </message>
</context>
<context>
    <name>RepositoryList</name>
    <message>
        <source>Repositories with memory</source>
        <translation>Repositorios con memoria</translation>
    </message>
    <message>
        <source>Repositories with memory; the size counts against the whole-store cap</source>
        <translation>Repositorios con memoria; el tamaño cuenta para el límite de todo el almacén</translation>
    </message>
    <message>
        <source>{name}
{chars} / {STORE_CAP} characters · {files}</source>
        <translation>{name}
{chars} / {STORE_CAP} caracteres · {files}</translation>
    </message>
    <message>
        <source>(unknown repository) {key}</source>
        <translation>(repositorio desconocido) {key}</translation>
    </message>
</context>
<context>
    <name>SettingsWindow</name>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voz</translation>
    </message>
    <message>
        <source>Speech</source>
        <translation>Transcripción</translation>
    </message>
    <message>
        <source>Repositories</source>
        <translation>Repositorios</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>Your Anthropic API key; kept in the system keyring, never in a file</source>
        <translation>Tu clave de API de Anthropic; se guarda en el llavero del sistema, nunca en un archivo</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Probar</translation>
    </message>
    <message>
        <source>Make one cheap API call with this key</source>
        <translation>Hacer una llamada barata a la API con esta clave</translation>
    </message>
    <message>
        <source>Use this key until the app quits</source>
        <translation>Usar esta clave hasta cerrar la aplicación</translation>
    </message>
    <message>
        <source>Kept in memory only: not in the keyring, the settings or the logs</source>
        <translation>Solo en memoria: ni en el llavero, ni en los ajustes, ni en los registros</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Clave de API:</translation>
    </message>
    <message>
        <source>The Claude model that answers</source>
        <translation>El modelo de Claude que responde</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modelo:</translation>
    </message>
    <message>
        <source>low</source>
        <translation>bajo</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>medio</translation>
    </message>
    <message>
        <source>high</source>
        <translation>alto</translation>
    </message>
    <message>
        <source>How hard the model thinks before answering (higher is slower)</source>
        <translation>Cuánto piensa el modelo antes de responder (más alto es más lento)</translation>
    </message>
    <message>
        <source>Effort:</source>
        <translation>Esfuerzo:</translation>
    </message>
    <message>
        <source>The longest answer the model may write in one step</source>
        <translation>La respuesta más larga que el modelo puede escribir en un paso</translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation>Tokens máx.:</translation>
    </message>
    <message>
        <source> minutes</source>
        <translation> minutos</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <source>After this long without a question, the next one starts a new session</source>
        <translation>Tras este tiempo sin preguntas, la siguiente empieza una sesión nueva</translation>
    </message>
    <message>
        <source>New session after:</source>
        <translation>Nueva sesión tras:</translation>
    </message>
    <message>
        <source> answers</source>
        <translation> respuestas</translation>
    </message>
    <message>
        <source>The answer panel keeps this many of the session&apos;s pages to step back through; older answers stay in the History window while history is on</source>
        <translation>El panel de respuestas guarda tantas páginas de la sesión para volver atrás; las respuestas más antiguas quedan en el Historial mientras esté activado</translation>
    </message>
    <message>
        <source>Answers kept in the panel:</source>
        <translation>Respuestas en el panel:</translation>
    </message>
    <message>
        <source>Prepare the answer while I speak</source>
        <translation>Preparar la respuesta mientras hablo</translation>
    </message>
    <message>
        <source>Send what the editor shows</source>
        <translation>Enviar lo que muestra el editor</translation>
    </message>
    <message>
        <source>Start at login</source>
        <translation>Abrir al iniciar sesión</translation>
    </message>
    <message>
        <source>Language of the app:</source>
        <translation>Idioma de la aplicación:</translation>
    </message>
    <message>
        <source>Build and test commands per repository. Leave a field empty to let the agent detect the toolchain (dotnet, Python, Node, Cargo, Go, Make).</source>
        <translation>Órdenes de compilación y de pruebas por repositorio. Deja un campo vacío para que el agente detecte las herramientas (dotnet, Python, Node, Cargo, Go, Make).</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repositorio</translation>
    </message>
    <message>
        <source>Build command</source>
        <translation>Orden de compilación</translation>
    </message>
    <message>
        <source>Test command</source>
        <translation>Orden de pruebas</translation>
    </message>
    <message>
        <source>No repositories yet. Choose one from the tray menu, then set its commands here.</source>
        <translation>Aún no hay repositorios. Elige uno en el menú de la bandeja y define aquí sus órdenes.</translation>
    </message>
    <message>
        <source>the environment (ANTHROPIC_API_KEY)</source>
        <translation>el entorno (ANTHROPIC_API_KEY)</translation>
    </message>
    <message>
        <source>memory, until the app quits</source>
        <translation>la memoria, hasta cerrar la aplicación</translation>
    </message>
    <message>
        <source>the system keyring</source>
        <translation>el llavero del sistema</translation>
    </message>
    <message>
        <source>{mask} — from {source}</source>
        <translation>{mask} — de {source}</translation>
    </message>
    <message>
        <source>Paste your Anthropic API key (sk-ant-…)</source>
        <translation>Pega tu clave de API de Anthropic (sk-ant-…)</translation>
    </message>
    <message>
        <source>The settings could not be saved: {value}.</source>
        <translation>No se pudieron guardar los ajustes: {value}.</translation>
    </message>
    <message>
        <source>Removed. That spelling is no longer learned.</source>
        <translation>Quitado. Esa grafía ya no está aprendida.</translation>
    </message>
    <message>
        <source>Saved. From the next session, every line the agent writes waits for you to keep it.</source>
        <translation>Guardado. Desde la próxima sesión, cada línea que escriba el agente espera a que la conserves.</translation>
    </message>
    <message>
        <source>Saved. From the next session, the agent remembers without asking (lines it copies from files, and standing instructions, still wait for you).</source>
        <translation>Guardado. Desde la próxima sesión, el agente recuerda sin preguntar (las líneas que copia de archivos y las instrucciones permanentes siguen esperándote).</translation>
    </message>
    <message>
        <source>{mask} — from the system keyring</source>
        <translation>{mask} — del llavero del sistema</translation>
    </message>
    <message>
        <source>The API key was not saved: see the General page.</source>
        <translation>La clave de API no se guardó: mira la página General.</translation>
    </message>
    <message>
        <source>Start at login could not be changed ({value}).</source>
        <translation>No se pudo cambiar «Abrir al iniciar sesión» ({value}).</translation>
    </message>
    <message>
        <source>Saved. The app&apos;s language changes when it starts again.</source>
        <translation>Guardado. El idioma de la aplicación cambia al volver a iniciarla.</translation>
    </message>
    <message>
        <source>Saved. Changes apply to the next question.</source>
        <translation>Guardado. Los cambios se aplican a la próxima pregunta.</translation>
    </message>
    <message>
        <source>Enter a key first.</source>
        <translation>Introduce primero una clave.</translation>
    </message>
    <message>
        <source>{mask} — from memory, until the app quits</source>
        <translation>{mask} — de la memoria, hasta cerrar la aplicación</translation>
    </message>
    <message>
        <source>Using this key until the app quits; it is not saved anywhere.</source>
        <translation>Se usa esta clave hasta cerrar la aplicación; no se guarda en ningún sitio.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Probando…</translation>
    </message>
    <message>
        <source>Save your changes before closing?</source>
        <translation>¿Guardar los cambios antes de cerrar?</translation>
    </message>
</context>
<context>
    <name>SetupWindow</name>
    <message>
        <source>Set up</source>
        <translation>Configurar</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Atrás</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Omitir</translation>
    </message>
    <message>
        <source>Leave this step for later (Settings has it too)</source>
        <translation>Dejar este paso para más tarde (también está en Ajustes)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Siguiente</translation>
    </message>
    <message>
        <source>Anthropic API key</source>
        <translation>Clave de API de Anthropic</translation>
    </message>
    <message>
        <source>Paste your Anthropic API key (sk-ant-…)</source>
        <translation>Pega tu clave de API de Anthropic (sk-ant-…)</translation>
    </message>
    <message>
        <source>Use this key until the app quits</source>
        <translation>Usar esta clave hasta cerrar la aplicación</translation>
    </message>
    <message>
        <source>Kept in memory only: not in the keyring, the settings or the logs</source>
        <translation>Solo en memoria: ni en el llavero, ni en los ajustes, ni en los registros</translation>
    </message>
    <message>
        <source>A key is set ({mask}). Paste another to replace it, or go on.</source>
        <translation>Hay una clave configurada ({mask}). Pega otra para sustituirla o continúa.</translation>
    </message>
    <message>
        <source>Answers come from Claude, through Anthropic&apos;s API, with your own key (console.anthropic.com, API keys).</source>
        <translation>Las respuestas vienen de Claude, a través de la API de Anthropic, con tu propia clave (console.anthropic.com, API keys).</translation>
    </message>
    <message>
        <source>Your API key</source>
        <translation>Tu clave de API</translation>
    </message>
    <message>
        <source>No repository is chosen yet.</source>
        <translation>Aún no hay ningún repositorio elegido.</translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation>Elegir carpeta…</translation>
    </message>
    <message>
        <source>The agent answers about one repository at a time: the folder you work in.</source>
        <translation>El agente responde sobre un repositorio a la vez: la carpeta en la que trabajas.</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repositorio</translation>
    </message>
    <message>
        <source>Say a few words: the bar moves with your voice. If it stays still, choose another microphone under Settings, Voice.</source>
        <translation>Di unas palabras: la barra se mueve con tu voz. Si se queda quieta, elige otro micrófono en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Micrófono</translation>
    </message>
    <message>
        <source>Not pressed yet</source>
        <translation>Aún no se ha pulsado</translation>
    </message>
    <message>
        <source>Hotkey check</source>
        <translation>Prueba del atajo</translation>
    </message>
    <message>
        <source>Hotkey</source>
        <translation>Atajo</translation>
    </message>
    <message>
        <source>What stays here, what is sent</source>
        <translation>Qué se queda aquí y qué se envía</translation>
    </message>
    <message>
        <source>Step {value} of {count}: {STEPS}</source>
        <translation>Paso {value} de {count}: {STEPS}</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Terminar</translation>
    </message>
    <message>
        <source>Saved in the system keyring ({mask}).</source>
        <translation>Guardada en el llavero del sistema ({mask}).</translation>
    </message>
    <message>
        <source>Using this key until the app quits; it is not saved anywhere.</source>
        <translation>Se usa esta clave hasta cerrar la aplicación; no se guarda en ningún sitio.</translation>
    </message>
    <message>
        <source>Asking about {name} ({repo}).</source>
        <translation>Se pregunta sobre {name} ({repo}).</translation>
    </message>
    <message>
        <source>Your question “{question}” is kept and asked as soon as you choose one.</source>
        <translation>Tu pregunta «{question}» se guarda y se hace en cuanto elijas uno.</translation>
    </message>
    <message>
        <source>Choose the repository you work in</source>
        <translation>Elige el repositorio en el que trabajas</translation>
    </message>
    <message>
        <source>Press and hold {pretty_chord} now (from any window): the box lights up. That is how you ask: hold it, speak, let go.</source>
        <translation>Mantén pulsado {pretty_chord} ahora (desde cualquier ventana): el recuadro se ilumina. Así se pregunta: mantener, hablar, soltar.</translation>
    </message>
    <message>
        <source>Heard it: the hotkey works.</source>
        <translation>Recibido: el atajo funciona.</translation>
    </message>
</context>
<context>
    <name>SpeechLanguageRow</name>
    <message>
        <source>Language of speech</source>
        <translation>Idioma del habla</translation>
    </message>
    <message>
        <source>Detect hears which language was spoken; a fixed language is never mistaken for another</source>
        <translation>Detectar oye qué idioma se habló; un idioma fijo nunca se confunde con otro</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Idioma:</translation>
    </message>
</context>
<context>
    <name>SpeechModels</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop the download; what arrived is kept and the next download resumes</source>
        <translation>Detener la descarga; lo recibido se conserva y la próxima descarga continúa</translation>
    </message>
    <message>
        <source>Speech models, transcribed on this computer: English ones, and multilingual ones that hear other languages too. Larger ones hear more words right and take longer. Speed is measured here once after download: seconds of work per second of speech.</source>
        <translation>Modelos de voz que transcriben en este equipo: los de inglés y los multilingües, que oyen también otros idiomas. Los más grandes aciertan más palabras y tardan más. La velocidad se mide aquí una vez tras la descarga: segundos de trabajo por segundo de habla.</translation>
    </message>
    <message>
        <source>A model folder of your own is set below ({own_folder}); it is used instead of these.</source>
        <translation>Abajo hay una carpeta de modelo propia ({own_folder}); se usa en lugar de estos.</translation>
    </message>
    <message>
        <source>bundled, works offline</source>
        <translation>incluido, funciona sin conexión</translation>
    </message>
    <message>
        <source>{size} downloaded, resumes</source>
        <translation>{size} descargados, se reanuda</translation>
    </message>
    <message>
        <source>download to use</source>
        <translation>descárgalo para usarlo</translation>
    </message>
    <message>
        <source>measuring its speed here…</source>
        <translation>midiendo su velocidad aquí…</translation>
    </message>
    <message>
        <source>Download it first</source>
        <translation>Descárgalo primero</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Descargar</translation>
    </message>
    <message>
        <source>Delete {name} from this computer</source>
        <translation>Borrar {name} de este equipo</translation>
    </message>
    <message>
        <source>Download {name} from {source}</source>
        <translation>Descargar {name} (desde: {source})</translation>
    </message>
    <message>
        <source>Downloading {name}…</source>
        <translation>Descargando {name}…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <source>Measuring {name}&apos;s speed on this computer…</source>
        <translation>Midiendo la velocidad de {name} en este equipo…</translation>
    </message>
    <message>
        <source>Downloading {name}: {describe}</source>
        <translation>Descargando {name}: {describe}</translation>
    </message>
    <message>
        <source>{name} is ready. Save to use it: the current model keeps working until {name} has loaded.</source>
        <translation>{name} está listo. Guarda para usarlo: el modelo actual sigue funcionando hasta que {name} se haya cargado.</translation>
    </message>
    <message>
        <source>{name} could not be removed: {exc}</source>
        <translation>No se pudo quitar {name}: {exc}</translation>
    </message>
    <message>
        <source>Removed {name}. Save to go back to {BUNDLED}.</source>
        <translation>{name} quitado. Guarda para volver a {BUNDLED}.</translation>
    </message>
    <message>
        <source>Removed {name}.</source>
        <translation>{name} quitado.</translation>
    </message>
</context>
<context>
    <name>SpeechTab</name>
    <message>
        <source>Speech model folder of your own</source>
        <translation>Carpeta propia del modelo de voz</translation>
    </message>
    <message>
        <source>A faster-whisper model folder; when one is set it is used instead of the list</source>
        <translation>Una carpeta de modelo faster-whisper; si hay una, se usa en lugar de la lista</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Elegir…</translation>
    </message>
    <message>
        <source>Choose a faster-whisper model folder</source>
        <translation>Elegir una carpeta de modelo faster-whisper</translation>
    </message>
    <message>
        <source>Or a folder of your own:</source>
        <translation>O una carpeta propia:</translation>
    </message>
    <message>
        <source>Speech model</source>
        <translation>Modelo de voz</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historial</translation>
    </message>
</context>
<context>
    <name>SpeechVoices</name>
    <message>
        <source>Voices</source>
        <translation>Voces</translation>
    </message>
    <message>
        <source>A reply is spoken with a voice of its language; with none downloaded it is shown instead</source>
        <translation>Una respuesta se dice con una voz de su idioma; si no hay ninguna descargada, se muestra en su lugar</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Descargar</translation>
    </message>
    <message>
        <source>Voices:</source>
        <translation>Voces:</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>incluida</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>descargada</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>sin descargar</translation>
    </message>
    <message>
        <source>default</source>
        <translation>predeterminada</translation>
    </message>
    <message>
        <source>{name} is on this computer</source>
        <translation>{name} está en este equipo</translation>
    </message>
    <message>
        <source>Download {name} from {source}</source>
        <translation>Descargar {name} (desde: {source})</translation>
    </message>
    <message>
        <source>Downloading {name}…</source>
        <translation>Descargando {name}…</translation>
    </message>
    <message>
        <source>{name} is downloaded: replies in its language are spoken.</source>
        <translation>{name} está descargada: las respuestas en su idioma se dicen en voz alta.</translation>
    </message>
    <message>
        <source>The download failed ({kind}).</source>
        <translation>La descarga falló ({kind}).</translation>
    </message>
</context>
<context>
    <name>SpeechWorker</name>
    <message>
        <source>The speech model is still loading.</source>
        <translation>El modelo de voz aún se está cargando.</translation>
    </message>
    <message>
        <source>The speech model could not be loaded ({name}).</source>
        <translation>No se pudo cargar el modelo de voz ({name}).</translation>
    </message>
    <message>
        <source>{problem} The previous speech model stays in use.</source>
        <translation>{problem} El modelo de voz anterior sigue en uso.</translation>
    </message>
    <message>
        <source>The speech recognition model could not be loaded.</source>
        <translation>No se pudo cargar el modelo de reconocimiento de voz.</translation>
    </message>
    <message>
        <source>The recording was lost before it could be transcribed.</source>
        <translation>La grabación se perdió antes de poder transcribirla.</translation>
    </message>
    <message>
        <source>Transcription failed ({name}).</source>
        <translation>La transcripción falló ({name}).</translation>
    </message>
</context>
<context>
    <name>StateLineWarning</name>
    <message>
        <source> and {count} more</source>
        <translation> y {count} más</translation>
    </message>
    <message>
        <source>ⓘ {shown}{more}: this looks like repository state, which a tool can tell fresh each time and which goes stale in memory. You can still save it.</source>
        <translation>ⓘ {shown}{more}: esto parece el estado del repositorio, que una herramienta puede consultar al momento y que en la memoria se queda obsoleto. Aun así puedes guardarlo.</translation>
    </message>
</context>
<context>
    <name>StatusWindow</name>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menú</translation>
    </message>
    <message>
        <source>Open the menu (also a right click anywhere here)</source>
        <translation>Abrir el menú (también con clic derecho en cualquier parte)</translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>Warning</source>
        <translation>Aviso</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>Ready ({detail})</source>
        <translation>Listo ({detail})</translation>
    </message>
    <message>
        <source>Repository: {name}</source>
        <translation>Repositorio: {name}</translation>
    </message>
    <message>
        <source>No repository chosen</source>
        <translation>Ningún repositorio elegido</translation>
    </message>
    <message>
        <source>Press {chord} to ask, again to send</source>
        <translation>Pulsa {chord} para preguntar y otra vez para enviar</translation>
    </message>
    <message>
        <source>Hold {chord} to ask</source>
        <translation>Mantén {chord} para preguntar</translation>
    </message>
</context>
<context>
    <name>TrustBox</name>
    <message>
        <source>Trust</source>
        <translation>Confiar</translation>
    </message>
    <message>
        <source>Let the agent build and test this repository (run its code) now and from now on</source>
        <translation>Dejar que el agente compile y pruebe este repositorio (ejecute su código) ahora y en adelante</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Ahora no</translation>
    </message>
    <message>
        <source>Run nothing now; the agent asks again the next time a question needs it</source>
        <translation>No ejecutar nada ahora; el agente vuelve a preguntar la próxima vez que una pregunta lo necesite</translation>
    </message>
    <message>
        <source>The agent wants to run this repository&apos;s own code ({tool}):
{command}
in {where}

It runs with your rights. Trust this repository to build and test it from now on?</source>
        <translation>El agente quiere ejecutar el código de este repositorio ({tool}):
{command}
en {where}

Se ejecuta con tus permisos. ¿Confiar en este repositorio para compilarlo y probarlo a partir de ahora?</translation>
    </message>
    <message>
        <source>tests</source>
        <translation>pruebas</translation>
    </message>
    <message>
        <source>build</source>
        <translation>compilación</translation>
    </message>
    <message>
        <source>The repository could not be trusted: {exc}.</source>
        <translation>No se pudo confiar en el repositorio: {exc}.</translation>
    </message>
    <message>
        <source>The tests run now</source>
        <translation>Las pruebas se ejecutan ahora</translation>
    </message>
    <message>
        <source>The build runs now</source>
        <translation>La compilación se ejecuta ahora</translation>
    </message>
    <message>
        <source>Trusted: {repo}. {running}; the agent may build and test it from now on.</source>
        <translation>De confianza: {repo}. {running}; el agente puede compilarlo y probarlo a partir de ahora.</translation>
    </message>
</context>
<context>
    <name>TrustList</name>
    <message>
        <source>Trusted to build and test (run their own code):</source>
        <translation>De confianza para compilar y probar (ejecutar su código):</translation>
    </message>
    <message>
        <source>Repositories and whether they may run their code</source>
        <translation>Repositorios y si pueden ejecutar su código</translation>
    </message>
    <message>
        <source>None yet. The agent asks before it first builds or tests a repository; reading it needs no trust.</source>
        <translation>Ninguno aún. El agente pregunta antes de compilar o probar un repositorio por primera vez; leerlo no requiere confianza.</translation>
    </message>
    <message>
        <source>Add repository…</source>
        <translation>Añadir repositorio…</translation>
    </message>
    <message>
        <source>Choose a repository&apos;s folder and trust it to build and test (run its code)</source>
        <translation>Elegir la carpeta de un repositorio y confiar en él para compilar y probar (ejecutar su código)</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Confiar</translation>
    </message>
    <message>
        <source>Let the agent build and test this repository (run its code) from now on</source>
        <translation>Dejar que el agente compile y pruebe este repositorio (ejecute su código) a partir de ahora</translation>
    </message>
    <message>
        <source>Stop trusting</source>
        <translation>Dejar de confiar</translation>
    </message>
    <message>
        <source>The agent asks again before it builds or tests this repository</source>
        <translation>El agente vuelve a preguntar antes de compilar o probar este repositorio</translation>
    </message>
    <message>
        <source>{name}  ·  trusted {when}</source>
        <translation>{name}  ·  de confianza desde {when}</translation>
    </message>
    <message>
        <source>{name}  ·  not trusted</source>
        <translation>{name}  ·  sin confianza</translation>
    </message>
    <message>
        <source>Trust a repository to build and test it</source>
        <translation>Confiar en un repositorio para compilarlo y probarlo</translation>
    </message>
    <message>
        <source>The repository could not be trusted: {exc}.</source>
        <translation>No se pudo confiar en el repositorio: {exc}.</translation>
    </message>
    <message>
        <source>Trusted: {repo}. The agent may build and test it (run its code) from now on.</source>
        <translation>De confianza: {repo}. El agente puede compilarlo y probarlo (ejecutar su código) a partir de ahora.</translation>
    </message>
    <message>
        <source>Trust could not be taken back: {exc}.</source>
        <translation>No se pudo retirar la confianza: {exc}.</translation>
    </message>
</context>
<context>
    <name>VoiceTab</name>
    <message>
        <source>Hold to talk</source>
        <translation>Mantener para hablar</translation>
    </message>
    <message>
        <source>Press to start, press to stop</source>
        <translation>Pulsar para empezar, pulsar para parar</translation>
    </message>
    <message>
        <source>Hotkey:</source>
        <translation>Atajo:</translation>
    </message>
    <message>
        <source>Command to bind to a desktop shortcut</source>
        <translation>Orden para asignar a un atajo del escritorio</translation>
    </message>
    <message>
        <source>Bind this command to a key in the desktop&apos;s keyboard settings (custom shortcut): one press starts listening, the next sends the question. It works where the hotkey cannot.</source>
        <translation>Asigna esta orden a una tecla en los ajustes de teclado del escritorio (atajo personalizado): una pulsación empieza a escuchar y la siguiente envía la pregunta. Funciona donde el atajo no puede.</translation>
    </message>
    <message>
        <source>Or bind:</source>
        <translation>O asigna:</translation>
    </message>
    <message>
        <source>Click, then press the keys that show the last answers again (none: no hotkey)</source>
        <translation>Haz clic y pulsa las teclas que vuelven a mostrar las últimas respuestas (ninguna: sin atajo)</translation>
    </message>
    <message>
        <source>Hotkey that shows the last answers</source>
        <translation>Atajo que muestra las últimas respuestas</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message>
        <source>No hotkey for the answers (the tray still shows them)</source>
        <translation>Sin atajo para las respuestas (la bandeja las sigue mostrando)</translation>
    </message>
    <message>
        <source>Show answers:</source>
        <translation>Mostrar respuestas:</translation>
    </message>
    <message>
        <source>Microphone:</source>
        <translation>Micrófono:</translation>
    </message>
    <message>
        <source>Keep the microphone open for instant start</source>
        <translation>Mantener el micrófono abierto para empezar al instante</translation>
    </message>
    <message>
        <source>Keeps the last moment before each press, so your first syllable is heard. When off, the microphone opens on each press and the first syllable can be clipped. While it is open, some desktops show a microphone indicator.</source>
        <translation>Guarda el último instante antes de cada pulsación, para que se oiga tu primera sílaba. Si está desactivado, el micrófono se abre en cada pulsación y la primera sílaba puede cortarse. Mientras está abierto, algunos escritorios muestran un indicador de micrófono.</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Nivel:</translation>
    </message>
    <message>
        <source>Test voice</source>
        <translation>Probar voz</translation>
    </message>
    <message>
        <source>Say a sentence with the chosen voice on the chosen speaker</source>
        <translation>Decir una frase con la voz elegida en el altavoz elegido</translation>
    </message>
    <message>
        <source>Speaker:</source>
        <translation>Altavoz:</translation>
    </message>
    <message>
        <source>Choose a Piper voice (.onnx)</source>
        <translation>Elegir una voz de Piper (.onnx)</translation>
    </message>
    <message>
        <source>Voice:</source>
        <translation>Voz:</translation>
    </message>
    <message>
        <source>How fast answers are spoken</source>
        <translation>A qué velocidad se dicen las respuestas</translation>
    </message>
    <message>
        <source>Speaking rate:</source>
        <translation>Velocidad del habla:</translation>
    </message>
    <message>
        <source>Play a short sound when listening starts and stops</source>
        <translation>Reproducir un sonido corto al empezar y al dejar de escuchar</translation>
    </message>
    <message>
        <source>Cue volume</source>
        <translation>Volumen de los avisos</translation>
    </message>
    <message>
        <source>How loud the listening sounds are; the answers&apos; voice is not changed</source>
        <translation>Qué tan fuertes suenan los avisos de escucha; la voz de las respuestas no cambia</translation>
    </message>
    <message>
        <source>Try</source>
        <translation>Probar</translation>
    </message>
    <message>
        <source>Play the listening sound at this volume on the chosen speaker</source>
        <translation>Reproducir el aviso de escucha a este volumen en el altavoz elegido</translation>
    </message>
    <message>
        <source>Cue volume:</source>
        <translation>Volumen de avisos:</translation>
    </message>
    <message>
        <source>The embedded voice works offline; choose another to use your own</source>
        <translation>La voz integrada funciona sin conexión; elige otra para usar la tuya</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Elegir…</translation>
    </message>
    <message>
        <source>Piper voices (*.onnx)</source>
        <translation>Voces de Piper (*.onnx)</translation>
    </message>
    <message>
        <source>the keys you choose in the desktop&apos;s dialog</source>
        <translation>las teclas que elijas en el diálogo del escritorio</translation>
    </message>
    <message>
        <source>Hold-to-talk is the desktop&apos;s global shortcut: {keys}. Change it in the desktop&apos;s keyboard settings.</source>
        <translation>Mantener para hablar es el atajo global del escritorio: {keys}. Cámbialo en los ajustes de teclado del escritorio.</translation>
    </message>
    <message>
        <source>That is the hotkey for talking; choose other keys to show the answers.</source>
        <translation>Ese es el atajo para hablar; elige otras teclas para mostrar las respuestas.</translation>
    </message>
    <message>
        <source>The speaker did not finish in time.</source>
        <translation>El altavoz no terminó a tiempo.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Hecho.</translation>
    </message>
    <message>
        <source>Speaking…</source>
        <translation>Hablando…</translation>
    </message>
</context>
<context>
    <name>_Download</name>
    <message>
        <source>The download of {name} failed ({name2}).</source>
        <translation>La descarga de {name} falló ({name2}).</translation>
    </message>
</context>
<context>
    <name>api_key</name>
    <message>
        <source>The key could not be saved because this desktop has no working keyring (Secret Service). Install or unlock one (GNOME Keyring or KWallet), set ANTHROPIC_API_KEY in the environment the app starts from, or use this key until the app quits.</source>
        <translation>No se pudo guardar la clave porque este escritorio no tiene un llavero que funcione (Secret Service). Instala o desbloquea uno (GNOME Keyring o KWallet), define ANTHROPIC_API_KEY en el entorno desde el que se inicia la aplicación o usa esta clave hasta cerrarla.</translation>
    </message>
</context>
<context>
    <name>application</name>
    <message>
        <source>{lines}
Undo: tray menu, Undo last memory change.</source>
        <translation>{lines}
Deshacer: menú de la bandeja, Deshacer el último cambio de memoria.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
</context>
<context>
    <name>asked_with</name>
    <message>
        <source>Ask without it</source>
        <translation>Preguntar sin el editor</translation>
    </message>
</context>
<context>
    <name>block</name>
    <message>
        <source>selection</source>
        <translation>selección</translation>
    </message>
    <message>
        <source>{count} diagnostic</source>
        <translation>{count} diagnóstico</translation>
    </message>
    <message>
        <source>{count} diagnostics</source>
        <translation>{count} diagnósticos</translation>
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
        <translation>No pude contactar con Claude: la clave de API fue rechazada. Revísala en Ajustes, Clave de API.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: this API key is not allowed to do that. Check the key&apos;s permissions.</source>
        <translation>No pude contactar con Claude: esta clave de API no tiene permiso para eso. Revisa los permisos de la clave.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: the model{shown} was not found. Choose another model in Settings.</source>
        <translation>No pude contactar con Claude: no se encontró el modelo{shown}. Elige otro modelo en Ajustes.</translation>
    </message>
    <message>
        <source>Claude is rate-limiting this API key right now. Try again in a minute.</source>
        <translation>Claude está limitando ahora las peticiones de esta clave de API. Vuelve a intentarlo en un minuto.</translation>
    </message>
    <message>
        <source>Claude is overloaded right now. Try again in a minute.</source>
        <translation>Claude está saturado ahora mismo. Vuelve a intentarlo en un minuto.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: the account has no credit left. Check billing in the Claude Console.</source>
        <translation>No pude contactar con Claude: la cuenta no tiene saldo. Revisa la facturación en la Claude Console.</translation>
    </message>
    <message>
        <source>Claude&apos;s API had an internal error. Try again in a moment.</source>
        <translation>La API de Claude tuvo un error interno. Vuelve a intentarlo en un momento.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: the request timed out. Check the network and try again.</source>
        <translation>No pude contactar con Claude: la petición tardó demasiado. Revisa la red y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: there is no connection to the API. Check the network and try again.</source>
        <translation>No pude contactar con Claude: no hay conexión con la API. Revisa la red y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>This conversation has grown too long for Claude. Start a new session.</source>
        <translation>Esta conversación se ha vuelto demasiado larga para Claude. Empieza una sesión nueva.</translation>
    </message>
    <message>
        <source>Claude refused the request ({detail}). Start a new session and try again.</source>
        <translation>Claude rechazó la petición ({detail}). Empieza una sesión nueva y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>Claude&apos;s API answered with an error ({status}). Try again in a moment.</source>
        <translation>La API de Claude respondió con un error ({status}). Vuelve a intentarlo en un momento.</translation>
    </message>
    <message>
        <source>Something went wrong while talking to Claude ({kind}). Details are in the log file.</source>
        <translation>Algo falló al hablar con Claude ({kind}). Los detalles están en el archivo de registro.</translation>
    </message>
</context>
<context>
    <name>controller</name>
    <message>
        <source>Didn&apos;t catch anything.</source>
        <translation>No he entendido nada.</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message>
        <source>no repository</source>
        <translation>ningún repositorio</translation>
    </message>
    <message>
        <source>nothing heard</source>
        <translation>no se oyó nada</translation>
    </message>
</context>
<context>
    <name>desktop_start</name>
    <message>
        <source> Asking about {active} instead.</source>
        <translation> Se pregunta sobre {active} en su lugar.</translation>
    </message>
</context>
<context>
    <name>editor_repo</name>
    <message>
        <source>Choose a repository in the tray menu (Repository, Choose folder…), or open one of its files in an editor with the plugin (voice-dev-agent editor install nvim), to start asking.</source>
        <translation>Elige un repositorio en el menú de la bandeja (Repositorio, Elegir carpeta…) o abre uno de sus archivos en un editor con el plugin (voice-dev-agent editor install nvim) para empezar a preguntar.</translation>
    </message>
</context>
<context>
    <name>errors</name>
    <message>
        <source>No repository is chosen.</source>
        <translation>No hay ningún repositorio elegido.</translation>
    </message>
    <message>
        <source>Choose one in the tray menu under Repository.</source>
        <translation>Elige uno en el menú de la bandeja, en Repositorio.</translation>
    </message>
    <message>
        <source>No Anthropic API key is set.</source>
        <translation>No hay ninguna clave de API de Anthropic configurada.</translation>
    </message>
    <message>
        <source>Enter it under Settings, API key, or set ANTHROPIC_API_KEY in the environment.</source>
        <translation>Introdúcela en Ajustes, Clave de API, o define ANTHROPIC_API_KEY en el entorno.</translation>
    </message>
    <message>
        <source>The folder {folder} does not exist.</source>
        <translation>La carpeta {folder} no existe.</translation>
    </message>
    <message>
        <source>{folder} is not inside a git repository.</source>
        <translation>{folder} no está dentro de un repositorio git.</translation>
    </message>
    <message>
        <source>Choose the folder of a git repository.</source>
        <translation>Elige la carpeta de un repositorio git.</translation>
    </message>
    <message>
        <source>The microphone {name} could not be opened ({problem}).</source>
        <translation>No se pudo abrir el micrófono {name} ({problem}).</translation>
    </message>
    <message>
        <source>Check that the sound server is running, or choose another microphone under Settings, Voice.</source>
        <translation>Comprueba que el servidor de sonido está en marcha o elige otro micrófono en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>No microphone is connected: the system&apos;s default input is {name}, which records what plays, not what is said.</source>
        <translation>No hay ningún micrófono conectado: la entrada predeterminada del sistema es {name}, que graba lo que suena, no lo que se dice.</translation>
    </message>
    <message>
        <source>Plug in a microphone, or choose one under Settings, Voice.</source>
        <translation>Conecta un micrófono o elige uno en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>The microphone {name} supports none of the usual sample rates.</source>
        <translation>El micrófono {name} no admite ninguna de las frecuencias de muestreo habituales.</translation>
    </message>
    <message>
        <source>Choose another microphone under Settings, Audio.</source>
        <translation>Elige otro micrófono en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>The embedded transcription model is not installed.</source>
        <translation>El modelo de transcripción integrado no está instalado.</translation>
    </message>
    <message>
        <source>Reinstall the app, or set a faster-whisper model folder in Settings.</source>
        <translation>Reinstala la aplicación o indica una carpeta de modelo faster-whisper en Ajustes.</translation>
    </message>
    <message>
        <source>The embedded voice is not installed.</source>
        <translation>La voz integrada no está instalada.</translation>
    </message>
    <message>
        <source>Reinstall the app, or set a Piper voice (.onnx file) in Settings.</source>
        <translation>Reinstala la aplicación o indica una voz de Piper (archivo .onnx) en Ajustes.</translation>
    </message>
    <message>
        <source>The transcription model folder {folder} is missing {missing}.</source>
        <translation>A la carpeta del modelo de transcripción {folder} le falta {missing}.</translation>
    </message>
    <message>
        <source>Choose a faster-whisper (CTranslate2) model folder in Settings, or clear it for the default.</source>
        <translation>Elige en Ajustes una carpeta de modelo faster-whisper (CTranslate2) o déjala vacía para usar la predeterminada.</translation>
    </message>
    <message>
        <source>The voice file {path} does not exist.</source>
        <translation>El archivo de voz {path} no existe.</translation>
    </message>
    <message>
        <source>Choose a Piper voice (.onnx) in Settings, or clear it for the default.</source>
        <translation>Elige en Ajustes una voz de Piper (.onnx) o déjala vacía para usar la predeterminada.</translation>
    </message>
    <message>
        <source>The voice {name} has no {name}.json beside it.</source>
        <translation>Junto a la voz {name} no hay ningún {name}.json.</translation>
    </message>
    <message>
        <source>Piper voices come as a pair: the .onnx file and its .onnx.json config.</source>
        <translation>Las voces de Piper vienen en pareja: el archivo .onnx y su configuración .onnx.json.</translation>
    </message>
    <message>
        <source>The microphone {name} is not connected.</source>
        <translation>El micrófono {name} no está conectado.</translation>
    </message>
    <message>
        <source>Plug it in, or choose another microphone under Settings, Voice.</source>
        <translation>Conéctalo o elige otro micrófono en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>No microphone was found on this computer.</source>
        <translation>No se encontró ningún micrófono en este equipo.</translation>
    </message>
    <message>
        <source>Connect a microphone, or check that the sound system is running.</source>
        <translation>Conecta un micrófono o comprueba que el sistema de sonido está en marcha.</translation>
    </message>
    <message>
        <source>There is no default microphone.</source>
        <translation>No hay ningún micrófono predeterminado.</translation>
    </message>
    <message>
        <source>Choose a microphone under Settings, Audio.</source>
        <translation>Elige un micrófono en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>No microphone named {name} is connected.</source>
        <translation>No hay conectado ningún micrófono llamado {name}.</translation>
    </message>
    <message>
        <source>The speaker {name} is not connected.</source>
        <translation>El altavoz {name} no está conectado.</translation>
    </message>
    <message>
        <source>Plug it in, or choose another speaker under Settings, Voice.</source>
        <translation>Conéctalo o elige otro altavoz en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>No speaker was found on this computer.</source>
        <translation>No se encontró ningún altavoz en este equipo.</translation>
    </message>
    <message>
        <source>Connect a speaker, or check that the sound system is running.</source>
        <translation>Conecta un altavoz o comprueba que el sistema de sonido está en marcha.</translation>
    </message>
    <message>
        <source>There is no default speaker.</source>
        <translation>No hay ningún altavoz predeterminado.</translation>
    </message>
    <message>
        <source>Choose a speaker under Settings, Audio.</source>
        <translation>Elige un altavoz en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>No speaker named {name} is connected.</source>
        <translation>No hay conectado ningún altavoz llamado {name}.</translation>
    </message>
    <message>
        <source>The sound library PortAudio is not installed, so no microphone or speaker can be used.</source>
        <translation>La biblioteca de sonido PortAudio no está instalada, así que no se puede usar ningún micrófono ni altavoz.</translation>
    </message>
    <message>
        <source>Install PortAudio (libportaudio2 on Debian and Ubuntu) and start the app again.</source>
        <translation>Instala PortAudio (libportaudio2 en Debian y Ubuntu) y vuelve a iniciar la aplicación.</translation>
    </message>
    <message>
        <source>The list of sound devices could not be read ({problem}).</source>
        <translation>No se pudo leer la lista de dispositivos de sonido ({problem}).</translation>
    </message>
    <message>
        <source>{name} records what plays, not what is said: it is not a microphone.</source>
        <translation>{name} graba lo que suena, no lo que se dice: no es un micrófono.</translation>
    </message>
    <message>
        <source>Choose a microphone under Settings, Voice.</source>
        <translation>Elige un micrófono en Ajustes, Voz.</translation>
    </message>
    <message>
        <source>Choose one under Settings, Audio (available: {available}), or leave it empty for the system default.</source>
        <translation>Elige uno en Ajustes, Voz (disponibles: {available}) o déjalo vacío para usar el predeterminado del sistema.</translation>
    </message>
    <message>
        <source>The API key was rejected.</source>
        <translation>La clave de API fue rechazada.</translation>
    </message>
    <message>
        <source>Check that it was copied whole.</source>
        <translation>Comprueba que se copió entera.</translation>
    </message>
    <message>
        <source>The Claude API at {url} cannot be reached from this computer.</source>
        <translation>No se puede acceder a la API de Claude en {url} desde este ordenador.</translation>
    </message>
    <message>
        <source>I couldn&apos;t reach Claude: the connection dropped in the middle of the reply. Try again.</source>
        <translation>No pude contactar con Claude: la conexión se cortó a mitad de la respuesta. Vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>Claude sent a tool call I couldn&apos;t read. Please ask again.</source>
        <translation>Claude envió una llamada a herramienta que no pude leer. Vuelve a preguntar, por favor.</translation>
    </message>
    <message>
        <source>The team server gives the role {who} no access to this repository&apos;s team memory.</source>
        <translation>El servidor del equipo no da al rol {who} acceso a la memoria del equipo de este repositorio.</translation>
    </message>
    <message>
        <source>The team&apos;s admin made this repository&apos;s team memory read-only.</source>
        <translation>El administrador del equipo dejó la memoria del equipo de este repositorio en solo lectura.</translation>
    </message>
    <message>
        <source>The role {who} may read this repository&apos;s team memory but not change it.</source>
        <translation>El rol {who} puede leer la memoria del equipo de este repositorio, pero no cambiarla.</translation>
    </message>
    <message>
        <source>The team memory&apos;s history is kept on the team server and cannot be removed from here; delete its lines one by one, or ask the team&apos;s admin.</source>
        <translation>El historial de la memoria del equipo se guarda en el servidor del equipo y no se puede borrar desde aquí; elimina sus líneas una a una o pregunta al administrador del equipo.</translation>
    </message>
    <message>
        <source>The team server&apos;s memory schema is version {found}; this app needs version {needed}.</source>
        <translation>El esquema de memoria del servidor del equipo está en la versión {found}; esta aplicación necesita la versión {needed}.</translation>
    </message>
    <message>
        <source>Ask the team&apos;s admin to run &apos;voice-dev-agent team init --dsn DSN&apos; (it migrates in place).</source>
        <translation>Pide al administrador del equipo que ejecute &apos;voice-dev-agent team init --dsn DSN&apos; (migra sin mover los datos).</translation>
    </message>
    <message>
        <source>The team server&apos;s connection string is not valid: {reason}</source>
        <translation>La cadena de conexión del servidor del equipo no es válida: {reason}</translation>
    </message>
    <message>
        <source>The team server {server} refused the login: {reason}</source>
        <translation>El servidor del equipo {server} rechazó el inicio de sesión: {reason}</translation>
    </message>
    <message>
        <source>The team server refused this: {reason}</source>
        <translation>El servidor del equipo lo rechazó: {reason}</translation>
    </message>
    <message>
        <source>The team server is unreachable ({where}: {reason}).</source>
        <translation>El servidor del equipo no está accesible ({where}: {reason}).</translation>
    </message>
    <message>
        <source>That team line changed since you saw it; nothing was changed. It now reads:
{text}</source>
        <translation>Esa línea del equipo cambió desde que la viste; no se cambió nada. Ahora dice:
{text}</translation>
    </message>
    <message>
        <source>That team line was rewritten by {by} since you saw it; nothing was changed. It now reads: {text}</source>
        <translation>{by} reescribió esa línea del equipo desde que la viste; no se cambió nada. Ahora dice: {text}</translation>
    </message>
    <message>
        <source>Give one line of text to share.</source>
        <translation>Indica una línea de texto para compartir.</translation>
    </message>
    <message>
        <source>Give a file below /memories for the team line.</source>
        <translation>Indica un archivo dentro de /memories para la línea del equipo.</translation>
    </message>
    <message>
        <source>The team server gives you no access to this repository&apos;s team memory.</source>
        <translation>El servidor del equipo no te da acceso a la memoria del equipo de este repositorio.</translation>
    </message>
    <message>
        <source>Not shared: {reason}.</source>
        <translation>No compartido: {reason}.</translation>
    </message>
    <message>
        <source>The speech model {name}</source>
        <translation>El modelo de voz {name}</translation>
    </message>
    <message>
        <source>Reinstall it (pip install --force-reinstall {package}), or choose another voice.</source>
        <translation>Reinstálala (pip install --force-reinstall {package}) o elija otra voz.</translation>
    </message>
    <message>
        <source>The voice {name}</source>
        <translation>La voz {name}</translation>
    </message>
    <message>
        <source>{label} was not loaded: its file {name} cannot be read ({reason}).</source>
        <translation>{label} no se cargó: no se puede leer su archivo {name} ({reason}).</translation>
    </message>
    <message>
        <source>{label} was not loaded: its file {name} is not the one this app was tested with (its SHA-256 differs: a damaged or replaced file).</source>
        <translation>{label} no se cargó: su archivo {name} no es el que se probó con esta aplicación (su SHA-256 difiere: un archivo dañado o sustituido).</translation>
    </message>
    <message>
        <source>{model} is already being downloaded (in the app or another command).</source>
        <translation>{model} ya se está descargando (en la aplicación o con otro comando).</translation>
    </message>
    <message>
        <source>Wait for that download to finish, or cancel it.</source>
        <translation>Espera a que termine esa descarga o cancélala.</translation>
    </message>
    <message>
        <source>{model} needs {needed} more, but only {free} is free in {folder}.</source>
        <translation>{model} necesita {needed} más, pero solo quedan {free} libres en {folder}.</translation>
    </message>
    <message>
        <source>Free some space and try again; the current model keeps working.</source>
        <translation>Libera espacio y vuelve a intentarlo; el modelo actual sigue funcionando.</translation>
    </message>
    <message>
        <source>The model could not be saved: {reason}.</source>
        <translation>No se pudo guardar el modelo: {reason}.</translation>
    </message>
    <message>
        <source>{model} is bundled with the app and cannot be removed.</source>
        <translation>{model} viene incluido con la aplicación y no se puede eliminar.</translation>
    </message>
    <message>
        <source>Choose it or another model in Settings; it takes no extra space.</source>
        <translation>Elígelo u otro modelo en Ajustes; no ocupa espacio adicional.</translation>
    </message>
    <message>
        <source>The disk is full ({free} free in {folder}).</source>
        <translation>El disco está lleno ({free} libres en {folder}).</translation>
    </message>
    <message>
        <source>Free some space and download again; what arrived is kept and the download resumes.</source>
        <translation>Libera espacio y vuelve a descargar; lo recibido se conserva y la descarga continúa.</translation>
    </message>
    <message>
        <source>The download of {model} was cancelled.</source>
        <translation>Se canceló la descarga de {model}.</translation>
    </message>
    <message>
        <source>What arrived is kept: downloading it again resumes where it stopped.</source>
        <translation>Lo recibido se conserva: al descargarlo de nuevo continúa donde se detuvo.</translation>
    </message>
    <message>
        <source>{file} of {model} arrived damaged twice: it does not match the hub&apos;s checksum.</source>
        <translation>{file} de {model} llegó dañado dos veces: no coincide con la suma de comprobación del hub.</translation>
    </message>
    <message>
        <source>Nothing was installed and the current model keeps working. Try again later.</source>
        <translation>No se instaló nada y el modelo actual sigue funcionando. Vuelve a intentarlo más tarde.</translation>
    </message>
    <message>
        <source>{file} of {model} on the hub is not the one this app was tested with (its SHA-256 is not what the app keeps for it), so nothing was installed.</source>
        <translation>{file} de {model} en el hub no es el que se probó con esta aplicación (su SHA-256 no es el que la aplicación guarda para él), así que no se instaló nada.</translation>
    </message>
    <message>
        <source>The current model keeps working. An update of the app brings the new model once it is tested.</source>
        <translation>El modelo actual sigue funcionando. Una actualización de la aplicación traerá el modelo nuevo cuando esté probado.</translation>
    </message>
    <message>
        <source>The connection broke while downloading {model}.</source>
        <translation>La conexión se cortó mientras se descargaba {model}.</translation>
    </message>
    <message>
        <source>What arrived is kept: download again when the connection is back and it resumes.</source>
        <translation>Lo recibido se conserva: vuelve a descargar cuando vuelva la conexión y continuará.</translation>
    </message>
    <message>
        <source>The hub refused {file} of {model} (HTTP {status}).</source>
        <translation>El hub rechazó {file} de {model} (HTTP {status}).</translation>
    </message>
    <message>
        <source>Try again later; the current model keeps working.</source>
        <translation>Vuelve a intentarlo más tarde; el modelo actual sigue funcionando.</translation>
    </message>
    <message>
        <source>{model} does not come from PyPI.</source>
        <translation>{model} no procede de PyPI.</translation>
    </message>
    <message>
        <source>{model} comes from PyPI through pip, which this packaged app does not carry.</source>
        <translation>{model} se obtiene de PyPI mediante pip, que esta aplicación empaquetada no incluye.</translation>
    </message>
    <message>
        <source>Choose a model that downloads from the hub (tiny or small), or run the app from its source.</source>
        <translation>Elige un modelo que se descargue del hub (tiny o small) o ejecuta la aplicación desde su código fuente.</translation>
    </message>
    <message>
        <source>The packages of {model} lack {missing}; nothing was installed.</source>
        <translation>A los paquetes de {model} les falta {missing}; no se instaló nada.</translation>
    </message>
    <message>
        <source>{file} of {model} is not the one this app was tested with (its SHA-256 is not what the app keeps for it), so nothing was installed.</source>
        <translation>{file} de {model} no es el que se probó con esta aplicación (su SHA-256 no es el que la aplicación guarda para él), así que no se instaló nada.</translation>
    </message>
    <message>
        <source>There is no session D-Bus to reach the desktop portal ({reason}).</source>
        <translation>No hay un D-Bus de sesión para llegar al portal del escritorio ({reason}).</translation>
    </message>
    <message>
        <source>The desktop offers no global shortcuts portal ({reason}).</source>
        <translation>El escritorio no ofrece un portal de atajos globales ({reason}).</translation>
    </message>
    <message>
        <source>The desktop declined the shortcut ({method}: response {response}).</source>
        <translation>El escritorio rechazó el atajo ({method}: respuesta {response}).</translation>
    </message>
</context>
<context>
    <name>history</name>
    <message>
        <source>Turns are not being saved to the history: {why}. The history is kept; it resumes by itself.</source>
        <translation>Los turnos no se están guardando en el historial: {why}. El historial se conserva; se reanuda solo.</translation>
    </message>
</context>
<context>
    <name>history_window</name>
    <message>
        <source>(empty page)</source>
        <translation>(página vacía)</translation>
    </message>
</context>
<context>
    <name>languages</name>
    <message>
        <source>Detect</source>
        <translation>Detectar</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Inglés</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Alemán</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>Español</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Francés</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Italiano</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>Portugués</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>Neerlandés</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>Polaco</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>Japonés</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>Chino</translation>
    </message>
    <message>
        <source>{language} (detected, {sure:.0%} sure)</source>
        <translation>{language} (detectado, {sure:.0%} de seguridad)</translation>
    </message>
    <message>
        <source>{language} (fixed in Settings)</source>
        <translation>{language} (fijado en Ajustes)</translation>
    </message>
</context>
<context>
    <name>links</name>
    <message>
        <source>Links to files or relative paths are not opened from the panel.</source>
        <translation>Los enlaces a archivos o rutas relativas no se abren desde el panel.</translation>
    </message>
    <message>
        <source>Links to files on this computer are not opened from the panel.</source>
        <translation>Los enlaces a archivos de este equipo no se abren desde el panel.</translation>
    </message>
    <message>
        <source>“{shortened}:” links are not opened from the panel: only web addresses (http, https) are.</source>
        <translation>Los enlaces «{shortened}:» no se abren desde el panel: solo las direcciones web (http, https).</translation>
    </message>
    <message>
        <source>That web address names no site, so it is not opened.</source>
        <translation>Esa dirección web no indica ningún sitio, así que no se abre.</translation>
    </message>
    <message>
        <source>Open link</source>
        <translation>Abrir enlace</translation>
    </message>
    <message>
        <source>Open this address in your web browser?</source>
        <translation>¿Abrir esta dirección en tu navegador?</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
</context>
<context>
    <name>memory_details</name>
    <message>
        <source>{ago} ago</source>
        <translation>hace {ago}</translation>
    </message>
    <message>
        <source>Written {ago} ({when}) by {who}.</source>
        <translation>Escrito {ago} ({when}) por {who}.</translation>
    </message>
    <message>
        <source>From your words: “{user_words}”</source>
        <translation>De tus palabras: «{user_words}»</translation>
    </message>
    <message>
        <source>used in {plural}</source>
        <translation>usado en {plural}</translation>
    </message>
    <message>
        <source>, last {when}</source>
        <translation>, la última vez {when}</translation>
    </message>
    <message>
        <source>Loaded into {plural}; {used}.</source>
        <translation>Cargado en {plural}; {used}.</translation>
    </message>
    <message>
        <source>{plural} since it was written.</source>
        <translation>{plural} desde que se escribió.</translation>
    </message>
    <message>
        <source>⚠ Names paths that no longer exist: </source>
        <translation>⚠ Nombra rutas que ya no existen: </translation>
    </message>
    <message>
        <source>⚠ Names paths changed since: </source>
        <translation>⚠ Nombra rutas cambiadas desde entonces: </translation>
    </message>
    <message>
        <source>⚑ {upper}{flag} (loading it into a session does not count as use).</source>
        <translation>⚑ {upper}{flag} (cargarlo en una sesión no cuenta como uso).</translation>
    </message>
</context>
<context>
    <name>memory_editor</name>
    <message>
        <source>No memory yet. The agent writes here when it learns something worth keeping about a repository.</source>
        <translation>Aún no hay memoria. El agente escribe aquí cuando aprende algo que vale la pena guardar sobre un repositorio.</translation>
    </message>
    <message>
        <source>No memory yet for this repository.</source>
        <translation>Aún no hay memoria de este repositorio.</translation>
    </message>
    <message>
        <source>Every line the agent writes waits for you to keep or discard it (in the answer panel, or with &apos;memory pending&apos;); none is loaded into a session until you keep it. Saved at once; from the next session.</source>
        <translation>Cada línea que escribe el agente espera a que la conserves o la descartes (en el panel de respuestas, o con &apos;memory pending&apos;); ninguna se carga en una sesión hasta que la conserves. Se guarda al momento; desde la próxima sesión.</translation>
    </message>
</context>
<context>
    <name>memory_gate</name>
    <message>
        <source>If the build fails with CS0246 after switching branches, run dotnet restore first</source>
        <translation>Si la compilación falla con CS0246 tras cambiar de rama, ejecuta primero dotnet restore</translation>
    </message>
    <message>
        <source>YYYY-MM-DD: halfway through renaming Parser to Reader; cli.py is next</source>
        <translation>AAAA-MM-DD: a mitad de renombrar Parser a Reader; cli.py es lo siguiente</translation>
    </message>
    <message>
        <source>Save the lesson, the decision or the plan, not the result: the tools will tell the current state next time (for example &quot;{lesson}&quot; or &quot;{dated}&quot;).</source>
        <translation>Guarda la lección, la decisión o el plan, no el resultado: las herramientas dirán el estado actual la próxima vez (por ejemplo, «{lesson}» o «{dated}»).</translation>
    </message>
    <message>
        <source>Put the date in front of it (for example &quot;{dated}&quot;) so a later session knows how old it is, and leave out results the tools can tell again.</source>
        <translation>Pon la fecha delante (por ejemplo, «{dated}») para que una sesión posterior sepa su antigüedad, y omite los resultados que las herramientas pueden volver a dar.</translation>
    </message>
    <message>
        <source>If there is a lesson here, save it with its evidence: when it happens, how often and why, as seen in more than one run (for example &quot;{lesson}&quot;). Otherwise save nothing: the tools will show what happens next time.</source>
        <translation>Si aquí hay una lección, guárdala con sus pruebas: cuándo ocurre, con qué frecuencia y por qué, visto en más de una ejecución (por ejemplo, «{lesson}»). Si no, no guardes nada: las herramientas mostrarán lo que ocurra la próxima vez.</translation>
    </message>
    <message>
        <source>If it is knowledge that holds next month, say when it applies or why, and it will be kept.</source>
        <translation>Si es un conocimiento que seguirá valiendo el mes que viene, di cuándo se aplica o por qué, y se conservará.</translation>
    </message>
    <message>
        <source>The developer asked to remember this, so say in your answer that it was not saved and that they can keep it as their own line, which this check never judges (only the credential filter applies): in Settings → Memory, or with: {command}</source>
        <translation>El desarrollador pidió recordar esto, así que di en tu respuesta que no se guardó y que puede conservarlo como línea propia, que esta comprobación nunca juzga (solo se aplica el filtro de credenciales): en Ajustes → Memoria, o con: {command}</translation>
    </message>
    <message>
        <source>Not saved. The line &quot;{line}&quot; was refused: {reason}.</source>
        <translation>No se guardó. La línea «{line}» se rechazó: {reason}.</translation>
    </message>
    <message>
        <source>The rest of it is worth keeping: save &quot;{keep}&quot; on its own.</source>
        <translation>El resto merece conservarse: guarda «{keep}» por separado.</translation>
    </message>
    <message>
        <source>Also refused for the same kind of reason: {others} and {more} more.</source>
        <translation>También rechazadas por el mismo tipo de motivo: {others} y {more} más.</translation>
    </message>
    <message>
        <source>Also refused for the same kind of reason: {others}.</source>
        <translation>También rechazadas por el mismo tipo de motivo: {others}.</translation>
    </message>
    <message>
        <source>already in {path} (the same line, up to case, spacing or list marker)</source>
        <translation>ya en {path} (la misma línea, salvo mayúsculas, espacios o viñeta)</translation>
    </message>
    <message>
        <source>earlier in this same write</source>
        <translation>antes en esta misma escritura</translation>
    </message>
    <message>
        <source>already in {holder}</source>
        <translation>ya en {holder}</translation>
    </message>
    <message>
        <source>Not saved. The line &quot;{line}&quot; is {where}. The memory is loaded into every session, so one copy is enough: leave this line out, or edit the existing line if it needs to change.</source>
        <translation>No se guardó. La línea «{line}» está {where}. La memoria se carga en cada sesión, así que basta una copia: omite esta línea o edita la existente si tiene que cambiar.</translation>
    </message>
    <message>
        <source>it repeats a line the memory already holds</source>
        <translation>repite una línea que la memoria ya tiene</translation>
    </message>
    <message>
        <source>it is work in progress without a date, so a later session cannot tell how old it is</source>
        <translation>es trabajo en curso sin fecha, así que una sesión posterior no puede saber su antigüedad</translation>
    </message>
    <message>
        <source>it makes a standing rule out of one incident ({what}), and every later session would follow it without knowing what it rests on</source>
        <translation>convierte un solo incidente ({what}) en una regla permanente, y cada sesión posterior la seguiría sin saber en qué se basa</translation>
    </message>
    <message>
        <source>what happened once, in one session</source>
        <translation>lo que pasó una vez, en una sesión</translation>
    </message>
    <message>
        <source>one result, with nothing that says why it holds</source>
        <translation>un resultado, sin nada que diga por qué se cumple</translation>
    </message>
    <message>
        <source>it lists changed files, which git_status shows at any time</source>
        <translation>enumera archivos cambiados, que git_status muestra en cualquier momento</translation>
    </message>
    <message>
        <source>it reads like a report of how things stand now (a result, a change, what the code does today) rather than a rule, a reason or a dated plan</source>
        <translation>se lee como un informe de cómo están las cosas ahora (un resultado, un cambio, lo que hace el código hoy) y no como una regla, un motivo o un plan con fecha</translation>
    </message>
    <message>
        <source>it is a stack trace, which the next failing run prints again</source>
        <translation>es una traza de pila, que la próxima ejecución fallida vuelve a imprimir</translation>
    </message>
    <message>
        <source>it is a measurement of one run (a size, a time, a figure), which the tools measure again</source>
        <translation>es una medición de una sola ejecución (un tamaño, un tiempo, una cifra), que las herramientas vuelven a medir</translation>
    </message>
    <message>
        <source>it is a failing assertion&apos;s output, which the next test run prints again</source>
        <translation>es la salida de una aserción fallida, que la próxima ejecución de pruebas vuelve a imprimir</translation>
    </message>
    <message>
        <source>it is compiler output, which the next build prints again</source>
        <translation>es salida del compilador, que la próxima compilación vuelve a imprimir</translation>
    </message>
    <message>
        <source>it pins a problem to a file and line number, which the next edit moves</source>
        <translation>sitúa un problema en un archivo y un número de línea, que la próxima edición desplaza</translation>
    </message>
    <message>
        <source>it is a build or test count, which the build and test tools report afresh every run</source>
        <translation>es un recuento de compilación o de pruebas, que las herramientas de compilación y de pruebas dan de nuevo en cada ejecución</translation>
    </message>
    <message>
        <source>it lists changed or uncommitted files, which git_status shows at any time</source>
        <translation>enumera archivos cambiados o sin confirmar, que git_status muestra en cualquier momento</translation>
    </message>
    <message>
        <source>it records branch, ahead/behind or merge state, which git_status shows at any time</source>
        <translation>registra el estado de la rama, de adelanto/retraso o de fusión, que git_status muestra en cualquier momento</translation>
    </message>
    <message>
        <source>it describes the repository as it is right now, which will not stay true</source>
        <translation>describe el repositorio tal como está ahora mismo, algo que no seguirá siendo cierto</translation>
    </message>
    <message>
        <source>it is compiler or runtime error output, which the next build or run prints again</source>
        <translation>es salida de errores del compilador o de ejecución, que la próxima compilación o ejecución vuelve a imprimir</translation>
    </message>
    <message>
        <source>it is a build or test verdict, which the build and test tools tell again next time</source>
        <translation>es un veredicto de compilación o de pruebas, que las herramientas de compilación y de pruebas vuelven a dar la próxima vez</translation>
    </message>
    <message>
        <source>it records branch or merge state, which git_status shows at any time</source>
        <translation>registra el estado de la rama o de la fusión, que git_status muestra en cualquier momento</translation>
    </message>
    <message>
        <source>it describes the repository as it is now, which will not stay true</source>
        <translation>describe el repositorio tal como está ahora, algo que no seguirá siendo cierto</translation>
    </message>
    <message>
        <source>it says what the code does or lacks right now, which read_file and search_code show at any time and the next commit changes</source>
        <translation>dice lo que el código hace o le falta ahora mismo, algo que read_file y search_code muestran en cualquier momento y que el próximo commit cambia</translation>
    </message>
    <message>
        <source>it repeats what a tool reports today, which the tool reports afresh when asked and stops being true when the tool or the code changes</source>
        <translation>repite lo que una herramienta informa hoy, algo que la herramienta vuelve a informar cuando se le pide y que deja de ser cierto cuando cambian la herramienta o el código</translation>
    </message>
    <message>
        <source>it records where the repository sits on this machine, which the tools find again</source>
        <translation>registra dónde está el repositorio en esta máquina, algo que las herramientas vuelven a encontrar</translation>
    </message>
    <message>
        <source>it narrates one incident of one session, which says nothing about the next</source>
        <translation>narra un solo incidente de una sesión, que no dice nada de la siguiente</translation>
    </message>
    <message>
        <source>it describes a bug in the code as it is now, which the fix will make false</source>
        <translation>describe un error del código tal como está ahora, algo que la corrección volverá falso</translation>
    </message>
    <message>
        <source>it records which versions the project uses today, which the project files and git tags show</source>
        <translation>registra qué versiones usa hoy el proyecto, algo que muestran los archivos del proyecto y las etiquetas de git</translation>
    </message>
    <message>
        <source>it counts things in the code as it is today, which search_code counts again</source>
        <translation>cuenta cosas del código tal como está hoy, algo que search_code vuelve a contar</translation>
    </message>
    <message>
        <source>it describes what the code or the setup fails to do right now, which the next change makes false</source>
        <translation>describe lo que el código o la configuración no consigue hacer ahora mismo, algo que el próximo cambio volverá falso</translation>
    </message>
    <message>
        <source>it records how something stands right now, which the tools show afresh and which will not stay true</source>
        <translation>registra cómo está algo ahora mismo, algo que las herramientas vuelven a mostrar y que no seguirá siendo cierto</translation>
    </message>
    <message>
        <source>it rests on one event in one session, which says nothing about the next</source>
        <translation>se basa en un solo suceso de una sesión, que no dice nada de la siguiente</translation>
    </message>
    <message>
        <source>it is a measurement of the code or the system as it is today, which the tools measure again</source>
        <translation>es una medición del código o del sistema tal como están hoy, que las herramientas vuelven a medir</translation>
    </message>
    <message>
        <source>it measures today&apos;s use against its bound (a quota, a limit), which the tools measure again</source>
        <translation>mide el uso de hoy frente a su límite (una cuota, un tope), y las herramientas lo vuelven a medir</translation>
    </message>
</context>
<context>
    <name>memory_held</name>
    <message>
        <source>Share with the team</source>
        <translation>Compartir con el equipo</translation>
    </message>
    <message>
        <source>Asking the team server whether you can share it…</source>
        <translation>Preguntando al servidor del equipo si puedes compartirla…</translation>
    </message>
    <message>
        <source>Sharing with the team…</source>
        <translation>Compartiendo con el equipo…</translation>
    </message>
    <message>
        <source>Keep, share or discard</source>
        <translation>Conservar, compartir o descartar</translation>
    </message>
    <message>
        <source>Keep or discard</source>
        <translation>Conservar o descartar</translation>
    </message>
    <message>
        <source>{lines}
{choices} it in the answer panel, or with: {APP_NAME} memory pending</source>
        <translation>{lines}
{choices} en el panel de respuestas, o con: {APP_NAME} memory pending</translation>
    </message>
</context>
<context>
    <name>memory_hold</name>
    <message>
        <source>the developer asked to confirm every note before it is remembered</source>
        <translation>el desarrollador pidió confirmar cada nota antes de recordarla</translation>
    </message>
    <message>
        <source>it repeats text read from {sources}, which the developer did not ask to remember</source>
        <translation>repite texto leído de {sources}, que el desarrollador no pidió recordar</translation>
    </message>
    <message>
        <source>it runs a tool in every later session, which the developer did not ask for</source>
        <translation>ejecuta una herramienta en cada sesión posterior, algo que el desarrollador no pidió</translation>
    </message>
    <message>
        <source>it opens a link in every later session, which the developer did not ask for</source>
        <translation>abre un enlace en cada sesión posterior, algo que el desarrollador no pidió</translation>
    </message>
    <message>
        <source>it keeps something quiet in every later session, which the developer did not ask for</source>
        <translation>calla algo en cada sesión posterior, algo que el desarrollador no pidió</translation>
    </message>
    <message>
        <source>it trusts a source in every later session, which the developer did not ask for</source>
        <translation>confía en una fuente en cada sesión posterior, algo que el desarrollador no pidió</translation>
    </message>
    <message>
        <source>the agent suggests it for the team&apos;s memory; only you can share it (memory share), keep or discard it</source>
        <translation>el agente lo sugiere para la memoria del equipo; solo tú puedes compartirlo (orden &apos;memory share&apos;), conservarlo o descartarlo</translation>
    </message>
</context>
<context>
    <name>memory_keep</name>
    <message>
        <source>Keep it anyway</source>
        <translation>Conservar de todos modos</translation>
    </message>
    <message>
        <source>The agent saves only what will still hold next month; a line you keep yourself is yours and is not judged.</source>
        <translation>El agente solo guarda lo que seguirá valiendo el mes que viene; una línea que conservas tú es tuya y no se juzga.</translation>
    </message>
    <message>
        <source>Not remembered: “{short}”, because {reason}.</source>
        <translation>No recordado: «{short}», porque {reason}.</translation>
    </message>
    <message>
        <source>{WHY_NOT} You can also add it in Settings → Memory, or with: {command}</source>
        <translation>{WHY_NOT} También puedes añadirla en Ajustes → Memoria, o con: {command}</translation>
    </message>
</context>
<context>
    <name>memory_keeping</name>
    <message>
        <source>Not kept: {reason}</source>
        <translation>No se conservó: {reason}</translation>
    </message>
    <message>
        <source>Not kept: {path} is a folder now.</source>
        <translation>No se conservó: {path} ahora es una carpeta.</translation>
    </message>
    <message>
        <source>Not kept: {path} cannot be written ({exc}).</source>
        <translation>No se conservó: no se puede escribir en {path} ({exc}).</translation>
    </message>
    <message>
        <source>Already in {path}.</source>
        <translation>Ya está en {path}.</translation>
    </message>
    <message>
        <source>Kept in {path}.</source>
        <translation>Conservada en {path}.</translation>
    </message>
    <message>
        <source>Shared with the team; {path} is unchanged.</source>
        <translation>Compartida con el equipo; {path} no cambia.</translation>
    </message>
    <message>
        <source>Discarded; {path} is unchanged.</source>
        <translation>Descartada; {path} no cambia.</translation>
    </message>
</context>
<context>
    <name>memory_limits</name>
    <message>
        <source>Merge related entries into shorter ones or delete entries that are no longer true, then try again.</source>
        <translation>Combina entradas relacionadas en otras más cortas o borra las que ya no sean ciertas, y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>Refused: {reason}</source>
        <translation>Rechazado: {reason}</translation>
    </message>
    <message>
        <source>{path} would be empty. Write what you want to remember, or delete the file if nothing in it is still worth keeping.</source>
        <translation>{path} quedaría vacío. Escribe lo que quieras recordar, o borra el archivo si ya no hay nada en él que merezca la pena conservar.</translation>
    </message>
    <message>
        <source>{path} is nested {depth} folders deep; memory files sit at most {most} folders below /memories. Use a shorter path such as /memories/{name}.</source>
        <translation>{path} está {depth} carpetas por debajo; los archivos de memoria están como mucho {most} carpetas por debajo de /memories. Usa una ruta más corta, como /memories/{name}.</translation>
    </message>
    <message>
        <source>the memory already holds {count} files, the most it keeps. Add this to an existing file instead. {advice}</source>
        <translation>la memoria ya tiene {count} archivos, el máximo que guarda. Añade esto a un archivo existente. {advice}</translation>
    </message>
    <message>
        <source>{path} would hold {size} characters; a memory file holds at most {cap}. {advice}</source>
        <translation>{path} tendría {size} caracteres; un archivo de memoria admite como mucho {cap}. {advice}</translation>
    </message>
    <message>
        <source>the memory would hold {size} characters in total (file names included); the limit is {cap} for all files together. {advice}</source>
        <translation>la memoria tendría {size} caracteres en total (nombres de archivo incluidos); el límite es {cap} para todos los archivos juntos. {advice}</translation>
    </message>
    <message>
        <source>the text looks like {kind}. Never store secrets (API keys, tokens, passwords, private keys) in memory. If it matters, note where the secret is kept (for example &apos;the key is in the CI secret store&apos;), never its value.</source>
        <translation>el texto parece una credencial ({kind}). Nunca guardes secretos (claves de API, tokens, contraseñas, claves privadas) en la memoria. Si importa, anota dónde se guarda el secreto (por ejemplo, &apos;la clave está en el almacén de secretos de la CI&apos;), nunca su valor.</translation>
    </message>
</context>
<context>
    <name>memory_line_rows</name>
    <message>
        <source>You asked for it</source>
        <translation>Lo pediste tú</translation>
    </message>
    <message>
        <source>From a file it read</source>
        <translation>De un archivo que leyó</translation>
    </message>
    <message>
        <source>Inferred by the agent</source>
        <translation>Deducido por el agente</translation>
    </message>
    <message>
        <source>✕ No longer exists: {gone}</source>
        <translation>✕ Ya no existe: {gone}</translation>
    </message>
    <message>
        <source>Listed at the end of the block, to check first</source>
        <translation>Aparece al final del bloque, para comprobarlo primero</translation>
    </message>
    <message>
        <source>⚠ Changed since: {changed}</source>
        <translation>⚠ Cambiado desde entonces: {changed}</translation>
    </message>
    <message>
        <source>Marked so on the line in the session&apos;s memory</source>
        <translation>Marcada así en la línea de la memoria de la sesión</translation>
    </message>
    <message>
        <source>✓ Holds: {cited}</source>
        <translation>✓ Sigue valiendo: {cited}</translation>
    </message>
    <message>
        <source>Everything it cites is as it was when it was written</source>
        <translation>Todo lo que cita está como cuando se escribió</translation>
    </message>
    <message>
        <source>Cites no code to check</source>
        <translation>No cita código que comprobar</translation>
    </message>
    <message>
        <source>It names no repository path or definition</source>
        <translation>No nombra ninguna ruta ni definición del repositorio</translation>
    </message>
    <message>
        <source>◷ Waiting for you: not loaded until you keep it</source>
        <translation>◷ Esperándote: no se carga hasta que la conserves</translation>
    </message>
    <message>
        <source>Keep or Discard it above</source>
        <translation>Conserva o descarta arriba</translation>
    </message>
    <message>
        <source>‖ Archived: 60 days neither used nor confirmed; not loaded</source>
        <translation>‖ Archivada: 60 días sin usarse ni confirmarse; no se carga</translation>
    </message>
    <message>
        <source>Restore loads it again</source>
        <translation>Restaurar la vuelve a cargar</translation>
    </message>
    <message>
        <source>↑ Confirmed in {line} sessions: can be made standing</source>
        <translation>↑ Confirmada en {line} sesiones: puede hacerse permanente</translation>
    </message>
    <message>
        <source>Make standing loads it as your own instruction</source>
        <translation>Hacer permanente la carga como instrucción tuya</translation>
    </message>
    <message>
        <source>✎ Yours</source>
        <translation>✎ Tuya</translation>
    </message>
    <message>
        <source>Agent&apos;s note, confirmed in {sessions}</source>
        <translation>Nota del agente, confirmada en {sessions}</translation>
    </message>
</context>
<context>
    <name>memory_lines</name>
    <message>
        <source>★ Standing (yours; the agent cannot change it): {text}</source>
        <translation>★ Permanente (tuya; el agente no puede cambiarla): {text}</translation>
    </message>
    <message>
        <source>⏸ Archived (60 days neither used nor confirmed; not loaded): {text}</source>
        <translation>⏸ Archivada (60 días sin usarse ni confirmarse; no se carga): {text}</translation>
    </message>
    <message>
        <source>↑ Confirmed in {line} sessions; can be made standing: {text}</source>
        <translation>↑ Confirmada en {line} sesiones; puede hacerse permanente: {text}</translation>
    </message>
    <message>
        <source>✎ Yours: {text}</source>
        <translation>✎ Tuya: {text}</translation>
    </message>
    <message>
        <source>Agent&apos;s note, confirmed in {sessions}: {text}</source>
        <translation>Nota del agente, confirmada en {sessions}: {text}</translation>
    </message>
</context>
<context>
    <name>memory_list</name>
    <message>
        <source>Path</source>
        <translation>Ruta</translation>
    </message>
    <message>
        <source>Age (oldest first)</source>
        <translation>Antigüedad (lo más antiguo primero)</translation>
    </message>
    <message>
        <source>Staleness (most first)</source>
        <translation>Obsolescencia (lo más obsoleto primero)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Antigüedad</translation>
    </message>
    <message>
        <source>Commits since</source>
        <translation>Commits desde entonces</translation>
    </message>
    <message>
        <source>Marks</source>
        <translation>Marcas</translation>
    </message>
</context>
<context>
    <name>memory_merge</name>
    <message>
        <source>Memory changed</source>
        <translation>La memoria cambió</translation>
    </message>
    <message>
        <source>Reload shows the saved text (your edit is dropped). Overwrite saves yours over it. Merge shows both side by side.</source>
        <translation>Recargar muestra el texto guardado (tu edición se descarta). Sobrescribir guarda el tuyo encima. Combinar muestra ambos lado a lado.</translation>
    </message>
    <message>
        <source>Merge…</source>
        <translation>Combinar…</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Recargar</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Sobrescribir</translation>
    </message>
</context>
<context>
    <name>memory_status</name>
    <message>
        <source>Memory: off for this repository</source>
        <translation>Memoria: desactivada en este repositorio</translation>
    </message>
    <message>
        <source>Memory (read-only)</source>
        <translation>Memoria (solo lectura)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>{prefix}: empty</source>
        <translation>{prefix}: vacía</translation>
    </message>
    <message>
        <source>, {stale} may be stale</source>
        <translation>, {stale} puede estar obsoleto</translation>
    </message>
    <message>
        <source> (its history cannot be read)</source>
        <translation> (no se puede leer su historial)</translation>
    </message>
    <message>
        <source>Memory for {name}: the agent keeps short notes about this repository so it need not ask again. They stay on this computer in {where}; review, edit or delete them under Memory… in the tray menu. With each question, these notes and the contents of the files the agent reads are sent to the Anthropic API. To make memory read-only or turn it off: tray menu, Repository, Memory for {name}.</source>
        <translation>Memoria de {name}: el agente guarda notas breves sobre este repositorio para no tener que volver a preguntar. Se quedan en este equipo, en {where}; revísalas, edítalas o bórralas en Memoria… del menú de la bandeja. Con cada pregunta, estas notas y el contenido de los archivos que lee el agente se envían a la API de Anthropic. Para dejar la memoria en solo lectura o desactivarla: menú de la bandeja, Repositorio, Memoria de {name}.</translation>
    </message>
</context>
<context>
    <name>memory_team</name>
    <message>
        <source>Team memory is off: connect a team server with &apos;voice-dev-agent team connect --dsn DSN&apos;.</source>
        <translation>La memoria del equipo está desactivada: conecta un servidor del equipo con &apos;voice-dev-agent team connect --dsn DSN&apos;.</translation>
    </message>
    <message>
        <source>No team lines yet. Select one of your lines above and choose Share with the team.</source>
        <translation>Aún no hay líneas del equipo. Selecciona arriba una de tus líneas y elige «Compartir con el equipo».</translation>
    </message>
    <message>
        <source>Select one of your own lines in the Lines box to share it with the team.</source>
        <translation>Selecciona una de tus propias líneas en el cuadro Líneas para compartirla con el equipo.</translation>
    </message>
    <message>
        <source>  [no longer exists here: {join}]</source>
        <translation>  [ya no existe aquí: {join}]</translation>
    </message>
</context>
<context>
    <name>memory_words</name>
    <message>
        <source>just now</source>
        <translation>ahora mismo</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Activada</translation>
    </message>
    <message>
        <source>The agent reads its notes at the start of each session and saves new ones.</source>
        <translation>El agente lee sus notas al empezar cada sesión y guarda otras nuevas.</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>Solo lectura</translation>
    </message>
    <message>
        <source>The agent reads its notes but cannot save or change any.</source>
        <translation>El agente lee sus notas, pero no puede guardar ni cambiar ninguna.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desactivada</translation>
    </message>
    <message>
        <source>Nothing is loaded or saved; the agent has no memory for this repository.</source>
        <translation>No se carga ni se guarda nada; el agente no tiene memoria de este repositorio.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>you</source>
        <translation>ti</translation>
    </message>
    <message>
        <source>the agent</source>
        <translation>el agente</translation>
    </message>
    <message>
        <source>Moved {file_name} to {name}</source>
        <translation>{file_name} movido a {name}</translation>
    </message>
    <message>
        <source>Forgot {name}</source>
        <translation>{name} olvidado</translation>
    </message>
    <message>
        <source>Remembered: {what} in {name}</source>
        <translation>Recordado: {what} en {name}</translation>
    </message>
    <message>
        <source>Remembered {name}</source>
        <translation>{name} recordado</translation>
    </message>
    <message>
        <source>Updated: {what} in {name}</source>
        <translation>Actualizado: {what} en {name}</translation>
    </message>
    <message>
        <source>Updated {name} (lines removed)</source>
        <translation>{name} actualizado (líneas quitadas)</translation>
    </message>
    <message>
        <source>Undone.</source>
        <translation>Deshecho.</translation>
    </message>
    <message>
        <source> (and {value} more files)</source>
        <translation> (y {value} archivos más)</translation>
    </message>
    <message>
        <source>Undone: {parts}{more}.</source>
        <translation>Deshecho: {parts}{more}.</translation>
    </message>
    <message>
        <source>back to the name {file_name}</source>
        <translation>de vuelta al nombre {file_name}</translation>
    </message>
    <message>
        <source>back to {name} as it was</source>
        <translation>de vuelta a {name} como estaba</translation>
    </message>
    <message>
        <source>, with {quoted}</source>
        <translation>, con {quoted}</translation>
    </message>
    <message>
        <source>I forgot {quoted} in {name}</source>
        <translation>olvidé {quoted} en {name}</translation>
    </message>
    <message>
        <source>I forgot {name}</source>
        <translation>olvidé {name}</translation>
    </message>
    <message>
        <source>back to {quoted} in {name}</source>
        <translation>de vuelta a {quoted} en {name}</translation>
    </message>
    <message>
        <source>You wrote {target}</source>
        <translation>Escribiste {target}</translation>
    </message>
    <message>
        <source>The agent wrote {target}</source>
        <translation>El agente escribió {target}</translation>
    </message>
    <message>
        <source>You saved {target}</source>
        <translation>Guardaste {target}</translation>
    </message>
    <message>
        <source>The agent saved {target}</source>
        <translation>El agente guardó {target}</translation>
    </message>
    <message>
        <source>You edited {target}</source>
        <translation>Editaste {target}</translation>
    </message>
    <message>
        <source>The agent edited {target}</source>
        <translation>El agente editó {target}</translation>
    </message>
    <message>
        <source>You added to {target}</source>
        <translation>Añadiste a {target}</translation>
    </message>
    <message>
        <source>The agent added to {target}</source>
        <translation>El agente añadió a {target}</translation>
    </message>
    <message>
        <source>You deleted {target}</source>
        <translation>Borraste {target}</translation>
    </message>
    <message>
        <source>The agent deleted {target}</source>
        <translation>El agente borró {target}</translation>
    </message>
    <message>
        <source>You renamed {target}</source>
        <translation>Renombraste {target}</translation>
    </message>
    <message>
        <source>The agent renamed {target}</source>
        <translation>El agente renombró {target}</translation>
    </message>
    <message>
        <source>You undid a change to {target}</source>
        <translation>Deshiciste un cambio en {target}</translation>
    </message>
    <message>
        <source>The agent undid a change to {target}</source>
        <translation>El agente deshizo un cambio en {target}</translation>
    </message>
    <message>
        <source>The file did not exist before.</source>
        <translation>El archivo no existía antes.</translation>
    </message>
    <message>
        <source>The file was deleted.</source>
        <translation>El archivo se borró.</translation>
    </message>
    <message>
        <source>No text.</source>
        <translation>Sin texto.</translation>
    </message>
    <message>
        <source>{message} “{line}”</source>
        <translation>{message} «{line}»</translation>
    </message>
</context>
<context>
    <name>model_catalog</name>
    <message>
        <source>the Hugging Face hub ({repo})</source>
        <translation>hub de Hugging Face ({repo})</translation>
    </message>
    <message>
        <source>bundled with the app</source>
        <translation>incluido en la aplicación</translation>
    </message>
    <message>
        <source>Bundled and works offline; fastest, but mishears more words and names.</source>
        <translation>Incluido y funciona sin conexión; el más rápido, pero confunde más palabras y nombres.</translation>
    </message>
    <message>
        <source>Fewer misheard words than tiny.en at several times its cost; a good first step up.</source>
        <translation>Menos palabras mal oídas que tiny.en a varias veces su coste; un buen primer paso.</translation>
    </message>
    <message>
        <source>Close to small.en&apos;s accuracy and much faster to decode (a two-layer decoder).</source>
        <translation>Casi tan preciso como small.en y mucho más rápido al decodificar (un decodificador de dos capas).</translation>
    </message>
    <message>
        <source>The most accurate here and the slowest: on 2 cores a long question may take seconds.</source>
        <translation>El más preciso de aquí y el más lento: con 2 núcleos, una pregunta larga puede tardar segundos.</translation>
    </message>
    <message>
        <source>Multilingual (99 languages), as fast as tiny.en; misses more words than base.</source>
        <translation>Multilingüe (99 idiomas), tan rápido como tiny.en; falla más palabras que base.</translation>
    </message>
    <message>
        <source>Multilingual (99 languages); the first choice for another language on a small computer.</source>
        <translation>Multilingüe (99 idiomas); la primera opción para otro idioma en un equipo pequeño.</translation>
    </message>
    <message>
        <source>Multilingual and clearly more accurate than base; on 2 cores a long question takes seconds.</source>
        <translation>Multilingüe y claramente más preciso que base; con 2 núcleos, una pregunta larga tarda segundos.</translation>
    </message>
    <message>
        <source>Multilingual and the most accurate here; needs 6 GB of memory and many cores to answer quickly.</source>
        <translation>Multilingüe y el más preciso de aquí; necesita 6 GB de memoria y muchos núcleos para responder rápido.</translation>
    </message>
</context>
<context>
    <name>page_document</name>
    <message>
        <source>[image: {words}]</source>
        <translation>[imagen: {words}]</translation>
    </message>
</context>
<context>
    <name>page_markdown</name>
    <message>
        <source>_The rest of this page is long, so it is shown as plain text below (Copy takes the whole page)._</source>
        <translation>_El resto de esta página es largo, así que se muestra abajo como texto sin formato (Copiar toma la página entera)._</translation>
    </message>
</context>
<context>
    <name>panel</name>
    <message>
        <source>_Nothing was shown on screen for this answer._</source>
        <translation>_No se mostró nada en pantalla para esta respuesta._</translation>
    </message>
</context>
<context>
    <name>person</name>
    <message>
        <source>never used</source>
        <translation>nunca usado</translation>
    </message>
    <message>
        <source>not used in {days} days</source>
        <translation>sin usar en {days} días</translation>
    </message>
    <message>
        <source>{path} is a folder.</source>
        <translation>{path} es una carpeta.</translation>
    </message>
    <message>
        <source>{path} was deleted since you opened it; nothing was saved.</source>
        <translation>{path} se borró desde que lo abriste; no se guardó nada.</translation>
    </message>
    <message>
        <source>{path} changed since you opened it; nothing was saved.</source>
        <translation>{path} cambió desde que lo abriste; no se guardó nada.</translation>
    </message>
    <message>
        <source>No memory folder.</source>
        <translation>No hay carpeta de memoria.</translation>
    </message>
    <message>
        <source>Could not save {path}: {exc}</source>
        <translation>No se pudo guardar {path}: {exc}</translation>
    </message>
    <message>
        <source>Give one line of text to remember.</source>
        <translation>Escribe una línea de texto para recordar.</translation>
    </message>
</context>
<context>
    <name>playback</name>
    <message>
        <source>The speaker {name} is not connected. Using the system default speaker until it returns.</source>
        <translation>El altavoz {name} no está conectado. Se usa el altavoz predeterminado del sistema hasta que vuelva.</translation>
    </message>
    <message>
        <source>The speaker {name} is back and in use again.</source>
        <translation>El altavoz {name} ha vuelto y está de nuevo en uso.</translation>
    </message>
</context>
<context>
    <name>portal_shortcut</name>
    <message>
        <source>The desktop&apos;s global shortcut stopped working; use the tray&apos;s Listen item.</source>
        <translation>El atajo global del escritorio dejó de funcionar; usa la opción Escuchar de la bandeja.</translation>
    </message>
</context>
<context>
    <name>settings_window</name>
    <message>
        <source>Sends the prompt ahead when the key goes down after a 5-minute break, so the first answer is as quick as the rest; costs about one cache write of the prompt (~3,200 tokens, about $0.0004 on Haiku 5.5) per break, and loads the Claude SDK at launch, not at the first question (about 60 MB of memory from the start).</source>
        <translation>Envía el prompt por adelantado cuando se pulsa la tecla tras una pausa de 5 minutos, para que la primera respuesta llegue tan rápido como las demás; cuesta aproximadamente una escritura en caché del prompt (~3.200 tokens, unos 0,0004 $ en Haiku 5.5) por pausa, y carga el SDK de Claude al arrancar, no en la primera pregunta (unos 60 MB de memoria desde el inicio).</translation>
    </message>
    <message>
        <source>With the Neovim plugin installed, a question carries the file, cursor line, selection (up to 4,000 characters) and diagnostics the editor shows, secrets masked; only when it is from the repository being asked about and at most a minute older than the question.</source>
        <translation>Con el plugin de Neovim instalado, una pregunta lleva el archivo, la línea del cursor, la selección (hasta 4.000 caracteres) y los diagnósticos que muestra el editor, con los secretos enmascarados; solo si son del repositorio sobre el que se pregunta y como mucho un minuto más antiguos que la pregunta.</translation>
    </message>
</context>
<context>
    <name>setup_window</name>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repositorio</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Micrófono</translation>
    </message>
    <message>
        <source>Hotkey</source>
        <translation>Atajo</translation>
    </message>
    <message>
        <source>Privacy</source>
        <translation>Privacidad</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Stays on this computer:&lt;/b&gt; your voice (it is transcribed here, by the speech model on this computer), the spoken answers (made here by the voice model), the agent&apos;s notes about each repository, and the history of questions (Settings, Speech: History).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Goes to Anthropic&apos;s API:&lt;/b&gt; the text of each question, what the agent reads to answer it (git status, parts of files, search results, build and test output, with anything shaped like a credential masked), and the agent&apos;s notes for the repository. Audio is never sent.&lt;/p&gt;&lt;p&gt;The API key is kept in the system keyring (or, without one, only in memory until the app quits), never in a file.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Se queda en este equipo:&lt;/b&gt; tu voz (se transcribe aquí, con el modelo de voz de este equipo), las respuestas habladas (generadas aquí por el modelo de voz), las notas del agente sobre cada repositorio y el historial de preguntas (Ajustes, Transcripción: Historial).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Va a la API de Anthropic:&lt;/b&gt; el texto de cada pregunta, lo que lee el agente para responderla (git status, partes de archivos, resultados de búsqueda, salida de compilación y pruebas, con todo lo que parezca una credencial enmascarado) y las notas del agente sobre el repositorio. El audio nunca se envía.&lt;/p&gt;&lt;p&gt;La clave de API se guarda en el llavero del sistema (o, si no lo hay, solo en memoria hasta cerrar la aplicación), nunca en un archivo.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>speech_language</name>
    <message>
        <source>This speech model hears English only, so it transcribes English whatever is chosen here.</source>
        <translation>Este modelo de voz solo oye inglés, así que transcribe inglés elijas lo que elijas aquí.</translation>
    </message>
</context>
<context>
    <name>speech_tab</name>
    <message>
        <source>None: use the model chosen above</source>
        <translation>Ninguna: usar el modelo elegido arriba</translation>
    </message>
</context>
<context>
    <name>team</name>
    <message>
        <source>Team memory as of {when}; the team server is unreachable</source>
        <translation>Memoria del equipo a fecha de {when}; el servidor del equipo no está accesible</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <source>team memory as of {when}; the team server is unreachable</source>
        <translation>memoria del equipo a fecha de {when}; el servidor del equipo no está accesible</translation>
    </message>
    <message>
        <source>Team memory is off: no team server is connected, or this repository has no origin remote or commit.</source>
        <translation>La memoria del equipo está desactivada: no hay ningún servidor del equipo conectado, o este repositorio no tiene remoto origin ni ningún commit.</translation>
    </message>
    <message>
        <source>Connect one with &apos;voice-dev-agent team connect --dsn DSN&apos;.</source>
        <translation>Conecta uno con &apos;voice-dev-agent team connect --dsn DSN&apos;.</translation>
    </message>
    <message>
        <source>{cached}. Nothing can be shared until it answers.</source>
        <translation>{cached}. No se puede compartir nada hasta que responda.</translation>
    </message>
    <message>
        <source>Share it with everyone on this repository&apos;s team, as you ({where}).</source>
        <translation>Compartirla con todo el equipo de este repositorio, en tu nombre ({where}).</translation>
    </message>
</context>
<context>
    <name>team_server</name>
    <message>
        <source>the team&apos;s rules do not let your role write this there</source>
        <translation>las reglas del equipo no permiten a tu rol escribir esto ahí</translation>
    </message>
    <message>
        <source>your role lacks the privilege for this</source>
        <translation>tu rol no tiene el privilegio para esto</translation>
    </message>
    <message>
        <source>the password is wrong or missing</source>
        <translation>la contraseña es incorrecta o falta</translation>
    </message>
    <message>
        <source>there is no such role</source>
        <translation>ese rol no existe</translation>
    </message>
    <message>
        <source>the server does not let this role connect from here</source>
        <translation>el servidor no deja que este rol se conecte desde aquí</translation>
    </message>
    <message>
        <source>there is no such database</source>
        <translation>esa base de datos no existe</translation>
    </message>
    <message>
        <source>the server takes no connections now</source>
        <translation>el servidor no acepta conexiones ahora</translation>
    </message>
    <message>
        <source>the server has no connection to spare</source>
        <translation>al servidor no le quedan conexiones libres</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>no hubo respuesta a tiempo</translation>
    </message>
    <message>
        <source>nothing answers at that address</source>
        <translation>nada responde en esa dirección</translation>
    </message>
    <message>
        <source>the server&apos;s name is not known</source>
        <translation>el nombre del servidor no se conoce</translation>
    </message>
    <message>
        <source>the connection broke off</source>
        <translation>la conexión se cortó</translation>
    </message>
    <message>
        <source>a setting in the connection string is not valid</source>
        <translation>un ajuste de la cadena de conexión no es válido</translation>
    </message>
</context>
<context>
    <name>tools</name>
    <message>
        <source>building {project}</source>
        <translation>compilando {project}</translation>
    </message>
    <message>
        <source>building</source>
        <translation>compilando</translation>
    </message>
    <message>
        <source>running tests for {target}</source>
        <translation>ejecutando las pruebas de {target}</translation>
    </message>
    <message>
        <source>running tests</source>
        <translation>ejecutando las pruebas</translation>
    </message>
    <message>
        <source>checking git status</source>
        <translation>comprobando el estado de git</translation>
    </message>
    <message>
        <source>checking memory</source>
        <translation>revisando la memoria</translation>
    </message>
    <message>
        <source>remembering</source>
        <translation>recordando</translation>
    </message>
    <message>
        <source>forgetting</source>
        <translation>olvidando</translation>
    </message>
    <message>
        <source>tidying memory</source>
        <translation>ordenando la memoria</translation>
    </message>
    <message>
        <source>using memory</source>
        <translation>usando la memoria</translation>
    </message>
    <message>
        <source>reading {path}</source>
        <translation>leyendo {path}</translation>
    </message>
    <message>
        <source>showing it on screen</source>
        <translation>mostrándolo en pantalla</translation>
    </message>
    <message>
        <source>searching for {pattern}</source>
        <translation>buscando {pattern}</translation>
    </message>
</context>
<context>
    <name>tray</name>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Listening…</source>
        <translation>Escuchando…</translation>
    </message>
    <message>
        <source>Transcribing…</source>
        <translation>Transcribiendo…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Pensando…</translation>
    </message>
    <message>
        <source>Speaking…</source>
        <translation>Hablando…</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
</context>
<context>
    <name>voice_catalog</name>
    <message>
        <source>very low</source>
        <translation>muy baja</translation>
    </message>
    <message>
        <source>low</source>
        <translation>baja</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>media</translation>
    </message>
    <message>
        <source>high</source>
        <translation>alta</translation>
    </message>
    <message>
        <source>Piper voice, {quality} quality.</source>
        <translation>Voz de Piper, calidad {quality}.</translation>
    </message>
</context>
<context>
    <name>voice_tab</name>
    <message>
        <source>System default</source>
        <translation>Predeterminado del sistema</translation>
    </message>
    <message>
        <source>Embedded (default)</source>
        <translation>Integrada (predeterminada)</translation>
    </message>
    <message>
        <source>{name} (not a microphone: the system default is used)</source>
        <translation>{name} (no es un micrófono: se usa el predeterminado del sistema)</translation>
    </message>
    <message>
        <source>{name} (not connected)</source>
        <translation>{name} (no conectado)</translation>
    </message>
</context>
</TS>
