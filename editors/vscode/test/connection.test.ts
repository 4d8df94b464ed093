// The reporting core against a real socket server on a temporary Unix socket: the app quits and
// comes back, starts late, or is never there. Real time, short backoff.

import * as assert from "node:assert/strict";
import * as path from "node:path";
import { test } from "node:test";
import { EditorView } from "../src/report";
import { startReporting } from "../src/reporter";
import { FakeApp, makeRepo, sleep, waitFor } from "./helpers";

function rig(app: FakeApp, options: { debounceMs?: number } = {}) {
  const repo = makeRepo();
  const log: string[] = [];
  let shown: EditorView | null = {
    file: path.join(repo, "src", "ledger", "sync.py"),
    line: 1,
    column: 1,
    selection: "",
    visible: [1, 40],
    diagnostics: [],
  };
  let asked = 0;
  const { reporter, connection } = startReporting({
    read: () => shown,
    socketPath: async () => {
      asked += 1;
      return app.socketPath;
    },
    log: (message) => log.push(message),
    debounceMs: 20,
    minBackoffMs: 20,
    maxBackoffMs: 200,
    ...options,
  });
  const move = (line: number) => {
    shown = shown && { ...shown, line };
    reporter.changed();
  };
  return {
    reporter,
    connection,
    log,
    move,
    hide: () => {
      shown = null;
    },
    asked: () => asked,
  };
}

const lines = (app: FakeApp) => app.reports().map((report) => report.line);

test("reports reach the app one JSON line each, and its answers are read", async () => {
  const app = FakeApp.temp();
  await app.start();
  const { move, reporter } = rig(app);
  try {
    move(3);
    await waitFor(() => app.lines.length === 1, "the first report");
    move(9);
    await waitFor(() => app.lines.length === 2, "the second report");
    assert.deepEqual(lines(app), [3, 9]);
    assert.equal(app.connections, 1, "one connection kept open");
    assert.equal(app.reports()[0].path, "src/ledger/sync.py");
  } finally {
    reporter.dispose();
    await app.stop();
  }
});

test("when the app restarts the extension reconnects and sends what it shows now, nothing queued", async () => {
  const app = FakeApp.temp();
  await app.start();
  const { move, reporter, log, connection } = rig(app);
  try {
    move(10);
    await waitFor(() => app.lines.length === 1, "the first report");
    await app.stop(); // the app quits
    await waitFor(() => !connection.connected, "the closed connection");
    for (let line = 11; line <= 30; line += 1) {
      move(line); // the person goes on working while the app is down
      await sleep(30);
    }
    assert.deepEqual(lines(app), [10], "nothing reached a stopped app");
    await sleep(300); // several attempts fail meanwhile
    await app.start(); // the app is back, on the same socket
    await waitFor(() => app.lines.length === 2, "the report after the restart", 3000);
    await sleep(200);
    assert.deepEqual(lines(app), [10, 30], "only the current view, once: the dropped reports are not replayed");
    assert.equal(app.connections, 2);
    assert.ok(log.some((line) => line.includes("closed the connection")), log.join("\n"));
    move(31);
    await waitFor(() => app.lines.length === 3, "a report on the new connection");
    // Restarted again while the person reads (no editor event at all): the new app still hears.
    await app.stop();
    await sleep(300);
    await app.start();
    await waitFor(() => app.lines.length === 4, "the report after an idle restart", 3000);
    assert.deepEqual(lines(app), [10, 30, 31, 31]);
  } finally {
    reporter.dispose();
    await app.stop();
  }
});

test("an app that is not running yet: nothing throws, the problem is logged once, the report arrives once it starts", async () => {
  const app = FakeApp.temp();
  const { move, reporter, log } = rig(app);
  try {
    move(5);
    await sleep(500); // attempts at 20, 40, 80, 160 ms ... all refused
    const unreachable = log.filter((line) => line.includes("not reachable"));
    assert.equal(unreachable.length, 1, log.join("\n"));
    await app.start();
    await waitFor(() => app.lines.length === 1, "the report once the app runs", 3000);
    assert.deepEqual(lines(app), [5]);
  } finally {
    reporter.dispose();
    await app.stop();
  }
});

test("the wait between attempts grows to its ceiling instead of hammering a missing app", async () => {
  const app = FakeApp.temp();
  const { move, reporter, asked } = rig(app);
  try {
    move(5);
    await sleep(1000);
    // 20 ms doubling to 200 ms: about 9 attempts in a second (50 with a fixed 20 ms).
    assert.ok(asked() >= 3 && asked() <= 12, `attempts in one second: ${asked()}`);
  } finally {
    reporter.dispose();
  }
});

test("with nothing to report no connection is attempted", async () => {
  const app = FakeApp.temp();
  await app.start();
  const { reporter, hide, asked } = rig(app);
  try {
    hide();
    reporter.changed();
    await sleep(300);
    assert.equal(asked(), 0);
    assert.equal(app.connections, 0);
  } finally {
    reporter.dispose();
    await app.stop();
  }
});

test("turning reporting off closes the connection; nothing more is sent", async () => {
  const app = FakeApp.temp();
  await app.start();
  const { move, reporter, connection } = rig(app);
  try {
    move(2);
    await waitFor(() => app.lines.length === 1, "the first report");
    reporter.setEnabled(false);
    assert.equal(connection.connected, false);
    move(3);
    await sleep(200);
    assert.deepEqual(lines(app), [2]);
    reporter.setEnabled(true);
    await waitFor(() => app.lines.length === 2, "the report once on again");
    assert.deepEqual(lines(app), [2, 3]);
  } finally {
    reporter.dispose();
    await app.stop();
  }
});
