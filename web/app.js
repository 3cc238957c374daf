// tbxl in the browser: the page runs tbxl itself in Pyodide (no engine in JavaScript), in a Web
// Worker (worker.js) that engine.js starts and talks to; this file is the page: it reads the chosen
// files (tbxl's size limits first: engine.readFile), calls the adapters of app.py (one per output,
// `await call(adapter, ...args)`) and shows what they return, in the words of the chosen language.
//
// The contract the tests rely on (docs/reference/web.md; keep it stable): window.tbxl (engine.js),
//   #event-file, #standings (tr[data-start-number] > td[data-code]), #error (#error-what, #error-line)
import { Failure, call, optionsJson, readFile, ready, safeName, stage, timings } from "./engine.js";

const $ = (id) => document.getElementById(id);
let event = null;  // {name, data, file, bulletin: {name, data, file}|null, config: data|null, configFile, configName, doc, team}

// -- the page's words (the label files' "web" section, in the chosen language) --------------------

let words = null;  // {web: {key: text}, conventions: {name: title}, prize_sharing: {how: text}}
let wordsLang = null;

function w(key, values) {
  // a text of the page in its language, {name}s filled in
  const text = (words && words.web[key]) || key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? String(values[k]) : m));
}

async function loadWords(lang) {
  lang = lang || "en";
  if (wordsLang === lang) return;
  words = (await call("web_labels", lang)).ok;
  wordsLang = lang;
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-l]")) e.textContent = w(e.dataset.l);
  for (const e of document.querySelectorAll("[data-l-placeholder]")) e.placeholder = w(e.dataset.lPlaceholder);
  for (const e of document.querySelectorAll("[data-l-label]")) e.setAttribute("aria-label", w(e.dataset.lLabel));
  for (const o of $("rules").querySelectorAll("option[value]:not([value=''])"))
    o.textContent = `${words.conventions[o.value] || o.value} (${o.value})`;
  for (const span of document.querySelectorAll("#compare-rules [data-rule]"))
    span.textContent = words.conventions[span.dataset.rule] || span.dataset.rule;
}

// -- the page -----------------------------------------------------------------------------------

const phone = () => window.matchMedia("(max-width: 40rem)").matches;

function choices() {
  const categories = $("categories").value.split("\n").map((s) => s.trim()).filter(Boolean);
  const names = event ? { event: event.name, config: event.configName || "", bulletin: event.bulletin ? event.bulletin.name : "" } : {};
  return { rules: $("rules").value, tiebreaks: $("tiebreaks").value.trim(), lang: $("lang").value,
           categories, prizes: $("prizes").value.trim(), names };
}

function say(text) {
  $("status").textContent = text;
}

