// The reporting core: editor events in, debounced JSON lines out over the connection. The adapter
// (extension.ts) calls `changed()` on every event; `startReporting` wires the parts together, and is
// what a test or a script drives with synthetic views instead of VS Code.

import { Clock, realClock, TimerHandle } from "./clock";
import { Connection } from "./connection";
import { buildContext, EditorView, encode } from "./report";
import { RepositoryRoots } from "./roots";

export const DEBOUNCE_MS = 150;

export interface Link {
  send(line: string): boolean;
  close(): void;
}

export interface ReporterOptions {
  read: () => EditorView | null; // the active editor now, or null when none shows a file
  findRoot: (file: string) => string | null;
  link: Link;
  clock: Clock;
  log: (message: string) => void;
  debounceMs?: number;
  enabled?: boolean;
}

export class Reporter {
  private timer: TimerHandle | null = null;
  private lastSent: string | null = null;
  private lastProblem = "";
  private enabled: boolean;

  constructor(private readonly options: ReporterOptions) {
    this.enabled = options.enabled ?? true;
  }

  /** Something the editor shows changed: report it once the changes settle. */
  changed(): void {
    if (!this.enabled) {
      return;
    }
    const clock = this.options.clock;
    if (this.timer) {
      clock.clearTimeout(this.timer);
    }
    this.timer = clock.setTimeout(() => {
      this.timer = null;
      this.report();
    }, this.options.debounceMs ?? DEBOUNCE_MS);
  }

  /** Report again even if unchanged: another window of the editor may have reported since. */
  refresh(): void {
    this.lastSent = null;
    this.changed();
  }

  /** Send what the editor shows now, unless it is what was sent last. */
  report(): void {
    if (!this.enabled) {
      return;
    }
    const line = this.current();
    if (line === null || line === this.lastSent) {
      return;
    }
    if (this.options.link.send(line)) {
      this.lastSent = line;
    }
  }

  /** The line a new connection opens with: a new app knows nothing, so it gets what is current. */
  greet(): string | null {
    const line = this.enabled ? this.current() : null;
    this.lastSent = line;
    return line;
  }

  /** Whether the editor shows something to report (a file of a repository) and reporting is on. */
  wanted(): boolean {
    return this.enabled && this.current() !== null;
  }

  /** The voiceDevAgent.sendContext setting: off closes the connection and sends nothing more. */
  setEnabled(on: boolean): void {
    if (on === this.enabled) {
      return;
    }
    this.enabled = on;
    this.lastSent = null;
    if (on) {
      this.changed();
      return;
    }
    this.cancel();
    this.options.link.close();
  }

  dispose(): void {
    this.enabled = false;
    this.cancel();
    this.options.link.close();
  }

  /** The protocol line for what the editor shows now; null when nothing is to be reported. */
  current(): string | null {
    try {
      const view = this.options.read();
      const context = view ? buildContext(view, this.options.findRoot) : null;
      return context ? encode(context) : null;
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      if (problem !== this.lastProblem) {
        this.lastProblem = problem; // said once, not on every keystroke
        this.options.log(`Reading the editor failed: ${problem}`);
      }
      return null;
    }
  }

  private cancel(): void {
    if (this.timer) {
      this.options.clock.clearTimeout(this.timer);
      this.timer = null;
    }
  }
}

export interface ReportingOptions {
  read: () => EditorView | null;
  socketPath: () => Promise<string | null>;
  forgetPath?: () => void;
  log: (message: string) => void;
  clock?: Clock;
  debounceMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  enabled?: boolean;
}

/** A reporter with its connection to the app, as the extension runs it. */
export function startReporting(options: ReportingOptions): { reporter: Reporter; connection: Connection } {
  const clock = options.clock ?? realClock;
  const roots = new RepositoryRoots(clock);
  let reporter: Reporter | null = null;
  const connection = new Connection({
    socketPath: options.socketPath,
    forgetPath: options.forgetPath,
    greeting: () => reporter?.greet() ?? null,
    wanted: () => reporter?.wanted() ?? false,
    clock,
    log: options.log,
    minBackoffMs: options.minBackoffMs,
    maxBackoffMs: options.maxBackoffMs,
  });
  reporter = new Reporter({
    read: options.read,
    findRoot: (file) => roots.find(file),
    link: connection,
    clock,
    log: options.log,
    debounceMs: options.debounceMs,
    enabled: options.enabled,
  });
  return { reporter, connection };
}
