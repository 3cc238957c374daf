// The page's side of the engine: tbxl runs in Pyodide in a Web Worker (worker.js), and this module
// starts it, says how far its loading is, sends it the event's files and the adapters' calls, and
// keeps the page usable whatever a file does: a call that runs longer than the time limit is
// stopped (the worker terminated and a new one started), a worker that fails (out of memory, an
// exception in JavaScript) is restarted, and a file over tbxl's size limits is refused here, by its
// File object's size, before a byte of it is read.
//
// The contract (docs/reference/web.md; keep it stable):
//   window.tbxl.ready                          a Promise, resolved when Pyodide and tbxl are loaded
//   window.tbxl.compute(data, filename, opts)  the JSON document of `tbxl compute FILE --format json`
//                                              (opts: rules, tiebreaks, lang); rejects with an Error
//                                              whose message is the CLI's one-line message
//   window.tbxl.call(adapter, ...args)         one adapter of app.py: a Promise of {ok, warnings}
//                                              (rejects with a Failure: the CLI's line as its message,
//                                              the adapter's plain words for the user as .plain)

const $ = (id) => document.getElementById(id);

/** An adapter's error (or the page's: a file refused by its size, a call stopped): the CLI's
 *  one-line message as `message`, and what it means for the user's files as `plain` (app.py's
 *  {"error": line, "plain": sentence}; empty when the page said it). */
export class Failure extends Error {
  constructor(line, plain) {
    super(line);
    this.plain = plain || "";
  }
}

/** Milliseconds since the page's start at each step of the loading (benchmarks). */
export const timings = {};
/** The build's facts (build.json): the wheels, tbxl.limits' byte limits, the bytes the start fetches. */
let build = null;
/** How long one call may run in the worker before it is stopped (ms), and after how long a call about
 *  another event is stopped when a new one is chosen; tests may change them. */
export const settings = { timeLimit: 30_000, interrupt: 2_000 };

let worker = null;
let engine = null;   // a Promise: the current worker is ready
let seq = 0;
const pending = new Map(); // id -> {resolve, reject, timer, name, files, since}
let running = null;  // the pending call the worker is running (since its "start")
let files = null;    // the files the next calls are about ({name, data, bulletin, config})
let sent = null;     // the files the current worker holds
let warmed = null;
let warmedResolve = null;

// -- loading ------------------------------------------------------------------------------------

function status(text) {
  const s = $("status");
  if (s && !document.documentElement.dataset.ready) s.textContent = text;
}

const MB = (n) => (n / 2 ** 20).toFixed(1);

async function controlled() {
  // The service worker keeps what the page fetches (sw.js): on a first visit, wait (a moment) until
  // it controls the page, so that the runtime's 14 MB go through it once and are kept, not fetched
  // a second time for the cache.
  if (!("serviceWorker" in navigator)) return;
  const registered = navigator.serviceWorker.register("./sw.js").catch((err) => console.warn("no offline copy:", err));
  if (navigator.serviceWorker.controller) return;
  await Promise.race([
    registered.then(() => new Promise((resolve) => {
      if (navigator.serviceWorker.controller) resolve();
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
    })),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
}

function start() {
  // a new worker; `engine` resolves when its Pyodide and tbxl are loaded
  sent = null;
  warmed = new Promise((resolve) => { warmedResolve = resolve; });
  worker = new Worker("./worker.js", { type: "module" });
  const w = worker;
  engine = new Promise((resolve, reject) => {
    w.onmessage = (e) => {
      const m = e.data;
      if (w !== worker) return;
      if (m.type === "progress") {
        status(m.total ? `${m.text}… ${MB(Math.min(m.loaded, m.total))} of ${MB(m.total)} MB` : `${m.text}…`);
      } else if (m.type === "ready") {
        Object.assign(timings, { pyodide: m.timings.pyodide + timings.worker, wheels: m.timings.wheels + timings.worker,
                                 ready: m.timings.ready + timings.worker });
        resolve(true);
      } else if (m.type === "warm") {
        timings.warm = m.timings.warm + timings.worker;
        warmedResolve(true);
      } else if (m.type === "boot-failed") {
        reject(new Error(m.error));
      } else if (m.type === "start") {
        const p = pending.get(m.id);
        if (!p) return;
        p.since = performance.now();
        running = p;
        p.timer = setTimeout(() => stop(`${p.name}took longer than ${settings.timeLimit / 1000} s and was stopped`), settings.timeLimit);
      } else if (m.type === "answer") {
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        clearTimeout(p.timer);
        if (running === p) running = null;
        if ("error" in m.answer) p.reject(new Failure(m.answer.error, m.answer.plain));
        else p.resolve(m.answer);
      } else if (m.type === "fatal") {
        stop(`${pending.get(m.id)?.name || ""}the engine failed (${m.error})`);
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      const what = String(e.message || "an error in JavaScript").replace(/^Uncaught /, "");
      if (pending.size) stop(`${[...pending.values()][0].name}the engine failed (${what})`);
      else reject(new Error(`tbxl: error: the engine could not start (${what})`));
    };
  });
  timings.worker = performance.now();
  return engine;
}

function stop(why) {
  // The worker is stopped (whatever it is doing) and every call waiting on it rejected with one
  // line; a new worker starts at once, so the page is ready for the next file.
  worker.terminate();
  const line = `tbxl: error: ${why}; the page is ready for another file`;
  for (const p of pending.values()) { clearTimeout(p.timer); p.reject(new Failure(line)); }
  pending.clear();
  running = null;
  restarts += 1;
  start().catch(() => {});
}
let restarts = 0;

async function boot() {
  timings.start = performance.now();
  status("Loading Python…");
  const [facts] = await Promise.all([fetch("./build.json").then((r) => r.json()), controlled()]);
  build = facts;
  await start();
  if ("serviceWorker" in navigator) {
    // once warm, the service worker keeps whatever it has not seen the page fetch (offline use)
    warmed.then(() => navigator.serviceWorker.ready).then((r) => r.active && r.active.postMessage("fill"));
  }
  return true;
}

export const ready = boot();

// -- the files and the calls --------------------------------------------------------------------

/** A file name as the CLI would be given it: no folder, not an option. */
export function safeName(name) {
  let n = String(name || "").split(/[\\/]/).pop();
  if (!n || n === "." || n === "..") n = "event.trf";
  return n.startsWith("-") ? `./${n}` : n;
}

/** The files the next calls are about: {name, data, bulletin: {name, data}|null, config: data|null}. */
export function stage(event) {
  // A new event while a long call about another one runs (its answer would not be shown): that call
  // is stopped and the engine restarted, rather than the new file waiting up to the time limit.
  if (event !== files && running && running.files !== event && performance.now() - running.since > settings.interrupt)
    stop(`${running.name}stopped: another file was chosen`);
  files = event;
}

/** One adapter of app.py, run in the worker: a Promise of its answer ({ok, warnings}), or a
 *  rejection with a Failure whose message is the CLI's line (or the page's: stopped, restarted)
 *  and whose `plain` is the adapter's plain words. */
export async function call(adapter, ...args) {
  await ready;
  await engine;
  const id = ++seq;
  const about = files;
  const message = { type: "call", id, adapter, args, files: about && about !== sent ? about : null };
  sent = about || sent;
  const name = about ? `${about.name.replace(/^\.\//, "")}: ` : "";
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, timer: null, name, files: about, since: 0 });
    worker.postMessage(message);
  });
}

