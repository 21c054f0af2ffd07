// Start the site's Python as a later visit does: the Pyodide, standard library and memory
// snapshot of the build (dist/), then the zips named in the arguments unpacked into Python's
// working directory as the pages unpack them; run Python source from stdin, its stdout to
// stdout, an exception exits 1.
// Usage: node tests/pyodide/restore_snapshot.mjs [zip ...] < script.py
import { readFileSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const dist = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist");
const index = resolve(dist, "runtime", "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);

const source = readFileSync(0, "utf8");
const pyodide = await loadPyodide({
  indexURL: index,
  stdLibURL: index + "python_stdlib.zip",
  _loadSnapshot: new Uint8Array(gunzipSync(readFileSync(index + "snapshot.gz"))),
});
const passTo = (fd) => ({ write: (bytes) => writeSync(fd, bytes) });
pyodide.setStdout(passTo(1));
pyodide.setStderr(passTo(2));
try {
  // What the snapshot holds, before any file is there.
  pyodide.runPython("import sys\nBEFORE = sorted(sys.modules)");
  for (const zip of process.argv.slice(2)) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(resolve(dist, zip))), "zip");
  }
  await pyodide.runPythonAsync(source);
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(String(error.message || error) + "\n");
} finally {
  pyodide.runPython("import sys\nsys.stdout.flush()\nsys.stderr.flush()");
}
