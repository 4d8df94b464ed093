// The connection to the app's local socket (a Unix socket; a named pipe on Windows), kept open while
// the editor reports. The app answers each report it handles with one line; those are read and
// dropped. Nothing is queued while the app is down: a report made then is dropped, and once a
// connection opens it first carries `greeting()`, what the editor shows at that moment. Attempts are
// spaced with a growing delay (backoff) and stop while there is nothing to report. Nothing here
// throws: every failure is a line in the log and another attempt later.

import * as net from "node:net";
import { Clock, TimerHandle } from "./clock";

export const MAX_UNSENT_BYTES = 256 * 1024; // written but not yet taken by the app: past this, reports are dropped

export interface ConnectionOptions {
  socketPath: () => Promise<string | null>;
  forgetPath?: () => void; // after repeated failures the path is asked for again
  greeting: () => string | null; // the line a new connection opens with; null: nothing to report now
  wanted: () => boolean; // whether there is something to report (else no attempt until the next `send`)
  clock: Clock;
  log: (message: string) => void;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export class Connection {
  private socket: net.Socket | null = null;
  private connecting = false;
  private retry: TimerHandle | null = null;
  private failures = 0;
  private unreachable = false; // said once in the log until the next connection
  private stopped = false;

  constructor(private readonly options: ConnectionOptions) {}

  get connected(): boolean {
    return this.socket !== null;
  }

  /** Write `line` now if connected (true); otherwise drop it and start connecting (false). */
  send(line: string): boolean {
    this.stopped = false;
    const socket = this.socket;
    if (!socket) {
      this.start();
      return false;
    }
    if (socket.writableLength > MAX_UNSENT_BYTES) {
      return false; // the app takes nothing (busy or hung): a newer report will replace this one anyway
    }
    try {
      socket.write(line);
      return true;
    } catch (error) {
      this.options.log(`Writing to the app failed: ${describe(error)}`);
      socket.destroy();
      return false;
    }
  }

  /** Close the connection and stop trying; the next `send` starts again. */
  close(): void {
    this.stopped = true;
    if (this.retry) {
      this.options.clock.clearTimeout(this.retry);
      this.retry = null;
    }
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
  }

  private start(): void {
    if (this.connecting || this.retry || this.stopped) {
      return;
    }
    this.connecting = true;
    this.options
      .socketPath()
      .catch(() => null)
      .then((path) => this.open(path))
      .catch((error) => {
        this.connecting = false;
        this.failed(describe(error));
      });
  }

  private open(path: string | null): void {
    if (this.stopped) {
      this.connecting = false;
      return;
    }
    if (!path) {
      this.connecting = false;
      this.failed("its socket is not known");
      return;
    }
    let opened = false;
    let problem = "";
    const socket = net.createConnection(path);
    socket.on("data", () => undefined); // the app's answers: read so its buffer never fills, then dropped
    socket.on("error", (error) => {
      problem = describe(error);
    });
    socket.once("connect", () => {
      opened = true;
      this.connecting = false;
      if (this.stopped) {
        socket.destroy();
        return;
      }
      this.socket = socket;
      this.failures = 0;
      this.options.log(`Connected to the app at ${path}.`);
      this.unreachable = false;
      const line = this.greet();
      if (line) {
        socket.write(line);
      }
    });
    socket.once("close", () => {
      if (this.socket === socket) {
        this.socket = null;
      }
      if (!opened) {
        this.connecting = false;
        this.failed(problem || "the connection closed");
        return;
      }
      if (this.stopped) {
        return;
      }
      this.options.log(`The app closed the connection${problem ? ` (${problem})` : ""}; reconnecting when it is back.`);
      this.failures = 0;
      this.later(); // the app quit or restarted: back to the shortest wait
    });
  }

  private greet(): string | null {
    try {
      return this.options.greeting();
    } catch (error) {
      this.options.log(`Reading the editor failed: ${describe(error)}`);
      return null;
    }
  }

  private wanted(): boolean {
    try {
      return this.options.wanted();
    } catch {
      return false;
    }
  }

  private failed(reason: string): void {
    this.failures += 1;
    if (!this.unreachable) {
      this.unreachable = true;
      this.options.log(`The app is not reachable (${reason}); reports are dropped until it is back.`);
    }
    if (this.failures % 10 === 0) {
      this.options.forgetPath?.();
    }
    this.later();
  }

  /** The next attempt after the backoff, unless there is nothing to report (the next change starts one). */
  private later(): void {
    if (this.stopped || this.retry || !this.wanted()) {
      return;
    }
    const shortest = this.options.minBackoffMs ?? 250;
    const longest = this.options.maxBackoffMs ?? 5000;
    const wait = Math.min(longest, shortest * 2 ** Math.min(20, Math.max(0, this.failures - 1)));
    this.retry = this.options.clock.setTimeout(() => {
      this.retry = null;
      this.start();
    }, wait);
  }
}

function describe(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  return error instanceof Error ? error.message : String(error);
}
