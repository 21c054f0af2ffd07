// Compiles the Python modules of zip files to bytecode with the pinned Pyodide's own Python (the
// browser's): each "x.py" becomes "x.pyc" (unchecked hash-based, so the same on every build
// machine), other files are kept. A page then imports without compiling, which on a phone takes
// seconds. Usage: node tools/bytecode.mjs <pyodide folder> <jobs.json>, the jobs a list of
// {zip, prefix, optimize, only}: the zip is replaced by its compiled copy; prefix is the folder its
// modules are imported from, as tracebacks name them ("<stdlib>": the standard library's zip); optimize is 0, or 2 to drop docstrings and
// asserts; only, if not null, lists the files to compile (the others stay source). Run by
// tools/bytecode.py.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [folder, jobsFile] = process.argv.slice(2);
const jobs = JSON.parse(readFileSync(jobsFile, "utf8"));
const index = resolve(folder) + "/";
const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: index, env: { _: "./this.program", LANG: "C.UTF-8" } });
const compile = pyodide.runPython(`
import importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_zip(data, prefix, optimize, only):
    only = None if only is None else set(only)
    if prefix == "<stdlib>":  # where Pyodide mounts its standard library (/lib/python3XY.zip)
        prefix = next(path for path in sys.path if path.endswith(".zip")) + "/"
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as source, \\
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info in source.infolist():
            name, body = info.filename, source.read(info)
            if name.endswith(".py") and (only is None or name in only):
                code = compile(body, prefix + name, "exec", dont_inherit=True, optimize=optimize)
                body = _code_to_hash_pyc(code, importlib.util.source_hash(body), checked=False)
                name += "c"
            entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            target.writestr(entry, body)
    return out.getvalue()

compile_zip
`);
for (const { zip, prefix, optimize, only } of jobs) {
  const result = compile(new Uint8Array(readFileSync(zip)), prefix, optimize, only ?? undefined);
  writeFileSync(zip, result.toJs());
  result.destroy();
}
