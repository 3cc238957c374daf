// tbxl's engine in a Web Worker: Pyodide, the wheels and app.py run here, off the page's thread, so
// the page stays responsive while Python starts (seconds) and while a large file is computed; the
// page (app.js) only shows. A file that takes too long, or a worker that fails (out of memory, an
// exception in JavaScript), is stopped by the page (Worker.terminate) and a new worker started.
//
// Messages, page -> worker:
//   {type: "call", id, adapter, args, files}   one adapter of app.py; `files` ({name, data, bulletin,
//                                              config}), when given, are written into /event first
// worker -> page:
//   {type: "progress", text, loaded, total}    what is loading (bytes of the build's files)
//   {type: "ready", timings}                   Pyodide and tbxl loaded (timings in ms since start)
//   {type: "boot-failed", error}               Pyodide or tbxl could not be loaded
//   {type: "start", id}                        the call begins (its time limit counts from here)
//   {type: "answer", id, answer}               the adapter's JSON, parsed, all of it: {ok, warnings}
//                                              | {error, plain} (the page makes it a Failure)
//   {type: "fatal", id, error}                 the engine broke (Pyodide's fatal error): restart me
//   {type: "warm", timings}                    the warm-up is done (see warm())
import { loadPyodide } from "./pyodide/pyodide.mjs";

const started = performance.now();
const timings = {};
let py = null;
let web = null;
let broken = false; // a Pyodide fatal error: nothing more runs here

// -- progress: the bytes of the build's files as they arrive ------------------------------------

let loaded = 0;
let total = 0;
let step = "Loading Python";

function progress(text) {
  if (text) step = text;
  postMessage({ type: "progress", text: step, loaded, total });
}

const plainFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  // Pyodide's own fetches (the WebAssembly, the standard library, the wheels): the response as it
  // is (a copy would lose the browser's compiled-WebAssembly cache), its bytes counted on a clone.
  const response = await plainFetch(input, init);
  if (response.ok && response.body) {
    const reader = response.clone().body.getReader();
    let last = 0;
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        loaded += value.byteLength;
        const now = performance.now();
        if (now - last > 100) { last = now; progress(); }
      }
      progress();
    })().catch(() => {});
  }
  return response;
};

// -- loading ------------------------------------------------------------------------------------

async function boot() {
  const build = await plainFetch("./build.json").then((r) => r.json());
  const glue = await plainFetch("./app.py").then((r) => r.text());
  total = build.fetched;
  progress("Loading Python");
  py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
  timings.pyodide = performance.now() - started;
  progress("Installing tbxl");
  // The wheels by their URLs in this folder: Pyodide installs each as it is (no index, no resolver).
  await py.loadPackage(build.wheels.map((w) => new URL(`./wheels/${w}`, location.href).href),
                       { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  timings.wheels = performance.now() - started;
  progress("Starting tbxl");
  py.FS.mkdirTree("/app");
  py.FS.writeFile("/app/tbxl_web.py", glue);
  py.runPython("import sys; sys.path.insert(0, '/app')");
  web = py.pyimport("tbxl_web");
  timings.ready = performance.now() - started;
}

// -- the calls, one at a time; the warm-up's steps only when no call waits -----------------------

const queue = [];
let warming = [];
let running = false;

let current = null;   // the files the page sent last (the event, a bulletin, a tbxl.toml)
let staged = false;   // are they what /event holds (the warm-up writes its own example there)?

function stage(files) {
  web.reset();
  py.FS.writeFile(`/event/${files.name.replace(/^\.\//, "")}`, files.data);
  if (files.bulletin) py.FS.writeFile(`/event/${files.bulletin.name}`, files.bulletin.data);
  if (files.config) py.FS.writeFile("/event/tbxl.toml", files.config);
}

function run(message) {
  const { id, adapter, args, files } = message;
  try {
    if (broken) throw new Error("the engine stopped after an earlier failure");
    if (files) { current = files; staged = false; }
    if (current && !staged) { stage(current); staged = true; }
    postMessage({ type: "start", id });  // the page's time limit counts from here
    const answer = JSON.parse(web[adapter](...args));
    postMessage({ type: "answer", id, answer });
  } catch (err) {
    // app.py answers every input error itself ({"error": line}); what arrives here is Pyodide's or
    // JavaScript's (a fatal error, out of memory): the page restarts the worker
    broken = true;
    postMessage({ type: "fatal", id, error: String(err && err.message || err).split("\n").filter(Boolean).pop() || "failed" });
  }
}

function pump() {
  if (running) return;
  running = true;
  setTimeout(() => {
    // one task per call, so that a call that arrived meanwhile goes before the next warm-up step
    running = false;
    if (queue.length) run(queue.shift());
    else if (warming.length) warming.shift()();
    if (queue.length || warming.length) pump();
  }, 0);
}

function warm() {
  // While the user chooses a file: import the rooms the first answer needs and run them once on the
  // bundled example (the standings, the printout, a derivation as the page shows it), so the
  // first file is answered at the speed of the second. Each step is a task of its own: a real
  // call goes first.
  const example = py.runPython("import importlib.resources as r; r.files('tbxl.examples').joinpath('held_swiss_5.trf').read_bytes()").toJs();
  const files = { name: "held_swiss_5.trf", data: example, bulletin: null, config: null };
  const stepOf = (fn) => () => {
    if (broken) return;
    staged = false;
    try { fn(); } catch (err) { console.warn("warm-up:", err); }
  };
  warming = [
    stepOf(() => { stage(files); web.json_document("held_swiss_5.trf", "{}"); }),
    stepOf(() => { stage(files); web.report_html("held_swiss_5.trf", "{}", ""); }),
    stepOf(() => { stage(files); web.derivation_html("held_swiss_5.trf", 1, "{}"); }),
    stepOf(() => { web.reset(); timings.warm = performance.now() - started; postMessage({ type: "warm", timings }); }),
  ];
  pump();
}

self.onmessage = (e) => {
  if (e.data && e.data.type === "call") {
    queue.push(e.data);
    if (web) pump();
  }
};

boot().then(() => {
  postMessage({ type: "ready", timings });
  warm();
}, (err) => {
  postMessage({ type: "boot-failed", error: String(err && err.message || err).split("\n").filter(Boolean).pop() });
});
