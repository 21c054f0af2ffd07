// Makes the pinned Pyodide's memory snapshot: Python started once, here in Node, so that each
// page (and the AI worker) restores it instead of starting Python again (about 1 s, not 4-5 s).
// Usage: node tools/snapshot.mjs <pyodide folder> <standard library zip> <output file> [modules]
// [zips] [site modules]: the standard library's modules every start imports (comma-separated)
// are imported first, so that a start from the snapshot finds them imported; then the zips
// (comma-separated) are unpacked into Python's working directory, as every page and the AI
// worker unpack them, and the site's modules from them that every page imports are imported too
// (a failure there fails the build: they are pure Python).  Run by build.py (tools/snapshot.py).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [folder, stdlib, output, modules = "", zips = "", site = ""] = process.argv.slice(2);
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
pyodide.runPython(`
import importlib
for name in ${JSON.stringify(modules)}.split(","):
    if name:
        try:
            importlib.import_module(name)
        except Exception:
            pass  # one this platform cannot import: the page will not either
`);
for (const zip of zips.split(",").filter(Boolean)) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(zip)), "zip");
}
pyodide.runPython(`
import importlib, os, sys
for name in ${JSON.stringify(site)}.split(","):
    if name:
        importlib.import_module(name)
# The files are not in the snapshot (only Python's memory is): each start unpacks them again.
# Forget what was found in these folders, so that the next import looks at them afresh.
here = os.getcwd()
for path in list(sys.path_importer_cache):
    if path == "" or path.startswith(here):
        del sys.path_importer_cache[path]
`);
writeFileSync(output, pyodide.makeMemorySnapshot());
