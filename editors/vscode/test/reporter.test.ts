// Debounce, repeats and the setting, on a fake clock: the link records what would go to the app.

import * as assert from "node:assert/strict";
import * as path from "node:path";
import { test } from "node:test";
import { EditorView } from "../src/report";
import { DEBOUNCE_MS, Link, Reporter } from "../src/reporter";
import { RepositoryRoots } from "../src/roots";
import { FakeClock, makeRepo } from "./helpers";

class RecordingLink implements Link {
  sent: string[] = [];
  closed = 0;
  up = true;
  send(line: string): boolean {
    if (this.up) {
      this.sent.push(line);
    }
    return this.up;
  }
  close(): void {
    this.closed += 1;
  }
  lines(): number[] {
    return this.sent.map((line) => JSON.parse(line).editor_context.line);
  }
}

function rig(enabled = true) {
  const repo = makeRepo();
  const clock = new FakeClock();
  const link = new RecordingLink();
  const problems: string[] = [];
  let shown: EditorView | null = {
    file: path.join(repo, "src", "ledger", "sync.py"),
    line: 1,
    column: 1,
    selection: "",
    visible: [1, 40],
    diagnostics: [],
  };
  const roots = new RepositoryRoots(clock);
  const reporter = new Reporter({
    read: () => {
      if (shown === null) {
        return null;
      }
      return { ...shown };
    },
    findRoot: (file) => roots.find(file),
    link,
    clock,
    log: (message) => problems.push(message),
    enabled,
  });
  const move = (line: number) => {
    shown = shown && { ...shown, line };
    reporter.changed();
  };
  const show = (view: EditorView | null) => {
    shown = view;
  };
  return { clock, link, reporter, move, show, problems };
}

test("a burst of events is one report, sent once the editor settles", () => {
  const { clock, link, move } = rig();
  for (let line = 1; line <= 20; line += 1) {
    move(line);
    clock.advance(10); // a key held down: an event every 10 ms
  }
  assert.deepEqual(link.lines(), []);
  clock.advance(DEBOUNCE_MS - 11);
  assert.deepEqual(link.lines(), [], "not before the debounce has passed since the last event");
  clock.advance(1);
  assert.deepEqual(link.lines(), [20]);
});

test("a report equal to the last one is not sent again; a change is", () => {
  const { clock, link, move, reporter } = rig();
  move(5);
  clock.advance(DEBOUNCE_MS);
  reporter.changed(); // e.g. a visible-range event that moved nothing
  clock.advance(DEBOUNCE_MS);
  move(6);
  clock.advance(DEBOUNCE_MS);
  assert.deepEqual(link.lines(), [5, 6]);
});

test("refresh sends the same report again (another window reported meanwhile)", () => {
  const { clock, link, move, reporter } = rig();
  move(8);
  clock.advance(DEBOUNCE_MS);
  reporter.refresh();
  clock.advance(DEBOUNCE_MS);
  assert.deepEqual(link.lines(), [8, 8]);
});

test("a report dropped while the app is down is not counted as sent", () => {
  const { clock, link, move } = rig();
  link.up = false;
  move(7);
  clock.advance(DEBOUNCE_MS);
  link.up = true;
  move(7);
  clock.advance(DEBOUNCE_MS);
  assert.deepEqual(link.lines(), [7]);
});

test("with sendContext off nothing is sent and the connection is closed; on again reports", () => {
  const { clock, link, move, reporter } = rig(false);
  move(3);
  clock.advance(1000);
  assert.deepEqual(link.lines(), []);
  assert.equal(clock.pending, 0, "no timer runs while off");
  reporter.setEnabled(true);
  clock.advance(DEBOUNCE_MS);
  assert.deepEqual(link.lines(), [3]);
  move(4);
  reporter.setEnabled(false);
  clock.advance(1000);
  assert.deepEqual(link.lines(), [3], "a pending report is cancelled");
  assert.equal(link.closed, 1);
});

test("no editor, or an editor that fails to be read, sends nothing and logs the problem once", () => {
  const { clock, link, reporter, show, problems } = rig();
  show(null);
  reporter.changed();
  clock.advance(DEBOUNCE_MS);
  assert.deepEqual(link.lines(), []);
  const failing = new Reporter({
    read: () => {
      throw new Error("document closed");
    },
    findRoot: () => null,
    link,
    clock,
    log: (message) => problems.push(message),
  });
  for (let n = 0; n < 5; n += 1) {
    failing.changed();
    clock.advance(DEBOUNCE_MS);
  }
  assert.deepEqual(problems, ["Reading the editor failed: document closed"]);
});
