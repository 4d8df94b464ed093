// Test helpers: a fake clock (time moves only when a test says so), a throwaway git repository, and a
// stand-in for the app's socket server that collects the lines it is sent and answers each as the app does.

import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { Clock, TimerHandle } from "../src/clock";

const made: string[] = [];
process.on("exit", () => {
  for (const folder of made) {
    fs.rmSync(folder, { recursive: true, force: true }); // the temp repositories and sockets of this run
  }
});

function tempFolder(prefix: string): string {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(folder);
  return folder;
}

export class FakeClock implements Clock {
  private time = 1_000_000;
  private timers: { at: number; callback: () => void; handle: TimerHandle }[] = [];

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const handle = { id: Symbol("timer") };
    this.timers.push({ at: this.time + ms, callback, handle });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  }

  get pending(): number {
    return this.timers.length;
  }

  /** Move time on by `ms`, running each timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) {
        break;
      }
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = end;
  }
}

/** A temporary folder holding a git repository's top (a .git folder) with src/steps.py in it. */
export function makeRepo(): string {
  const top = tempFolder("vda-vscode-");
  const repo = path.join(top, "project");
  fs.mkdirSync(path.join(repo, ".git"), { recursive: true });
  fs.mkdirSync(path.join(repo, "src", "ledger"), { recursive: true });
  fs.writeFileSync(path.join(repo, "src", "ledger", "sync.py"), "def reconcile():\n    return 1\n");
  return repo;
}

/** The app's side of the socket: one JSON line in, one `{"ok": true, ...}` line out. */
export class FakeApp {
  readonly lines: string[] = [];
  connections = 0;
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();

  constructor(readonly socketPath: string) {}

  static temp(): FakeApp {
    const folder = tempFolder("vda-sock-");
    return new FakeApp(path.join(folder, "app.sock"));
  }

  start(): Promise<void> {
    const server = net.createServer((socket) => {
      this.connections += 1;
      this.sockets.add(socket);
      let buffer = "";
      socket.on("data", (chunk) => {
        buffer += chunk.toString("utf8");
        let newline = buffer.indexOf("\n");
        while (newline >= 0) {
          this.lines.push(buffer.slice(0, newline));
          buffer = buffer.slice(newline + 1);
          socket.write(JSON.stringify({ ok: true, text: "Noted." }) + "\n");
          newline = buffer.indexOf("\n");
        }
      });
      socket.on("error", () => undefined);
      socket.on("close", () => this.sockets.delete(socket));
    });
    this.server = server;
    return new Promise((resolve) => server.listen(this.socketPath, resolve));
  }

  /** The app quits: its connections end and its socket is gone. */
  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) {
      socket.destroy();
    }
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  reports(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line).editor_context);
  }
}

export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export { tempFolder };

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
