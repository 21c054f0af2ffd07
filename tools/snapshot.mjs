// Makes the pinned Pyodide's memory snapshot: Python started once, here in Node, so that each
// page (and the AI worker) restores it instead of starting Python again (about 1 s, not 4-5 s).
// Usage: node tools/snapshot.mjs <pyodide folder> <standard library zip> <output file>.  Run by build.py (tools/snapshot.py).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [folder, stdlib, output] = process.argv.slice(2);
const index = resolve(folder) + "/";
const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL: index,
  stdLibURL: resolve(stdlib),
  _makeSnapshot: true,
  // Fixed values, not this machine's (its script path, its locale): the same on every build
  // machine.  Nothing here reads them: each page chooses its language itself.
  env: { _: "./this.program", LANG: "C.UTF-8" },
});
writeFileSync(output, pyodide.makeMemorySnapshot());
