// Where the socket is: the setting, the environment, or the app's own `editor socket` command.

import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";
import { pipe, SocketPath } from "../src/socketPath";
import { tempFolder } from "./helpers";

function fakeCommand(body: string): string {
  const folder = tempFolder("vda-cmd-");
  const script = path.join(folder, "voice-dev-agent");
  fs.writeFileSync(script, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return script;
}

test("the setting wins, then $VOICE_DEV_AGENT_SOCKET, then the command's answer", async () => {
  const command = fakeCommand('[ "$1 $2" = "editor socket" ] && echo /run/user/1000/from-command.sock');
  const log: string[] = [];
  let configured = "/tmp/configured.sock";
  const env: NodeJS.ProcessEnv = { VOICE_DEV_AGENT_SOCKET: "/tmp/env.sock" };
  const found = new SocketPath({ configured: () => configured, command: () => command, env, log: (m) => log.push(m) });
  assert.equal(await found.find(), "/tmp/configured.sock");
  configured = "";
  assert.equal(await found.find(), "/tmp/env.sock");
  delete env.VOICE_DEV_AGENT_SOCKET;
  assert.equal(await found.find(), "/run/user/1000/from-command.sock");
  assert.deepEqual(log, []);
});

test("the command is asked once, again only after forget", async () => {
  const folder = tempFolder("vda-count-");
  const command = fakeCommand(`echo x >> ${folder}/asked; echo /tmp/app.sock`);
  const found = new SocketPath({ configured: () => "", command: () => command, env: {}, log: () => undefined });
  await Promise.all([found.find(), found.find()]);
  await found.find();
  found.forget();
  await found.find();
  assert.equal(fs.readFileSync(path.join(folder, "asked"), "utf8").trim().split("\n").length, 2);
});

test("a missing or failing command gives no socket and says what to set", async () => {
  const log: string[] = [];
  const missing = new SocketPath({
    configured: () => "",
    command: () => "/nonexistent/voice-dev-agent",
    env: {},
    log: (m) => log.push(m),
  });
  assert.equal(await missing.find(), null);
  assert.match(log[0], /was not found.*voiceDevAgent\.command/);
  const failing = new SocketPath({
    configured: () => "",
    command: () => fakeCommand("echo broken >&2; exit 3"),
    env: {},
    log: (m) => log.push(m),
  });
  assert.equal(await failing.find(), null);
  assert.match(log[1], /did not name the socket/);
});

test("on Windows the app's pipe name becomes the path node connects to", () => {
  assert.equal(pipe("voice-dev-agent-alice-0123abcd", "win32"), "\\\\.\\pipe\\voice-dev-agent-alice-0123abcd");
  assert.equal(pipe("\\\\.\\pipe\\given", "win32"), "\\\\.\\pipe\\given");
  assert.equal(pipe("/run/user/1000/voice-dev-agent.sock", "linux"), "/run/user/1000/voice-dev-agent.sock");
});
