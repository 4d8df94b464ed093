// The repository a file belongs to: the nearest folder above it holding .git (a folder in a clone,
// a file in a worktree or submodule), as the Neovim plugin finds it. Remembered per folder; a folder
// found outside any repository is looked at again after a while (the person may run `git init`).

import * as fs from "node:fs";
import * as path from "node:path";
import { Clock } from "./clock";

const FORGET_MISSING_MS = 10_000;

export class RepositoryRoots {
  private readonly known = new Map<string, { root: string | null; at: number }>();

  constructor(private readonly clock: Clock) {}

  find(file: string): string | null {
    const folder = path.dirname(file);
    const cached = this.known.get(folder);
    if (cached && (cached.root !== null || this.clock.now() - cached.at < FORGET_MISSING_MS)) {
      return cached.root;
    }
    const root = nearestGit(folder);
    if (this.known.size > 1000) {
      this.known.clear(); // a long session across many folders: start afresh rather than grow
    }
    this.known.set(folder, { root, at: this.clock.now() });
    return root;
  }
}

function nearestGit(start: string): string | null {
  let folder = start;
  for (;;) {
    try {
      fs.statSync(path.join(folder, ".git"));
      return folder;
    } catch {
      // not here: one level up
    }
    const parent = path.dirname(folder);
    if (parent === folder) {
      return null;
    }
    folder = parent;
  }
}
