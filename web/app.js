// tbxl in the browser: the page runs tbxl itself in Pyodide (no engine in JavaScript), in a Web
// Worker (worker.js) that engine.js starts and talks to; this file is the page: it reads the chosen
// files (tbxl's size limits first: engine.readFile), calls the adapters of app.py (one per output,
// `await call(adapter, ...args)`) and shows what they return.
//
// The contract the tests rely on (docs/reference/web.md; keep it stable): window.tbxl (engine.js),
//   #event-file, #standings (tr[data-start-number] > td[data-code]), #error
import { call, optionsJson, readFile, ready, safeName, stage, timings } from "./engine.js";

const $ = (id) => document.getElementById(id);
let event = null;  // {name, data, bulletin: {name, data}|null, config: data|null, doc, team}

// -- the page -----------------------------------------------------------------------------------

function choices() {
  const categories = $("categories").value.split("\n").map((s) => s.trim()).filter(Boolean);
  return { rules: $("rules").value, tiebreaks: $("tiebreaks").value.trim(), lang: $("lang").value,
           categories, prizes: $("prizes").value.trim() };
}

function showError(message) {
  const e = $("error");
  e.textContent = message ? String(message).split("\n").filter(Boolean).pop() : "";
  e.hidden = !message;
}

function showWarnings(lines) {
  const ul = $("warnings");
  ul.replaceChildren(...(lines || []).map((l) => Object.assign(document.createElement("li"), { textContent: l })));
}

function cell(tag, text, attrs) {
  const c = document.createElement(tag);
  c.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) c.setAttribute(k, v);
  return c;
}

function number(v) {
  // a value as the CLI's table prints it: the JSON's number (exact, or 2 places), "-" for none
  return v === null || v === undefined ? "-" : String(v);
}

function fillStandings(doc) {
  const team = doc.tournament.kind === "team";
  const codes = doc.tiebreaks;
  const primary = team ? doc.tournament.primary : "Pts";
  const decided = doc.standings.some((r) => r.decided_by);
  const table = $("standings");
  const head = document.createElement("tr");
  for (const h of ["Rank", team ? "TNo" : "SNo", team ? "Team" : "Name", primary, ...codes, ...(decided ? ["Decided"] : [])])
    head.append(cell("th", h));
  const body = doc.standings.map((r) => {
    const tr = document.createElement("tr");
    const n = team ? r.team_number : r.start_number;
    tr.dataset.startNumber = n;
    tr.append(cell("td", r.rank_label), cell("td", String(n)), cell("td", r.name), cell("td", number(r.points), { "data-code": primary }));
    for (const c of codes) tr.append(cell("td", number(r.values[c]), { "data-code": c }));
    if (decided) tr.append(cell("td", r.decided_by || ""));
    tr.tabIndex = 0;
    return tr;
  });
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  tbody.append(...body);
  table.replaceChildren(thead, tbody);
  fillPrizes(doc);
  const t = doc.tournament;
  $("event-title").textContent = `${t.name || event.name} · ${t.rounds} rounds · ${team ? `${t.teams} teams` : `${t.players} players`} · rules ${doc.rules}`;
}

function fillPrizes(doc) {
  // the categories' players and the prizes, as the JSON document has them (tbxl computed both)
  const name = Object.fromEntries(doc.standings.map((r) => [r.start_number, r.name]));
  const lines = [];
  for (const [category, numbers] of Object.entries(doc.categories || {}))
    lines.push(`Category ${category}: ${numbers.map((n, i) => `${i + 1}. ${name[n]} (${n})`).join(", ") || "no player"}`);
  const prizes = doc.prizes;
  if (prizes) {
    const list = (title, awards) => awards && awards.length && lines.push(
      `${title}: ${awards.map((a) => `${a.place}. ${name[a.start_number]} (${a.start_number}) ${a.amount}`).join(", ")}`);
    list(`Prizes (${prizes.sharing}, ${prizes.policy})`, prizes.overall);
    for (const [category, awards] of Object.entries(prizes.categories || {})) list(`Prizes ${category}`, awards);
  }
  $("prizes-list").textContent = lines.join("\n");
  $("prizes-list").hidden = !lines.length;
}

async function explain(number) {
  try {
    stage(event);
    const text = (await call("explain_text", event.name, number, event.team, optionsJson(choices()))).ok;
    $("explain").textContent = text;
    for (const tr of $("standings").querySelectorAll("tr.chosen")) tr.classList.remove("chosen");
    $("standings").querySelector(`tr[data-start-number="${number}"]`)?.classList.add("chosen");
    $("explain").hidden = false;
  } catch (err) {
    showError(err.message);
  }
}

