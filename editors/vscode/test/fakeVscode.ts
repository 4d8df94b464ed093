// A stand-in for the `vscode` module, with just what extension.ts uses, so the adapter runs on Node:
// VS Code itself cannot be downloaded here. Events are fired by the tests as VS Code would fire them;
// the document is real text with VS Code's 0-based line and character positions.

type Listener = (event: any) => void;

export class Emitter {
  private listeners: Listener[] = [];
  readonly event = (listener: Listener) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(event?: any): void {
    for (const listener of this.listeners) {
      listener(event);
    }
  }
  get count(): number {
    return this.listeners.length;
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  constructor(
    readonly start: Position,
    readonly end: Position,
  ) {}
  get isEmpty(): boolean {
    return this.start.line === this.end.line && this.start.character === this.end.character;
  }
}

export class Selection extends Range {
  constructor(
    readonly anchor: Position,
    readonly active: Position,
  ) {
    const forward = anchor.line < active.line || (anchor.line === active.line && anchor.character <= active.character);
    super(forward ? anchor : active, forward ? active : anchor);
  }
}

export class Document {
  readonly uri: { scheme: string; fsPath: string; toString(): string };
  readonly read: Range[] = []; // every range getText was asked for

  constructor(
    fsPath: string,
    readonly text: string,
    scheme = "file",
  ) {
    this.uri = { scheme, fsPath, toString: () => `${scheme}://${fsPath}` };
  }

  offsetAt(position: Position): number {
    let offset = 0;
    for (let line = 0; line < position.line; line += 1) {
      const newline = this.text.indexOf("\n", offset);
      offset = newline < 0 ? this.text.length : newline + 1;
    }
    return Math.min(this.text.length, offset + position.character);
  }

  positionAt(offset: number): Position {
    const before = this.text.slice(0, offset);
    const line = before.split("\n").length - 1;
    return new Position(line, offset - (before.lastIndexOf("\n") + 1));
  }

  getText(range: Range): string {
    this.read.push(range);
    return this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end));
  }
}

export const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };

export function makeVscode() {
  const settings: Record<string, unknown> = {};
  const output: string[] = [];
  const diagnostics = new Map<string, any[]>();
  const events = {
    activeEditor: new Emitter(),
    selection: new Emitter(),
    visibleRanges: new Emitter(),
    windowState: new Emitter(),
    diagnostics: new Emitter(),
    configuration: new Emitter(),
  };
  const window: any = {
    activeTextEditor: undefined,
    createOutputChannel: (_name: string) => ({ appendLine: (line: string) => output.push(line), dispose: () => undefined }),
    onDidChangeActiveTextEditor: events.activeEditor.event,
    onDidChangeTextEditorSelection: events.selection.event,
    onDidChangeTextEditorVisibleRanges: events.visibleRanges.event,
    onDidChangeWindowState: events.windowState.event,
  };
  const api = {
    DiagnosticSeverity,
    Position,
    Range,
    Selection,
    window,
    languages: {
      getDiagnostics: (uri: { toString(): string }) => diagnostics.get(uri.toString()) ?? [],
      onDidChangeDiagnostics: events.diagnostics.event,
    },
    workspace: {
      getConfiguration: (section: string) => ({
        get: (key: string, fallback: unknown) => (`${section}.${key}` in settings ? settings[`${section}.${key}`] : fallback),
      }),
      onDidChangeConfiguration: events.configuration.event,
    },
  };
  return { api, settings, output, diagnostics, events, window };
}
