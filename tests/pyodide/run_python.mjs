// Run Python source from stdin inside the pinned Pyodide (node_modules/pyodide) with the
// repository's engine/ importable; Python's stdout goes to stdout, an exception exits 1.
// Usage: node tests/pyodide/run_python.mjs < script.py
import { readFileSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadPyodide } = await import(resolve(root, "node_modules", "pyodide", "pyodide.mjs"));

const source = readFileSync(0, "utf8");
// AKROPOLIS_STDLIB: another standard library zip (the one the site ships, trimmed and compiled).
const stdlib = process.env.AKROPOLIS_STDLIB;
const pyodide = await loadPyodide({
  indexURL: resolve(root, "node_modules", "pyodide") + "/",
  ...(stdlib ? { stdLibURL: resolve(stdlib) } : {}),
});
// Byte-exact pass-through (a batched handler drops a last line that has no newline).
const passTo = (fd) => ({ write: (bytes) => writeSync(fd, bytes) });
pyodide.setStdout(passTo(1));
pyodide.setStderr(passTo(2));
pyodide.FS.mkdirTree("/engine");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(root, "engine") }, "/engine");
try {
  await pyodide.runPythonAsync("import sys\nsys.path.insert(0, '/engine')\nsys.dont_write_bytecode = True");
  await pyodide.runPythonAsync(source);
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(String(error.message || error) + "\n");
} finally {
  pyodide.runPython("import sys\nsys.stdout.flush()\nsys.stderr.flush()");
}