function setPrintout(html) {
  // The report's HTML becomes what the browser prints: its styles apply to print only (the page's
  // own are screen-only), its body goes into #printout (hidden on the screen).
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const s of document.querySelectorAll("style[data-report]")) s.remove();
  for (const s of doc.querySelectorAll("style")) {
    const style = document.createElement("style");
    style.dataset.report = "";
    style.media = "print";
    style.textContent = s.textContent;
    document.head.append(style);
  }
  for (const a of [...document.body.attributes]) if (a.name !== "id") document.body.removeAttribute(a.name);
  for (const a of doc.body.attributes) document.body.setAttribute(a.name, a.value);
  const printout = $("printout");
  printout.replaceChildren(...[...doc.body.childNodes].map((n) => document.importNode(n, true)));
  printout.dataset.ready = "1";
}

function frame(id, html) {
  $(id).srcdoc = html;
}

async function report(pages) {
  stage(event);
  return (await call("report_html", event.name, optionsJson(choices()), pages || "")).ok;
}

const EAGER = 500;

function later(fn) {
  // after the browser has painted what is already there
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(fn()), 0)));
}

let turns = 0;  // each refresh's number: only the latest one draws (a new file or Apply meanwhile)

async function refresh() {
  if (!event) return;
  const ev = event;
  const turn = ++turns;
  const current = () => turn === turns;
  showError("");
  $("printout").dataset.ready = "";
  $("status").textContent = "Computing…";
  try {
    stage(ev);
    const answer = await call("json_document", ev.name, optionsJson(choices()));
    if (!current()) return;  // another file or Apply meanwhile: its answer is the one shown
    ev.doc = answer.ok;
    ev.team = answer.ok.tournament.kind === "team";
    showWarnings(answer.warnings);
    fillStandings(ev.doc);
    $("explain").hidden = true;
    document.documentElement.classList.add("has-event");
    $("status").textContent = "Ready";
  } catch (err) {
    if (!current()) return;
    $("standings").replaceChildren();
    document.documentElement.classList.remove("has-event");
    $("status").textContent = "Ready";
    showError(err.message);
    return;
  }
  timings.standings = performance.now();
  await later(async () => {
    try {
      // The printout is made now for an event of up to EAGER rows (page.pdf() and a Ctrl+P find it
      // there); a larger one's takes seconds, so it is made when printing (the button, beforeprint).
      if (current() && ev.doc.standings.length <= EAGER) {
        stage(ev);
        const html = (await call("report_html", ev.name, optionsJson(choices()), "")).ok;
        if (current()) setPrintout(html);
      }
      if (current() && ev.bulletin) {
        stage(ev);
        const text = (await call("audit_text", ev.name, ev.bulletin.name, optionsJson(choices()))).ok;
        if (current()) $("audit").textContent = text;
      } else if (current()) {
        $("audit").textContent = "Choose a bulletin (the published standings: CSV, TXT or .xlsx) to audit it against the rules.";
      }
    } catch (err) {
      if (current()) showError(err.message);
    }
  });
}

async function read(input, role) {
  const file = input.files && input.files[0];
  return file ? readFile(file, role) : null;
}

async function chooseEvent(file) {
  if (!file) return;
  timings.chosen = performance.now();
  let chosen;
  try {
    // tbxl's size limits first (engine.readFile): a file of gigabytes is refused by its size
    const bulletin = await read($("bulletin-file"), "bulletin");
    const config = await read($("config-file"), "config");
    chosen = { ...(await readFile(file, "event")), bulletin, config: config && config.data };
    if (bulletin && bulletin.name === chosen.name) bulletin.name = `bulletin-${bulletin.name}`;
  } catch (err) {
    event = null;
    $("standings").replaceChildren();
    document.documentElement.classList.remove("has-event");
    showError(err.message);
    return;
  }
  event = chosen;
  await refresh();
}

