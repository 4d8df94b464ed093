// Editor views to protocol lines: every field as the app's schema (app/core/editor/report.py) reads it.

import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";
import { buildContext, EditorView, encode, LINE_BYTES, SELECTION_CHARS } from "../src/report";
import { RepositoryRoots } from "../src/roots";
import { FakeClock, makeRepo } from "./helpers";

const FIELDS = new Set(["editor", "root", "path", "line", "column", "selection", "visible", "diagnostics"]);
const DIAGNOSTIC_FIELDS = new Set(["severity", "line", "message", "source"]);

function view(repo: string, extra: Partial<EditorView> = {}): EditorView {
  return {
    file: path.join(repo, "src", "ledger", "sync.py"),
    line: 42,
    column: 7,
    selection: "",
    visible: [30, 70],
    diagnostics: [],
    ...extra,
  };
}

function decode(line: string): Record<string, any> {
  assert.ok(line.endsWith("\n") && !line.slice(0, -1).includes("\n"), "one JSON object on one line");
  const outer = JSON.parse(line);
  assert.deepEqual(Object.keys(outer), ["editor_context"]);
  return outer.editor_context;
}

function roots(): (file: string) => string | null {
  const found = new RepositoryRoots(new FakeClock());
  return (file) => found.find(file);
}

test("a view becomes one editor_context line with each field the app's schema knows", () => {
  const repo = makeRepo();
  const context = buildContext(
    view(repo, {
      selection: "total = sum(rows)",
      diagnostics: [
        { severity: "warning", line: 40, message: "unused name 'rows'", source: "pyflakes" },
        { severity: "error", line: 44, message: "undefined name 'x'", source: "pyright" },
      ],
    }),
    roots(),
  );
  const report = decode(encode(context!));
  assert.deepEqual(report, {
    editor: "vscode",
    root: repo,
    path: "src/ledger/sync.py",
    line: 42,
    column: 7,
    selection: "total = sum(rows)",
    visible: [30, 70],
    diagnostics: [
      { severity: "error", line: 44, message: "undefined name 'x'", source: "pyright" },
      { severity: "warning", line: 40, message: "unused name 'rows'", source: "pyflakes" },
    ],
  });
  assert.ok(Object.keys(report).every((name) => FIELDS.has(name)));
  assert.ok(report.diagnostics.every((d: object) => Object.keys(d).every((name) => DIAGNOSTIC_FIELDS.has(name))));
});

test("the path is relative to the nearest repository, a worktree's .git file counts", () => {
  const repo = makeRepo();
  const worktree = path.join(repo, "vendored");
  fs.mkdirSync(path.join(worktree, "lib"), { recursive: true });
  fs.writeFileSync(path.join(worktree, ".git"), "gitdir: /elsewhere/.git/worktrees/vendored\n");
  const report = buildContext(view(repo, { file: path.join(worktree, "lib", "a.ts") }), roots())!;
  assert.equal(report.root, worktree);
  assert.equal(report.path, "lib/a.ts");
});

test("a file outside any repository, or not a file on disk, is not reported", () => {
  const repo = makeRepo();
  const outside = path.join(path.dirname(repo), "notes.txt");
  fs.writeFileSync(outside, "x");
  assert.equal(buildContext(view(repo, { file: outside }), roots()), null);
  assert.equal(buildContext(view(repo, { file: "relative/sync.py" }), roots()), null);
  // A root that does not hold the file (a stale guess) is never sent with a ../ path.
  assert.equal(buildContext(view(repo), () => path.join(repo, "src", "other")), null);
  assert.equal(buildContext(view(repo, { file: repo }), () => repo), null);
});

test("the selection is capped at 4,000 characters without cutting a character in two", () => {
  const repo = makeRepo();
  const report = buildContext(view(repo, { selection: "😀".repeat(5000) }), roots())!;
  assert.equal(Array.from(report.selection).length, SELECTION_CHARS);
  assert.equal(report.selection, "😀".repeat(SELECTION_CHARS));
  const short = buildContext(view(repo, { selection: "line one\nline two" }), roots())!;
  assert.equal(short.selection, "line one\nline two");
});