function showError(err) {
  // the plain sentence (which file, what to do) and the CLI's line (where, what) under it; brought
  // into view and focused, so that a screen reader reads it and a phone shows it
  const e = $("error");
  if (!err) {
    e.hidden = true;
    $("error-what").textContent = "";
    $("error-line").textContent = "";
    return;
  }
  const line = String(err.message || err).split("\n").filter(Boolean).pop() || "";
  $("error-what").textContent = err.plain || "";
  $("error-what").hidden = !err.plain;
  $("error-line").textContent = line;
  e.hidden = false;
  say(w("status_error"));
  e.scrollIntoView({ block: "center" });
  e.focus({ preventScroll: true });
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

function fillStandings(doc, names) {
  const team = doc.tournament.kind === "team";
  const codes = doc.tiebreaks;
  const primary = team ? doc.tournament.primary : "Pts";
  const decided = doc.standings.some((r) => r.decided_by);
  const table = $("standings");
  const head = document.createElement("tr");
  head.append(cell("th", w("col_rank"), { scope: "col" }), cell("th", w("col_sno"), { scope: "col" }),
              cell("th", team ? w("col_team") : w("col_name"), { scope: "col" }));
  for (const c of [primary, ...codes]) {
    const th = cell("th", "", { scope: "col" });
    th.append(names[c] ? Object.assign(document.createElement("abbr"), { title: names[c], textContent: c }) : c);
    head.append(th);
  }
  if (decided) head.append(cell("th", w("col_decided"), { scope: "col" }));
  const body = doc.standings.map((r) => {
    const tr = document.createElement("tr");
    const n = team ? r.team_number : r.start_number;
    tr.dataset.startNumber = n;
    const who = cell("td", "");
    // the name is a button: a tap, a click, Enter or Space shows the derivation
    who.append(Object.assign(document.createElement("button"), { type: "button", className: "who", textContent: r.name }));
    tr.append(cell("td", r.rank_label), cell("td", String(n)), who, cell("td", number(r.points), { "data-code": primary }));
    for (const c of codes) tr.append(cell("td", number(r.values[c]), { "data-code": c }));
    if (decided) tr.append(cell("td", r.decided_by || ""));
    return tr;
  });
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  tbody.append(...body);
  table.replaceChildren(thead, tbody);
  // the tie-breaks named in the chosen language, the code first
  $("tiebreak-names").replaceChildren(...[primary, ...codes].filter((c) => names[c]).map((c) => {
    const li = document.createElement("li");
    li.append(Object.assign(document.createElement("b"), { textContent: c }), ` ${names[c]}`);
    return li;
  }));
  fillPrizes(doc);
  const t = doc.tournament;
  const count = team ? w("teams_count", { n: t.teams }) : w("players_count", { n: t.players });
  $("event-title").textContent = t.name || event.name;
  $("event-line").textContent = w("event_line", { rounds: t.rounds, count, rules: (words && words.conventions[doc.rules]) || doc.rules });
}

function fillPrizes(doc) {
  // the categories' players and the prizes, as the JSON document has them (tbxl computed both)
  const name = Object.fromEntries(doc.standings.map((r) => [r.start_number, r.name]));
  const lines = [];
  for (const [category, numbers] of Object.entries(doc.categories || {}))
    lines.push(`${w("category_line", { name: category })}: ${numbers.map((n, i) => `${i + 1}. ${name[n]} (${n})`).join(", ") || w("no_player")}`);
  const prizes = doc.prizes;
  if (prizes) {
    const list = (title, awards) => awards && awards.length && lines.push(
      `${title}: ${awards.map((a) => `${a.place}. ${name[a.start_number]} (${a.start_number}) ${a.amount}`).join(", ")}`);
    list(w("prizes_line"), prizes.overall);
    for (const [category, awards] of Object.entries(prizes.categories || {})) list(`${w("prizes_line")} ${category}`, awards);
    const how = words && words.prize_sharing[prizes.sharing];
    if (how) lines.push(how);
  }
  $("prizes-list").textContent = lines.join("\n");
  $("prizes-list").hidden = !lines.length;
}

async function explain(number) {
  showError(null);
  try {
    stage(event);
    const answer = (await call("derivation_html", event.name, number, optionsJson(choices()))).ok;
    const box = $("explain");
    // the report's HTML (autoescaped by its templates): the names in it are text
    box.innerHTML = answer.html;
    box.dataset.number = number;
    box.hidden = false;
    $("explain-tools").hidden = false;
    for (const tr of $("standings").querySelectorAll("tr.chosen")) tr.classList.remove("chosen");
    $("standings").querySelector(`tr[data-start-number="${number}"]`)?.classList.add("chosen");
    say(w("status_derivation", { name: answer.name }));
    const section = box.querySelector("section") || box;
    $("explain-tools").scrollIntoView({ block: "start" });
    section.focus({ preventScroll: true });
  } catch (err) {
    showError(err);
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

function frame(id, html, quiet) {
  // a report's page in its frame; its contents links (href="#...") scroll inside the frame: in a
  // srcdoc frame they would load the page's own address (the whole app) into the frame
  const f = $(id);
  f.hidden = false;
  f.onload = () => {
    const doc = f.contentDocument;
    if (!doc) return;
    doc.addEventListener("click", (e) => {
      const a = e.target.closest && e.target.closest("a[href]");
      if (!a) return;
      const href = a.getAttribute("href");
      if (href.startsWith("#")) {
        e.preventDefault();
        const target = doc.getElementById(decodeURIComponent(href.slice(1)));
        if (target) {
          f.scrollIntoView({ block: "start" });
          target.scrollIntoView({ block: "start" });
        }
      } else {
        a.target = "_blank";
        a.rel = "noopener";
      }
    });
    f.dataset.ready = "1";
  };
  f.dataset.ready = "";
  f.srcdoc = html;
  if (quiet) return;  // made beside another answer: that one keeps the screen
  say(w("status_shown"));
  f.scrollIntoView({ block: "start" });
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

function clearViews() {
  // what the last event (or the last choices) showed: gone before a new answer
  $("standings").replaceChildren();
  $("tiebreak-names").replaceChildren();
  $("event-title").textContent = "";
  $("event-line").textContent = "";
  $("prizes-list").hidden = true;
  $("explain").hidden = true;
  $("explain").replaceChildren();
  $("explain-tools").hidden = true;
  $("compare-text").hidden = true;
  $("audit-tools").hidden = true;
  for (const id of ["ties-frame", "pages-frame", "ties-team-frame", "pages-team-frame", "compare-frame", "audit-frame"]) {
    $(id).removeAttribute("srcdoc");
    $(id).hidden = true;
  }
  $("audit").textContent = w("audit_none");
  $("audit").hidden = false;
  showWarnings([]);
}

let generation = 0;  // the last refresh asked for: an older one's answer, come later, is dropped

async function refresh() {
  if (!event) return;
  const mine = ++generation;
  const current = () => mine === generation;
  showError(null);
  $("printout").dataset.ready = "";
  say(w("computing"));
  await ready;
  await loadWords($("lang").value);
  if (!current()) return;
  clearViews();
  try {
    stage(event);
    const answer = await call("json_document", event.name, optionsJson(choices()));
    const team = answer.ok.tournament.kind === "team";
    const codes = team ? [answer.ok.tournament.primary, ...answer.ok.tiebreaks] : answer.ok.tiebreaks;
    const names = (await call("tiebreak_names", JSON.stringify(codes), $("lang").value || "en", team)).ok;
    if (!current()) return;
    event.doc = answer.ok;
    event.team = answer.ok.tournament.kind === "team";
    showWarnings(answer.warnings);
    fillStandings(event.doc, names);
    document.documentElement.classList.add("has-event");
    document.documentElement.classList.toggle("team-event", event.team);
    const t = event.doc.tournament;
    say(event.team ? w("status_teams", { teams: t.teams, rounds: t.rounds }) : w("status_players", { players: t.players, rounds: t.rounds }));
    if (phone()) $("choices").open = false;  // on a phone the choices fold away: the answer has the screen
    show("standings");
    $("view-standings").scrollIntoView({ block: "start" });
  } catch (err) {
    if (!current()) return;
    document.documentElement.classList.remove("has-event");
    showError(err);
    return;
  }
  timings.standings = performance.now();
  await later(async () => {
    // what follows the standings is about this event: a newer choice (another file, Apply) drops
    // it, and its call, stopped by the engine for that choice, says nothing
    const ev = event;
    if (!current()) return;
    try {
      // The printout is made now for an event of up to EAGER rows (page.pdf() and a Ctrl+P find it
      // there); a larger one's takes seconds, so it is made when printing (the button, beforeprint).
      if (ev.doc.standings.length <= EAGER) {
        const html = await report("");
        if (current()) setPrintout(html);
      }
      if (current() && ev.bulletin) {
        const html = (await call("audit_html", ev.name, ev.bulletin.name, optionsJson(choices()))).ok;
        if (!current()) return;
        frame("audit-frame", html, true);
        $("audit").hidden = true;
        $("audit-tools").hidden = false;
      }
    } catch (err) {
      if (current()) showError(err);
    }
  });
}

async function read(input, role) {
  const file = input.files && input.files[0];
  return file ? take(file, role) : null;
}

async function take(file, role) {
  // the file's bytes, tbxl's size limits first (engine.readFile: refused by its size, not read);
  // a refusal says in plain words which file is too large, a file the browser reads no more that
  // it changed
  try {
    return { ...(await readFile(file, role)), file };
  } catch (err) {
    const name = file.name;
    if (!(err instanceof Failure)) throw new Failure(String(err.message || err), w("err_changed", { file: name }));
    throw new Failure(err.message, w("err_too_large", { file: name }));
  }
}

async function chooseEvent(file) {
  // a new event (or the same file again: always read afresh). The bulletin and the tbxl.toml that
  // went with the last event are dropped (the tbxl.toml kept if asked); ones chosen since stay.
  if (!file) return;
  timings.chosen = performance.now();
  ++generation;  // an answer about the last choice, come while this file is read, is not drawn
  if (event && event.file !== file) {
    if (event.bulletin && $("bulletin-file").files[0] === event.bulletin.file) $("bulletin-file").value = "";
    if (event.configFile && $("config-file").files[0] === event.configFile && !$("keep-config").checked) $("config-file").value = "";
  }
  let bulletin, config, main;
  try {
    bulletin = await read($("bulletin-file"), "bulletin");
    config = await read($("config-file"), "config");
    main = await take(file, "event");
  } catch (err) {
    // nothing of the last event stays shown beside a refusal; the file is remembered (no doc: no
    // view, no download), so that another bulletin, tbxl.toml or Apply reads it again
    event = { name: safeName(file.name), file, bulletin: null, config: null };
    clearViews();
    $("choices-file").textContent = "";
    document.documentElement.classList.remove("has-event");
    return showError(err);
  }
  event = { name: main.name, data: main.data, file, bulletin,
            config: config && config.data, configFile: config && config.file, configName: config && config.name };
  if (bulletin && bulletin.name === event.name) bulletin.name = `bulletin-${bulletin.name}`;
  $("choices-file").textContent = `: ${event.name.replace(/^\.\//, "")}`;
  // the input forgets the file, so that choosing the same name again (corrected) is a new choice
  $("event-file").value = "";
  $("read-again").disabled = false;
  await refresh();
}

async function readAgain() {
  // the same file read again from the device (after it was corrected and saved); a browser that
  // reads a changed file no more (Chromium) gets the file chooser, to choose it again
  if (!event || !event.file) return showError(new Failure("", w("first")));
  let data;
  try {
    data = await event.file.arrayBuffer();
  } catch {
    $("event-file").click();
    return;
  }
  await chooseEvent(new File([data], event.file.name, { lastModified: Date.now() }));
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

const utf8 = (text) => {
  // a text's UTF-8 bytes as base64 (what download() takes), in slices: no argument list too long
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
const stem = () => event.name.replace(/^\.\//, "").replace(/\.[^.]*$/, "");
const DOWNLOADS = {
  csv: async () => download(`${stem()}.csv`, (await call("csv_text", event.name, optionsJson(choices()))).ok, "text/csv"),
  json: async () => download(`${stem()}.json`, (await call("json_text", event.name, optionsJson(choices()))).ok, "application/json"),
  trf: async () => download(`${stem()}-rating.trf`, (await call("trf_text", event.name, optionsJson(choices()))).ok, "text/plain"),
  xlsx: async () => download(`${stem()}.xlsx`, (await call("workbook_bytes", event.name, optionsJson(choices()))).ok,
                             "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
  "lite-main": async () => download("main.py", (await call("lite_files")).ok["main.py"], "text/x-python"),
  "lite-requirements": async () => download("requirements.txt", (await call("lite_files")).ok["requirements.txt"], "text/plain"),
  compare: async () => download(`${stem()}-compare.txt`, utf8((await call("compare_text", event.name, compareSets(), optionsJson(choices()))).ok), "text/plain"),
  audit: async () => download(`${stem()}-audit.txt`,
                              utf8((await call("audit_text", event.name, event.bulletin.name, optionsJson(choices()))).ok), "text/plain"),
  explain: async () => {
    const n = Number($("explain").dataset.number);
    const text = (await call("explain_text", event.name, n, event.team, optionsJson(choices()))).ok;
    download(`${stem()}-${event.team ? "team" : "player"}-${n}.txt`, utf8(text), "text/plain");
  },
};

function wire() {
  $("event-file").addEventListener("change", (e) => chooseEvent(e.target.files[0]));
  $("read-again").addEventListener("click", readAgain);
  for (const id of ["bulletin-file", "config-file"])
    $(id).addEventListener("change", () => event && chooseEvent(event.file));
  $("options").addEventListener("submit", (e) => { e.preventDefault(); event && event.file ? chooseEvent(event.file) : refresh(); });
  $("lang").addEventListener("change", () => loadWords($("lang").value));
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
    if (main) chooseEvent(main);
  });
  $("standings").addEventListener("click", (e) => {
    const tr = e.target.closest("tr[data-start-number]");
    if (tr) explain(Number(tr.dataset.startNumber));
  });
  for (const b of document.querySelectorAll("#tabs button[data-view]")) {
    b.addEventListener("click", () => show(b.dataset.view));
  }
  $("show-ties").addEventListener("click", () => guard(async () => frame("ties-frame", await report("ties"))));
  for (const b of document.querySelectorAll("[data-team-report]"))
    b.addEventListener("click", () => guard(async () => frame(b.dataset.teamReport, await report(""))));
  $("show-compare").addEventListener("click", () => guard(async () => {
    const sets = compareSets();
    frame("compare-frame", (await call("compare_html", event.name, sets, optionsJson(choices()))).ok);
    $("compare-text").hidden = false;
  }));
  $("show-pages").addEventListener("click", () => guard(async () => frame("pages-frame", await report(pageList()))));
  $("print-pages").addEventListener("click", () => guard(async () => { setPrintout(await report(pageList())); window.print(); }));
  window.addEventListener("beforeprint", () => {
    if (event && event.doc && !$("printout").dataset.ready) guard(async () => setPrintout(await report("")));
  });
  $("print").addEventListener("click", () => guard(async () => { setPrintout(await report("")); window.print(); }));
  for (const b of document.querySelectorAll("[data-download]")) b.addEventListener("click", () => guard(DOWNLOADS[b.dataset.download]));
}

function compareSets() {
  return [...document.querySelectorAll("#compare-rules input:checked")].map((c) => c.value).join(",");
}

function pageList() {
  return [...document.querySelectorAll("#page-list input:checked")].map((c) => c.value).join(",") || "standings";
}

async function guard(fn) {
  if (!event || !event.doc) return showError(new Failure("", w("first")));
  showError(null);
  try {
    stage(event);
    await fn();
  } catch (err) {
    showError(err);
  }
}

function show(view) {
  for (const b of document.querySelectorAll("#tabs button[data-view]")) b.setAttribute("aria-pressed", String(b.dataset.view === view));
  for (const s of document.querySelectorAll("section.view")) s.hidden = s.id !== `view-${view}`;
}

wire();
show("standings");
ready.then(async () => {
  const rules = (await call("rule_sets")).ok;
  for (const [name, title] of rules) {
    $("rules").append(Object.assign(document.createElement("option"), { value: name, textContent: `${title} (${name})` }));
    const label = document.createElement("label");
    const box = Object.assign(document.createElement("input"), { type: "checkbox", value: name, checked: name.startsWith("fide-") });
    const span = Object.assign(document.createElement("span"), { textContent: title });
    span.dataset.rule = name;
    label.append(box, " ", span, " ", Object.assign(document.createElement("code"), { textContent: name }));
    $("compare-rules").append(label);
  }
  await loadWords($("lang").value);
  say(w("ready"));
  document.documentElement.dataset.ready = "1";
  if ($("event-file").files[0]) chooseEvent($("event-file").files[0]);
}, (err) => {
  say("Python could not be loaded");
  showError(err);
});

