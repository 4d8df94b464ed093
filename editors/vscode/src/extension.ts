// The VS Code adapter: the only file that imports `vscode`. It reads the active editor into a plain
// EditorView and calls the reporting core on the events the Neovim plugin reports on (the active
// editor, its selection, its visible lines, its diagnostics). Every handler is guarded: a problem is
// a line in the "Voice Dev Agent" output channel, never an error thrown into VS Code.

import * as vscode from "vscode";
import { Reporter, startReporting } from "./reporter";
import { EditorView, SELECTION_CHARS, Severity, ViewDiagnostic } from "./report";
import { SocketPath } from "./socketPath";

const SECTION = "voiceDevAgent";
const SEVERITY: Record<number, Severity> = {
  [vscode.DiagnosticSeverity.Error]: "error",
  [vscode.DiagnosticSeverity.Warning]: "warning",
  [vscode.DiagnosticSeverity.Information]: "info",
  [vscode.DiagnosticSeverity.Hint]: "hint",
};

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel("Voice Dev Agent");
  context.subscriptions.push(output);
  const log = (message: string): void => output.appendLine(`[${new Date().toISOString()}] ${message}`);
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration(SECTION);
  const socket = new SocketPath({
    configured: () => settings().get<string>("socket", ""),
    command: () => settings().get<string>("command", "voice-dev-agent"),
    env: process.env,
    log,
  });
  const { reporter } = startReporting({
    read: readView,
    socketPath: () => socket.find(),
    forgetPath: () => socket.forget(),
    log,
    enabled: settings().get<boolean>("sendContext", true),
  });
  const changed = guarded(log, () => reporter.changed());
  context.subscriptions.push(
    { dispose: () => reporter.dispose() },
    vscode.window.onDidChangeActiveTextEditor(changed),
    vscode.window.onDidChangeTextEditorSelection(changed),
    vscode.window.onDidChangeTextEditorVisibleRanges(changed),
    // Each VS Code window reports on its own; the one the person comes back to is the one they look at.
    vscode.window.onDidChangeWindowState(guarded(log, (state: vscode.WindowState) => state.focused && reporter.refresh())),
    vscode.languages.onDidChangeDiagnostics(
      guarded(log, (event: vscode.DiagnosticChangeEvent) => diagnosticsChanged(event, reporter)),
    ),
    vscode.workspace.onDidChangeConfiguration(
      guarded(log, (event: vscode.ConfigurationChangeEvent) => {
        if (event.affectsConfiguration(`${SECTION}.socket`) || event.affectsConfiguration(`${SECTION}.command`)) {
          socket.forget();
        }
        if (event.affectsConfiguration(`${SECTION}.sendContext`)) {
          reporter.setEnabled(settings().get<boolean>("sendContext", true));
        }
      }),
    ),
  );
  changed();
}

export function deactivate(): void {
  // The subscriptions (the reporter among them) are disposed by VS Code.
}

function diagnosticsChanged(event: vscode.DiagnosticChangeEvent, reporter: Reporter): void {
  const shown = vscode.window.activeTextEditor?.document.uri.toString();
  if (shown && event.uris.some((uri) => uri.toString() === shown)) {
    reporter.changed(); // another file's diagnostics change nothing on screen
  }
}

function readView(): EditorView | null {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== "file") {
    return null; // an untitled buffer, a diff's left side, an output panel: no file of a repository
  }
  const document = editor.document;
  const cursor = editor.selection.active;
  const ranges = editor.visibleRanges;
  return {
    file: document.uri.fsPath,
    line: cursor.line + 1,
    column: cursor.character + 1,
    selection: selectedText(document, editor.selection),
    visible: ranges.length > 0 ? [ranges[0].start.line + 1, ranges[ranges.length - 1].end.line + 1] : null,
    diagnostics: vscode.languages.getDiagnostics(document.uri).map(
      (d): ViewDiagnostic => ({
        severity: SEVERITY[d.severity] ?? "info",
        line: d.range.start.line + 1,
        message: d.message,
        source: d.source ?? "",
      }),
    ),
  };
}

/** The selection's text, read no further than the cap needs (a whole 10 MB file may be selected). */
function selectedText(document: vscode.TextDocument, selection: vscode.Selection): string {
  if (selection.isEmpty) {
    return "";
  }
  const start = document.offsetAt(selection.start);
  const end = Math.min(document.offsetAt(selection.end), start + 2 * SELECTION_CHARS); // 2: a character may be two units
  return document.getText(new vscode.Range(selection.start, document.positionAt(end)));
}

function guarded<T extends unknown[]>(log: (message: string) => void, handler: (...args: T) => void): (...args: T) => void {
  return (...args: T) => {
    try {
      handler(...args);
    } catch (error) {
      log(`A problem was set aside: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
  };
}
