import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// Issue 14: domain modules stay split by job; one past this many lines (tests aside) fails here.
const MAX_LINES = 500;

it(`keeps every domain module under ${MAX_LINES} lines`, () => {
  const root = import.meta.dirname;
  const modules = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  expect(modules.length).toBeGreaterThan(100);
  const tooLong = modules
    .map((file) => ({ file, lines: readFileSync(path.join(root, file), "utf8").split("\n").length - 1 }))
    .filter((m) => m.lines > MAX_LINES)
    .map((m) => `${m.file}: ${m.lines} lines`);
  expect(tooLong).toEqual([]);
});
