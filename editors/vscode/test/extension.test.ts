// The adapter (extension.ts) on Node, with a stand-in `vscode` module and a real socket server:
// VS Code's 0-based positions become the protocol's 1-based ones, each event kind reports, the
// setting switches reporting off, and a failing editor never throws into VS Code.

import * as assert from "node:assert/strict";
import * as path from "node:path";
import { test } from "node:test";
import { FakeApp, makeRepo, sleep, waitFor } from "./helpers";
import { Document, makeVscode, Position, Range, Selection } from "./fakeVscode";

const Module = require("node:module");

function activate(fake: ReturnType<typeof makeVscode>) {
  const load = Module._load;
  Module._load = function (request: string, ...rest: unknown[]) {
    return request === "vscode" ? fake.api : load.call(this, request, ...rest);
  };
  try {
    const modulePath = require.resolve("../src/extension");
    delete require.cache[modulePath];
    const extension = require(modulePath);
    const context = { subscriptions: [] as { dispose(): void }[] };
    extension.activate(context);
    return () => context.subscriptions.forEach((s) => s.dispose());
  } finally {
    Module._load = load;
  }
}

function editorOn(document: Document, anchor: Position, active: Position, visible: [number, number]) {
  return {
    document,
    selection: new Selection(anchor, active),
    visibleRanges: [new Range(new Position(visible[0], 0), new Position(visible[1], 0))],
  };
}

async function rig() {
  const repo = makeRepo();
  const app = FakeApp.temp();
  await app.start();
  const fake = makeVscode();
  fake.settings["voiceDevAgent.socket"] = app.socketPath;
  const text = Array.from({ length: 200 }, (_, n) => `line_${n + 1} = ${n + 1}`).join("\n");
  const document = new Document(path.join(repo, "src", "ledger", "sync.py"), text);
  return { repo, app, fake, document };
}

test("each event kind reports the active editor with 1-based positions, visible lines and its diagnostics", async () => {
  const { app, fake, document, repo } = await rig();
  fake.window.activeTextEditor = editorOn(document, new Position(41, 4), new Position(41, 4), [29, 69]);
  fake.diagnostics.set(document.uri.toString(), [
    { severity: 0, range: new Range(new Position(43, 0), new Position(43, 5)), message: "undefined name 'x'", source: "pyright" },
    { severity: 3, range: new Range(new Position(150, 0), new Position(150, 1)), message: "off screen" },
  ]);
  const dispose = activate(fake);
  try {
    await waitFor(() => app.lines.length === 1, "the report at activation");
    assert.deepEqual(app.reports()[0], {
      editor: "vscode",
      root: repo,
      path: "src/ledger/sync.py",
      line: 42,
      column: 5,
      selection: "",
      visible: [30, 70],
      diagnostics: [{ severity: "error", line: 44, message: "undefined name 'x'", source: "pyright" }],
    });
    // A selection (lines 3 to 4 of the file, as the person dragged it upwards).
    fake.window.activeTextEditor = editorOn(document, new Position(3, 8), new Position(2, 0), [0, 40]);
    fake.events.selection.fire({});
    await waitFor(() => app.lines.length === 2, "the selection");
    const selected = app.reports()[1];
    assert.equal(selected.selection, "line_3 = 3\nline_4 =");
    assert.equal(selected.line, 3);
    // Scrolled: the visible-range event.
    fake.window.activeTextEditor = editorOn(document, new Position(2, 0), new Position(2, 0), [100, 140]);
    fake.events.visibleRanges.fire({});
    await waitFor(() => app.lines.length === 3, "the scroll");
    assert.deepEqual(app.reports()[2].visible, [101, 141]);
    // Diagnostics of another file change nothing; of this one, they are reported.
    fake.diagnostics.set(document.uri.toString(), [
      { severity: 1, range: new Range(new Position(120, 0), new Position(120, 1)), message: "unused import", source: "ruff" },
    ]);
    fake.events.diagnostics.fire({ uris: [{ toString: () => "file:///elsewhere.py" }] });
    await sleep(400);
    assert.equal(app.lines.length, 3);
    fake.events.diagnostics.fire({ uris: [document.uri] });
    await waitFor(() => app.lines.length === 4, "the diagnostics");
    assert.deepEqual(app.reports()[3].diagnostics, [{ severity: "warning", line: 121, message: "unused import", source: "ruff" }]);
    // Back to this window after another reported: the same view is sent again.
    fake.events.windowState.fire({ focused: true });
    await waitFor(() => app.lines.length === 5, "the report on focus");
    assert.deepEqual(app.reports()[4], app.reports()[3]);
  } finally {
    dispose();
    await app.stop();
  }
});

test("a 10 MB selection is read only as far as the cap needs", async () => {
  const { app, fake, repo } = await rig();
  const big = new Document(path.join(repo, "big.txt"), "y".repeat(10 * 1024 * 1024));
  fake.window.activeTextEditor = editorOn(big, new Position(0, 0), new Position(0, 10 * 1024 * 1024), [0, 0]);
  const dispose = activate(fake);
  try {
    await waitFor(() => app.lines.length === 1, "the report");
    assert.equal(app.reports()[0].selection, "y".repeat(4000));
    assert.ok(big.read.every((range) => big.offsetAt(range.end) - big.offsetAt(range.start) <= 8000));
  } finally {
    dispose();
    await app.stop();
  }
});

test("voiceDevAgent.sendContext off sends nothing; on again reports", async () => {
  const { app, fake, document } = await rig();
  fake.settings["voiceDevAgent.sendContext"] = false;
  fake.window.activeTextEditor = editorOn(document, new Position(9, 0), new Position(9, 0), [0, 40]);
  const dispose = activate(fake);
  try {
    fake.events.selection.fire({});
    await sleep(400);
    assert.equal(app.connections, 0);
    fake.settings["voiceDevAgent.sendContext"] = true;
    fake.events.configuration.fire({ affectsConfiguration: (name: string) => name === "voiceDevAgent.sendContext" });
    await waitFor(() => app.lines.length === 1, "the report once on");
    assert.equal(app.reports()[0].line, 10);
    fake.settings["voiceDevAgent.sendContext"] = false;
    fake.events.configuration.fire({ affectsConfiguration: (name: string) => name === "voiceDevAgent.sendContext" });
    fake.window.activeTextEditor = editorOn(document, new Position(19, 0), new Position(19, 0), [0, 40]);
    fake.events.selection.fire({});
    await sleep(400);
    assert.equal(app.lines.length, 1);
  } finally {
    dispose();
    await app.stop();
  }
});

test("an untitled buffer is not reported, and an editor that fails to be read never throws into VS Code", async () => {
  const { app, fake } = await rig();
  fake.window.activeTextEditor = editorOn(new Document("Untitled-1", "secret draft", "untitled"), new Position(0, 0), new Position(0, 3), [0, 1]);
  const dispose = activate(fake);
  try {
    await sleep(400);
    assert.equal(app.connections, 0);
    Object.defineProperty(fake.window, "activeTextEditor", {
      get() {
        throw new Error("the editor was closed");
      },
    });
    assert.doesNotThrow(() => fake.events.selection.fire({}));
    assert.doesNotThrow(() => fake.events.diagnostics.fire({ uris: [] }));
    await sleep(400);
    assert.ok(fake.output.some((line) => line.includes("the editor was closed")), fake.output.join("\n"));
  } finally {
    dispose();
    await app.stop();
  }
  assert.equal(fake.events.selection.count, 0, "every listener is removed when VS Code disposes the extension");
});
