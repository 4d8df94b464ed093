// What the editor shows, as the app's protocol spells it (app/core/editor/report.py): one
// {"editor_context": {...}} JSON line. Plain TypeScript, no VS Code: the adapter (extension.ts) reads
// the editor into an EditorView, and everything from there on is testable on Node.
//
// The app checks and caps every field again; the caps here keep a line small (the app refuses one
// over 64 KB before parsing it) and drop what the app would refuse outright (a file outside the
// repository, a diagnostic without a message), so one odd value never costs the whole report.

import * as path from "node:path";

export const EDITOR = "vscode";
export const SELECTION_CHARS = 4000; // characters (code points, as Python counts them); the app cuts there too
export const MAX_DIAGNOSTICS = 50; // the app keeps 10 (errors first, nearest the cursor first) of at most 500
export const MESSAGE_CHARS = 300;
export const SOURCE_CHARS = 40;
export const MAX_LINE = 10_000_000;
export const LINE_BYTES = 60 * 1024; // under the app's 64 KB per line, with room for the framing
export const SEVERITIES = ["error", "warning", "info", "hint"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface ViewDiagnostic {
  severity: Severity;
  line: number; // 1-based
  message: string;
  source?: string;
}

/** The active editor in plain values, as the adapter read it. */
export interface EditorView {
  file: string; // absolute path on disk
  line: number; // cursor, 1-based
  column: number; // cursor, 1-based
  selection: string;
  visible: [number, number] | null; // first and last line on screen, 1-based
  diagnostics: ViewDiagnostic[]; // every diagnostic of the file; those on screen are sent
}

export interface ReportDiagnostic {
  severity: Severity;
  line: number;
  message: string;
  source: string;
}

export interface EditorContext {
  editor: string;
  root: string;
  path: string;
  line: number;
  column: number;
  selection: string;
  visible?: [number, number];
  diagnostics?: ReportDiagnostic[];
}

/** The report for `view`, or null when it shows no file inside a git repository (nothing is sent then). */
export function buildContext(view: EditorView, findRoot: (file: string) => string | null): EditorContext | null {
  if (typeof view.file !== "string" || !path.isAbsolute(view.file)) {
    return null;
  }
  const root = findRoot(view.file);
  if (root === null) {
    return null;
  }
  const relative = path.relative(root, view.file);
  if (relative === "" || relative === ".." || relative.startsWith(".." + path.sep) || path.isAbsolute(relative)) {
    return null; // outside the repository: the app refuses it, so it is not sent
  }
  const line = wholeNumber(view.line);
  const column = wholeNumber(view.column);
  if (line === null || column === null) {
    return null;
  }
  const context: EditorContext = {
    editor: EDITOR,
    root,
    path: relative.split(path.sep).join("/"),
    line,
    column,
    selection: typeof view.selection === "string" ? capChars(view.selection, SELECTION_CHARS) : "",
  };
  const visible = visibleRange(view.visible);
  if (visible) {
    context.visible = visible;
  }
  const diagnostics = onScreen(Array.isArray(view.diagnostics) ? view.diagnostics : [], visible, line);
  if (diagnostics.length > 0) {
    context.diagnostics = diagnostics; // an empty list is left out, as the Neovim plugin does
  }
  return context;
}

/** The protocol line for `context`: one JSON object and a newline, shrunk until it fits LINE_BYTES. */
export function encode(context: EditorContext): string {
  let line = frame(context);
  if (Buffer.byteLength(line, "utf8") <= LINE_BYTES) {
    return line;
  }
  // Too long (thousands of escaped characters, many long messages): the diagnostics go first, farthest
  // from the cursor first, then the selection halves; the cursor itself is always told.
  const smaller: EditorContext = { ...context, diagnostics: [...(context.diagnostics ?? [])] };
  while (smaller.diagnostics!.length > 0 && Buffer.byteLength(line, "utf8") > LINE_BYTES) {
    smaller.diagnostics!.pop();
    if (smaller.diagnostics!.length === 0) {
      delete smaller.diagnostics;
      line = frame(smaller);
      break;
    }
    line = frame(smaller);
  }
  while (Buffer.byteLength(line, "utf8") > LINE_BYTES && smaller.selection.length > 0) {
    smaller.selection = capChars(smaller.selection, Math.floor(Array.from(smaller.selection).length / 2));
    line = frame(smaller);
  }
  return line;
}

function frame(context: EditorContext): string {
  return JSON.stringify({ editor_context: context }) + "\n";
}

/** The first `limit` characters of `text`, never cutting a character in two; reads no further than that. */
export function capChars(text: string, limit: number): string {
  let count = 0;
  let end = 0;
  for (const ch of text) {
    if (count === limit) {
      return text.slice(0, end);
    }
    count += 1;
    end += ch.length;
  }
  return text;
}

function wholeNumber(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return null;
  }
  const whole = Math.floor(value);
  // Past the app's ceiling (a column in a 10 MB minified line) is told as the ceiling, not dropped.
  return whole >= 1 ? Math.min(whole, MAX_LINE) : null;
}

function visibleRange(value: unknown): [number, number] | null {
  if (!Array.isArray(value) || value.length !== 2) {
    return null;
  }
  const first = wholeNumber(value[0]);
  const last = wholeNumber(value[1]);
  if (first === null || last === null) {
    return null;
  }
  return [first, Math.max(first, last)];
}

function onScreen(found: unknown[], visible: [number, number] | null, cursor: number): ReportDiagnostic[] {
  const kept: ReportDiagnostic[] = [];
  for (const item of found.slice(0, 10 * MAX_DIAGNOSTICS)) {
    if (typeof item !== "object" || item === null) {
      continue;
    }
    const raw = item as Partial<Record<keyof ViewDiagnostic, unknown>>;
    const line = wholeNumber(raw.line);
    const severity = SEVERITIES.includes(raw.severity as Severity) ? (raw.severity as Severity) : "info";
    const message = capChars(String(raw.message ?? "").trim(), MESSAGE_CHARS);
    if (line === null || message === "") {
      continue; // the app refuses a whole report for one diagnostic without a line or message
    }
    if (visible && (line < visible[0] || line > visible[1])) {
      continue; // what the person can see is what "this error" means
    }
    kept.push({ severity, line, message, source: capChars(String(raw.source ?? ""), SOURCE_CHARS) });
  }
  kept.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      Math.abs(a.line - cursor) - Math.abs(b.line - cursor) ||
      a.line - b.line,
  );
  return kept.slice(0, MAX_DIAGNOSTICS);
}