/** The options the adapters take, as JSON text; `names` are the user's own names of the event,
 *  its tbxl.toml and its bulletin (app.py's plain words name them). */
export function optionsJson(options) {
  const o = options || {};
  const keep = {};
  for (const k of ["rules", "tiebreaks", "lang", "categories", "prizes", "names"])
    if (o[k] && (o[k].length || typeof o[k] === "object")) keep[k] = o[k];
  return JSON.stringify(keep);
}

/** `tbxl compute FILE --format json` of the bytes: the JSON document (the contract). */
export async function compute(data, filename, options) {
  const event = { name: safeName(filename), data: new Uint8Array(data), bulletin: null, config: null };
  stage(event);
  return (await call("json_document", event.name, optionsJson(options))).ok;
}

// -- tbxl's limits, before a byte is read -------------------------------------------------------

function sizeText(n) {
  // tbxl.limits.size_text: "16 MB", "512 bytes", "16.2 MB"
  return n < 2 ** 20 ? `${n} bytes` : `${(n / 2 ** 20).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** The bytes of `file` (a File) as tbxl's readers would take it: refused by its size first, with
 *  the CLI's line (tbxl.limits' byte limits, from the build), so a file of gigabytes is never read
 *  into the page. `role` is "event", "bulletin" or "config". */
export async function readFile(file, role) {
  await ready;
  const name = safeName(file.name);
  const shown = name.replace(/^\.\//, "");
  const limits = build.limits;
  let refusal = null;
  if (role === "config") {
    if (file.size > limits.MAX_CONFIG_BYTES)
      refusal = `${shown}: larger than ${sizeText(limits.MAX_CONFIG_BYTES)}: an event's configuration is a few lines`;
  } else if (/\.(xlsx|xlsm)$/i.test(name)) {
    if (file.size > limits.MAX_WORKBOOK_BYTES)
      refusal = `${shown}: the workbook is ${sizeText(file.size)}; tbxl reads workbooks of at most ${sizeText(limits.MAX_WORKBOOK_BYTES)}`;
  } else if (file.size > limits.MAX_TEXT_BYTES) {
    refusal = `${shown}: the file is ${sizeText(file.size)}; tbxl reads files of at most ${sizeText(limits.MAX_TEXT_BYTES)}`;
  }
  if (refusal) throw new Failure(`tbxl: error: ${refusal}`);
  return { name, data: new Uint8Array(await file.arrayBuffer()) };
}

window.tbxl = {
  ready, compute, call, timings, settings,
  get warmed() { return warmed; },
  get restarts() { return restarts; },
  get busy() { return pending.size; },
};
