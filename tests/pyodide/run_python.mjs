// Run Python source from stdin inside the pinned Pyodide (node_modules/pyodide) with the
// repository's engine/ importable; Python's stdout goes to stdout, an exception exits 1.
// Usage: node tests/pyodide/run_python.mjs < script.py
// AKROPOLIS_STDLIB: another standard library zip (the one the site ships, trimmed and compiled).
// AKROPOLIS_RESTORE: start instead as a later visit of the site does: dist/'s Pyodide, standard
// library and memory snapshot, then the zips of dist/ it names (comma-separated) unpacked into
// Python's working directory as the pages unpack them; BEFORE then holds the modules the
// snapshot had imported before any file was there.
import { readFileSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const source = readFileSync(0, "utf8");
const restore = process.env.AKROPOLIS_RESTORE;
const stdlib = process.env.AKROPOLIS_STDLIB;

async function start() {
  if (restore === undefined) {
    const index = resolve(root, "node_modules", "pyodide") + "/";
    const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);
    return loadPyodide({ indexURL: index, ...(stdlib ? { stdLibURL: resolve(stdlib) } : {}) });
  }
  const dist = resolve(root, "dist");
  const index = resolve(dist, "runtime", "pyodide") + "/";
  const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);
  return loadPyodide({
    indexURL: index,
    stdLibURL: index + "python_stdlib.zip",
    _loadSnapshot: new Uint8Array(gunzipSync(readFileSync(index + "snapshot.gz"))),
  });
}

const pyodide = await start();
// Byte-exact pass-through (a batched handler drops a last line that has no newline).
const passTo = (fd) => ({ write: (bytes) => writeSync(fd, bytes) });
pyodide.setStdout(passTo(1));
pyodide.setStderr(passTo(2));
try {
  if (restore === undefined) {
    pyodide.FS.mkdirTree("/engine");
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(root, "engine") }, "/engine");
    await pyodide.runPythonAsync("import sys\nsys.path.insert(0, '/engine')\nsys.dont_write_bytecode = True");
  } else {
    pyodide.runPython("import sys\nBEFORE = sorted(sys.modules)");
    for (const zip of restore.split(",").filter(Boolean)) {
      pyodide.unpackArchive(new Uint8Array(readFileSync(resolve(root, "dist", zip))), "zip");
    }
  }
  await pyodide.runPythonAsync(source);
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(String(error.message || error) + "\n");
} finally {
  pyodide.runPython("import sys\nsys.stdout.flush()\nsys.stderr.flush()");
}
