// Drives the compiled reporting core without VS Code: each line on stdin is an EditorView (JSON),
// shown as the active editor and announced as a change, as the adapter does on an editor event.
// The socket is found as in VS Code (voiceDevAgent.socket unset: $VOICE_DEV_AGENT_SOCKET, else
// `voice-dev-agent editor socket`); the output channel's lines go to stderr. Used by the app's
// end-to-end test (tests/e2e/test_vscode_protocol.py) against the real running app.

import * as readline from "node:readline";
import { EditorView } from "../src/report";
import { startReporting } from "../src/reporter";
import { SocketPath } from "../src/socketPath";

const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};
let shown: EditorView | null = null;
const socket = new SocketPath({ configured: () => "", command: () => "voice-dev-agent", env: process.env, log });
const { reporter } = startReporting({ read: () => shown, socketPath: () => socket.find(), forgetPath: () => socket.forget(), log });

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  try {
    shown = JSON.parse(line) as EditorView;
  } catch (error) {
    log(`not a view: ${String(error)}`);
    return;
  }
  reporter.changed();
  process.stdout.write("fed\n");
});
input.on("close", () => reporter.dispose());