test("a 10 MB selection is capped quickly and the line stays under the app's limit", () => {
  const repo = makeRepo();
  const huge = "x = 1  # padding\n".repeat(Math.ceil((10 * 1024 * 1024) / 17));
  const started = process.hrtime.bigint();
  const line = encode(buildContext(view(repo, { selection: huge }), roots())!);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  assert.equal(decode(line).selection, huge.slice(0, SELECTION_CHARS));
  assert.ok(Buffer.byteLength(line) <= LINE_BYTES);
  assert.ok(ms < 200, `capping took ${ms} ms`);
});

test("only the diagnostics on screen are sent, without empty messages, each capped", () => {
  const repo = makeRepo();
  const report = buildContext(
    view(repo, {
      visible: [30, 70],
      diagnostics: [
        { severity: "error", line: 12, message: "off screen above" },
        { severity: "error", line: 71, message: "off screen below" },
        { severity: "hint", line: 50, message: "   " },
        { severity: "info", line: 55, message: "m".repeat(1000), source: "s".repeat(100) },
      ],
    }),
    roots(),
  )!;
  assert.deepEqual(report.diagnostics, [{ severity: "info", line: 55, message: "m".repeat(300), source: "s".repeat(40) }]);
  const none = buildContext(view(repo, { diagnostics: [{ severity: "error", line: 1, message: "far" }] }), roots())!;
  assert.equal("diagnostics" in none, false, "an empty list is left out");
});

test("odd input never throws and never yields a line the app would refuse", () => {
  const repo = makeRepo();
  const odd: unknown[] = [
    { line: NaN },
    { line: 0 },
    { line: -3 },
    { line: 2.7, column: 1e12 },
    { column: Infinity },
    { selection: undefined },
    { selection: 42 },
    { selection: "\ud800 lone surrogate \u0000 nul \u202e bidi" },
    { visible: null },
    { visible: [50, 10] },
    { visible: ["a", 3] },
    { visible: [1, 2, 3] },
    { diagnostics: null },
    { diagnostics: [null, 7, "text", { line: "3", message: "m" }, { severity: "fatal", line: 40, message: 5 }] },
    { diagnostics: Array.from({ length: 5000 }, (_, n) => ({ severity: "error", line: 31 + (n % 30), message: "€".repeat(300) })) },
    { file: 17 },
  ];
  for (const extra of odd) {
    const context = buildContext(view(repo, extra as Partial<EditorView>), roots());
    if (context === null) {
      continue;
    }
    const line = encode(context);
    assert.ok(Buffer.byteLength(line) <= LINE_BYTES, JSON.stringify(extra).slice(0, 80));
    const report = decode(line);
    assert.ok(Number.isInteger(report.line) && report.line >= 1 && report.line <= 10_000_000);
    assert.ok(Number.isInteger(report.column) && report.column >= 1 && report.column <= 10_000_000);
    assert.equal(typeof report.selection, "string");
    if (report.visible) {
      assert.ok(report.visible[0] <= report.visible[1]);
    }
    for (const d of report.diagnostics ?? []) {
      assert.ok(["error", "warning", "info", "hint"].includes(d.severity) && d.message.trim() !== "");
    }
    assert.ok((report.diagnostics ?? []).length <= 50);
  }
  const long = buildContext(view(repo, { line: 2.7, column: 1e12 }), roots())!;
  assert.deepEqual([long.line, long.column], [2, 10_000_000], "a column past the ceiling is told as the ceiling");
  const mixed = buildContext(view(repo, odd[13] as Partial<EditorView>), roots())!;
  assert.deepEqual(mixed.diagnostics, [{ severity: "info", line: 40, message: "5", source: "" }]);
});
