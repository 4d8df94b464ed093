// Where the app listens: the voiceDevAgent.socket setting, else $VOICE_DEV_AGENT_SOCKET, else what
// `voice-dev-agent editor socket` prints (the path depends on the user and the app's data folder, so
// the app says it). The command starts a Python process, so its answer is kept until `forget`.

import { execFile } from "node:child_process";

export interface SocketPathOptions {
  configured: () => string; // the voiceDevAgent.socket setting ("" when unset)
  command: () => string; // the voiceDevAgent.command setting
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
  timeoutMs?: number;
}

export class SocketPath {
  private asked: string | null = null;
  private pending: Promise<string | null> | null = null;

  constructor(private readonly options: SocketPathOptions) {}

  /** The socket path, or null when it cannot be known now (the reason is logged). */
  find(): Promise<string | null> {
    const configured = text(this.options.configured());
    if (configured) {
      return Promise.resolve(pipe(configured));
    }
    const env = text(this.options.env.VOICE_DEV_AGENT_SOCKET);
    if (env) {
      return Promise.resolve(pipe(env));
    }
    if (this.asked) {
      return Promise.resolve(pipe(this.asked));
    }
    if (!this.pending) {
      this.pending = this.ask().finally(() => {
        this.pending = null;
      });
    }
    return this.pending.then((found) => (found ? pipe(found) : null));
  }

  /** Ask the command again next time: the app may serve another path now (another home, another login). */
  forget(): void {
    this.asked = null;
  }

  private ask(): Promise<string | null> {
    const command = text(this.options.command()) || "voice-dev-agent";
    return new Promise((resolve) => {
      try {
        execFile(
          command,
          ["editor", "socket"],
          { timeout: this.options.timeoutMs ?? 15_000, windowsHide: true, maxBuffer: 64 * 1024 },
          (error, stdout) => {
            const found = error ? "" : String(stdout).split("\n")[0].trim();
            if (!found) {
              this.options.log(
                error && (error as NodeJS.ErrnoException).code === "ENOENT"
                  ? `\`${command}\` was not found: install Voice Dev Agent, or set voiceDevAgent.command or voiceDevAgent.socket.`
                  : `\`${command} editor socket\` did not name the socket (${error ? error.message.split("\n")[0] : "no output"}).`,
              );
              resolve(null);
              return;
            }
            this.asked = found;
            resolve(found);
          },
        );
      } catch (error) {
        this.options.log(`\`${command} editor socket\` could not be run: ${String(error)}`);
        resolve(null);
      }
    });
  }
}

/** On Windows the app serves a named pipe and prints its bare name (Qt's spelling); node wants the full one. */
export function pipe(name: string, platform: NodeJS.Platform = process.platform): string {
  return platform === "win32" && !name.startsWith("\\\\") ? `\\\\.\\pipe\\${name}` : name;
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
