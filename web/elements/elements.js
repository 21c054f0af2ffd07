// The frame of akropolis-elements.js: Python, started once for every element of the page, which
// answers their requests (web/elements/service.py). It listens to the page that holds it and
// to nothing else, says "hello" as soon as it listens (requests wait in the page until then),
// and answers each request as Python's JSON text. Python starts at once: the page adds this
// frame only when its first element nears the viewport.
const parent = window.parent;
const site = new URL(".", window.location.href).href;
const waiting = [];
let handle = null;
let failed = false;

const tell = (message, target = "*") => parent.postMessage({ akropolis: message.type, ...message }, target);

function answer(data, origin) {
  const target = origin === "null" ? "*" : origin;
  let text;
  const start = performance.now();
  try {
    text = handle(data.text);
    performance.measure("akropolis-answer", { start });  // for benchmarks/elements_bench.py
  } catch (error) {
    console.error("akropolis:", error);
    text = JSON.stringify({ ok: false, error: "" });
  }
  tell({ type: "answer", id: data.id, text }, target);
}

window.addEventListener("message", (event) => {
  if (event.source !== parent || parent === window) return;
  const data = event.data;
  if (!data || data.akropolis !== "request" || typeof data.text !== "string" || !Number.isInteger(data.id)) return;
  if (failed) tell({ type: "failed" }, event.origin === "null" ? "*" : event.origin);
  else if (handle) answer(data, event.origin);
  else waiting.push([data, event.origin]);
});

async function start() {
  performance.mark("akropolis-boot");
  const fetched = (name) => fetch(name).then((response) => {
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  try {
    const { loadPyodide, keepSnapshot } = await import("./start_python.mjs");
    const [pyodide, ...bundles] = await Promise.all([
      loadPyodide(), fetched("python.zip"), fetched("elements.zip"),
    ]);
    for (const bundle of bundles) pyodide.unpackArchive(bundle, "zip");
    pyodide.globals.set("SITE", site);
    pyodide.runPython("from elements.service import Service\nservice = Service(SITE)");
    const service = pyodide.globals.get("service");
    handle = (text) => service.handle(text);
    performance.mark("akropolis-ready");
    for (const [data, origin] of waiting.splice(0)) answer(data, origin);
    if (!(navigator.connection && navigator.connection.saveData)) setTimeout(keepSnapshot, 5000);
  } catch (error) {
    console.error("akropolis:", error);
    failed = true;
    for (const [, origin] of waiting.splice(0)) tell({ type: "failed" }, origin === "null" ? "*" : origin);
  }
}

if (parent !== window) {
  tell({ type: "hello" });
  start();
}