function download(name, base64, type) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([bytes], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

const stem = () => event.name.replace(/^\.\//, "").replace(/\.[^.]*$/, "");
const ok = async (adapter, ...args) => (await call(adapter, ...args)).ok;
const DOWNLOADS = {
  csv: async () => download(`${stem()}.csv`, await ok("csv_text", event.name, optionsJson(choices())), "text/csv"),
  json: async () => download(`${stem()}.json`, await ok("json_text", event.name, optionsJson(choices())), "application/json"),
  trf: async () => download(`${stem()}-rating.trf`, await ok("trf_text", event.name, optionsJson(choices())), "text/plain"),
  xlsx: async () => download(`${stem()}.xlsx`, await ok("workbook_bytes", event.name, optionsJson(choices())),
                             "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
  "lite-main": async () => download("main.py", (await ok("lite_files"))["main.py"], "text/x-python"),
  "lite-requirements": async () => download("requirements.txt", (await ok("lite_files"))["requirements.txt"], "text/plain"),
};

function wire() {
  $("event-file").addEventListener("change", (e) => chooseEvent(e.target.files[0]));
  for (const id of ["bulletin-file", "config-file"])
    $(id).addEventListener("change", () => $("event-file").files[0] && chooseEvent($("event-file").files[0]));
  $("options").addEventListener("submit", (e) => { e.preventDefault(); refresh(); });
  const drop = $("drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    // several files dropped at once: the TRF or workbook, a bulletin (.csv), a tbxl.toml; each goes
    // into its box, as if chosen there
    const files = [...e.dataTransfer.files];
    const toml = files.find((f) => /\.toml$/i.test(f.name));
    const bulletin = files.length > 1 ? files.find((f) => /\.csv$/i.test(f.name)) : undefined;
    const main = files.find((f) => f !== bulletin && f !== toml);
    const put = (id, file) => { const dt = new DataTransfer(); if (file) dt.items.add(file); $(id).files = dt.files; };
    if (toml) put("config-file", toml);
    if (bulletin) put("bulletin-file", bulletin);
    if (main) {
      put("event-file", main);
      chooseEvent(main);
    }
  });
  $("standings").addEventListener("click", (e) => {
    const tr = e.target.closest("tr[data-start-number]");
    if (tr) explain(Number(tr.dataset.startNumber));
  });
  $("standings").addEventListener("keydown", (e) => {
    const tr = e.target.closest("tr[data-start-number]");
    if (tr && e.key === "Enter") explain(Number(tr.dataset.startNumber));
  });
  for (const b of document.querySelectorAll("#tabs button[data-view]")) {
    b.addEventListener("click", () => show(b.dataset.view));
  }
  $("show-ties").addEventListener("click", () => guard(async () => frame("ties-frame", await report("ties"))));
  $("show-compare").addEventListener("click", () => guard(async () => {
    const sets = [...document.querySelectorAll("#compare-rules input:checked")].map((c) => c.value).join(",");
    $("compare").textContent = await ok("compare_text", event.name, sets, optionsJson(choices()));
  }));
  $("show-pages").addEventListener("click", () => guard(async () => {
    const html = await report(pageList());
    frame("pages-frame", html);
  }));
  $("print-pages").addEventListener("click", () => guard(async () => { setPrintout(await report(pageList())); window.print(); }));
  window.addEventListener("beforeprint", () => {
    // the printout of a large event is made when printing: the browser's print dialog (Ctrl+P)
    // does not wait for it, the Print button does
    if (event && event.doc && !$("printout").dataset.ready) guard(async () => setPrintout(await report("")));
  });
  $("print").addEventListener("click", () => guard(async () => { setPrintout(await report("")); window.print(); }));
  for (const b of document.querySelectorAll("[data-download]")) b.addEventListener("click", () => guard(DOWNLOADS[b.dataset.download]));
}

function pageList() {
  return [...document.querySelectorAll("#page-list input:checked")].map((c) => c.value).join(",") || "standings";
}

async function guard(fn) {
  if (!event) return showError("Choose a TRF or a workbook first.");
  showError("");
  try {
    stage(event);
    await fn();
  } catch (err) {
    showError(err.message);
  }
}

function show(view) {
  for (const b of document.querySelectorAll("#tabs button[data-view]")) b.classList.toggle("on", b.dataset.view === view);
  for (const s of document.querySelectorAll("section.view")) s.hidden = s.id !== `view-${view}`;
}

wire();
show("standings");
ready.then(() => call("rule_sets")).then((answer) => {
  const rules = answer.ok;
  for (const [name, title] of rules) {
    $("rules").append(Object.assign(document.createElement("option"), { value: name, textContent: `${name}: ${title}` }));
    const label = document.createElement("label");
    const box = Object.assign(document.createElement("input"), { type: "checkbox", value: name, checked: name.startsWith("fide-") });
    label.append(box, ` ${name}`);
    $("compare-rules").append(label);
  }
  $("status").textContent = "Ready";
  document.documentElement.dataset.ready = "1";
  if ($("event-file").files[0]) chooseEvent($("event-file").files[0]);
}, (err) => {
  $("status").textContent = "Python could not be loaded";
  showError(String(err && err.message || err).split("\n").filter(Boolean).pop());
});
