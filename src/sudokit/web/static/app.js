// sudokit's page: a grid you type into, and buttons that ask the library (through /api/) for answers and pictures.
// No framework: S holds the state, paint() draws the board from it, every action is a short async function.
"use strict";

const ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SIZES = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25];
const EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const VARIANT_NAMES = {"x": "X (diagonals)", "windoku": "Windoku", "anti-knight": "Anti-knight",
                       "anti-king": "Anti-king", "non-consecutive": "Non-consecutive"};
const $ = (id) => document.getElementById(id);

const S = {
  mode: "sudoku", info: null,
  n: 9, box: [3, 3], regions: null, units: [], symbols: "123456789",
  givens: [], values: [], marks: [], elims: [], candidates: null, variants: [], cages: [], weights: null, ownWeights: null,
  solved: new Set(), wrong: new Set(), hinted: new Set(),
  sel: 0, pencil: false, edit: false, history: [], future: [],
  hint: null, steps: null, stepAt: 0, target: null,
  bin: {n: 9, box: [3, 3], values: new Array(81).fill(0), flips: null},
};

// ---- talking to the server ----

async function api(path, body) {
  const response = await fetch("/api/" + path, {method: "POST", headers: {"Content-Type": "application/json"},
                                                body: JSON.stringify(body)});
  let data = null;
  try { data = await response.json(); } catch (e) { data = {error: `HTTP ${response.status}`}; }
  if (!response.ok) {
    const err = new Error(data.error || `HTTP ${response.status}`);
    err.status = response.status; err.kind = data.status;
    throw err;
  }
  return data;
}

let pending = 0;
async function task(label, fn) {
  pending++;
  document.body.classList.add("busy");
  say(label + "\u2026", "busy");
  try {
    await fn();
  } catch (err) {
    say(err.message, "error");
  } finally {
    if (--pending === 0) document.body.classList.remove("busy");
  }
}

function say(text, kind) {
  const el = $("status");
  el.textContent = text;
  el.className = kind || "";
}

function show(html) { $("result").innerHTML = html; }
function picture(svg) { $("picture").innerHTML = svg || ""; }
function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
}

function puzzleBody(extra) {
  const body = {puzzle: S.givens.slice(), symbols: S.symbols, variants: S.variants.slice()};
  if (S.regions) body.regions = S.regions.slice(); else body.box = S.box.slice();
  if (S.cages.length) body.cages = S.cages;
  if (S.candidates) body.candidates = S.candidates;
  return Object.assign(body, extra || {});
}

// ---- geometry on the page ----

function boxesFor(n) {
  const out = [];
  for (let r = 1; r <= n; r++) if (n % r === 0 && r > 1 && n / r > 1) out.push([r, n / r]);
  return out.length ? out : [[1, n]];
}

function defaultBox(n) {
  let r = 1;
  for (let d = 1; d * d <= n; d++) if (n % d === 0) r = d;
  return [r, n / r];
}

function boxLabels(n, box) {
  const [br, bc] = box, out = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    out.push(Math.floor(r / br) * Math.floor(n / bc) + Math.floor(c / bc));
  }
  return out;
}

function windowCells(n, box) {
  const cells = new Set();
  if (!box) return cells;
  const starts = (size) => { const s = []; for (let k = 1; k + size <= n; k += size + 1) s.push(k); return s; };
  for (const r0 of starts(box[0])) for (const c0 of starts(box[1]))
    for (let r = r0; r < r0 + box[0]; r++) for (let c = c0; c < c0 + box[1]; c++) cells.add(r * n + c);
  return cells;
}

function ringWeights(n) {
  const w = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    w.push(n - 3 + Math.min(r, c, n - 1 - r, n - 1 - c));
  }
  return w;
}

function name(i, n) { return `r${Math.floor(i / n) + 1}c${(i % n) + 1}`; }
function symbol(d) { return d ? S.symbols[d - 1] : ""; }

function peersOf(i) {
  const n = S.n, r = Math.floor(i / n), c = i % n, out = [];
  for (let j = 0; j < n * n; j++) {
    if (j !== i && (Math.floor(j / n) === r || j % n === c || S.units[j] === S.units[i])) out.push(j);
  }
  return out;
}

// ---- the state: a new grid, a loaded puzzle, undo ----

function resetExtras() {
  S.solved = new Set(); S.wrong = new Set(); S.hinted = new Set();
  S.hint = null; S.steps = null; S.target = null;
  $("apply-hint").disabled = true; $("target-fill").disabled = true;
  $("steps-panel").hidden = true; $("share-url").hidden = true;
  show(""); picture("");
}

function newGrid(n, box) {
  Object.assign(S, {n, box, regions: null, units: boxLabels(n, box), symbols: ALPHABET.slice(0, n),
                    givens: new Array(n * n).fill(0), values: new Array(n * n).fill(0), marks: new Array(n * n).fill(0),
                    elims: [], candidates: null, cages: [], weights: null, ownWeights: null, sel: 0, history: [], future: []});
  resetExtras();
  setEdit(true);
  syncControls();
  buildBoard();
  say(`An empty ${n}x${n} grid: type the givens, then untick "Enter givens" to play.`);
}

function loadDescribed(d, keepValues) {
  const n = d.n;
  const values = keepValues && S.n === n ? S.values.map((v, i) => d.grid[i] || (S.givens[i] ? 0 : v)) : d.grid.slice();
  Object.assign(S, {n, box: d.box, regions: d.regions, units: d.units, symbols: d.symbols, givens: d.grid.slice(),
                    values, candidates: d.candidates, variants: d.variants.slice(), cages: d.cages,
                    ownWeights: d.weights || null, weights: d.weights || null});
  if (!keepValues) {
    S.marks = d.candidates ? d.candidates.map((m, i) => (d.grid[i] ? 0 : m)) : new Array(n * n).fill(0);
    S.history = []; S.future = []; S.sel = 0; S.elims = [];
    resetExtras();
  }
  if (S.marks.length !== n * n) S.marks = new Array(n * n).fill(0);
  setEdit(false);
  syncControls();
  buildBoard();
}

function snapshot() {
  if (S.mode === "binary") return {bin: S.bin.values.slice()};
  return {givens: S.givens.slice(), values: S.values.slice(), marks: S.marks.slice(), elims: S.elims.slice(),
          solved: new Set(S.solved)};
}

function restore(snap) {
  if (snap.bin) { S.bin.values = snap.bin; S.bin.flips = null; $("binary-apply").disabled = true; }
  else Object.assign(S, {givens: snap.givens, values: snap.values, marks: snap.marks, elims: snap.elims,
                         solved: snap.solved});
  S.wrong = new Set();
  paint();
}

function remember() {
  S.history.push(snapshot());
  if (S.history.length > 1000) S.history.shift();
  S.future = [];
}

function undo() {
  if (!S.history.length) return say("Nothing to undo.");
  S.future.push(snapshot());
  restore(S.history.pop());
  say("Undone.");
}

function redo() {
  if (!S.future.length) return say("Nothing to redo.");
  S.history.push(snapshot());
  restore(S.future.pop());
  say("Redone.");
}

// ---- entering digits ----

function setValue(i, d) {
  if (S.mode === "binary") return setBit(i, d);
  if (!S.edit && S.givens[i]) return say(`${name(i, S.n)} is a given.`);
  if (S.values[i] === d && (!S.edit || S.givens[i] === d)) return;
  remember();
  if (S.edit) S.givens[i] = d;
  S.values[i] = d;
  S.marks[i] = 0;
  S.solved.delete(i); S.wrong.delete(i); S.hinted.clear();
  if (d) for (const p of peersOf(i)) S.marks[p] &= ~(1 << (d - 1));
  paint();
}

function toggleMark(i, d) {
  if (S.mode === "binary" || S.values[i]) return;
  remember();
  S.marks[i] ^= 1 << (d - 1);
  paint();
}

function setBit(i, d) {
  if (d !== 0 && d !== 1) return;
  if (S.bin.values[i] === d) return;
  remember();
  S.bin.values[i] = d;
  S.bin.flips = null; $("binary-apply").disabled = true;
  paint();
}

function clearCell(i) {
  if (S.mode === "binary") return setBit(i, 0);
  if (!S.edit && S.givens[i]) return say(`${name(i, S.n)} is a given.`);
  if (!S.values[i] && !S.marks[i]) return;
  remember();
  if (S.edit) S.givens[i] = 0;
  S.values[i] = 0; S.marks[i] = 0;
  S.solved.delete(i); S.wrong.delete(i);
  paint();
}

function digitOf(key) {
  if (key.length !== 1) return 0;
  let k = S.symbols.indexOf(key);
  if (k < 0 && !/[a-z]/.test(S.symbols)) k = S.symbols.indexOf(key.toUpperCase());
  return k + 1;
}

function digitOfCode(code) {
  const m = /^(?:Digit|Numpad)(\d)$/.exec(code) || /^Key([A-Z])$/.exec(code);
  return m ? digitOf(m[1]) : 0;
}

function move(dr, dc) {
  const n = S.mode === "binary" ? S.bin.n : S.n;
  const r = (Math.floor(S.sel / n) + dr + n) % n, c = (S.sel % n + dc + n) % n;
  S.sel = r * n + c;
  paint();
}

function advance() {
  const n = S.mode === "binary" ? S.bin.n : S.n;
  S.sel = Math.min(S.sel + 1, n * n - 1);
}

function typing(target) {
  return target && (target.tagName === "TEXTAREA" || target.tagName === "SELECT" ||
                    (target.tagName === "INPUT" && target.type !== "checkbox"));
}

function onKey(e) {
  if (typing(e.target)) return;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && (e.key === "z" || e.key === "Z")) { e.preventDefault(); return e.shiftKey ? redo() : undo(); }
  if (ctrl && (e.key === "y" || e.key === "Y")) { e.preventDefault(); return redo(); }
  if (ctrl || e.altKey) return;
  const arrows = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (arrows[e.key]) { e.preventDefault(); return move(...arrows[e.key]); }
  if (S.mode === "binary") {
    if (e.key === "0" || e.key === "1") { e.preventDefault(); setBit(S.sel, Number(e.key)); advance(); return paint(); }
    if (e.key === " ") { e.preventDefault(); return setBit(S.sel, 1 - S.bin.values[S.sel]); }
    return;
  }
  if (e.key === "Backspace" || e.key === "Delete") { e.preventDefault(); return clearCell(S.sel); }
  if ((e.key === "." || e.key === " " || (e.key === "0" && !S.symbols.includes("0"))) &&
      e.target.tagName !== "BUTTON") {
    e.preventDefault();
    clearCell(S.sel);
    if (S.edit) { advance(); paint(); }
    return;
  }
  if ((e.key === "p" || e.key === "P") && !digitOf(e.key)) { e.preventDefault(); return setPencil(!S.pencil); }
  const shifted = e.shiftKey ? digitOfCode(e.code) : 0;
  if (shifted && /^(Digit|Numpad)/.test(e.code)) { e.preventDefault(); return toggleMark(S.sel, shifted); }
  const d = digitOf(e.key);
  if (!d) return;
  e.preventDefault();
  if (S.pencil && !S.edit) return toggleMark(S.sel, d);
  setValue(S.sel, d);
  if (S.edit) { advance(); paint(); }
}

function setPencil(on) {
  S.pencil = on;
  $("pencil").setAttribute("aria-pressed", String(on));
}

function setEdit(on) {
  S.edit = on;
  $("edit-givens").checked = on;
}

// ---- drawing the board ----

function buildBoard() {
  const board = $("board");
  const n = S.mode === "binary" ? S.bin.n : S.n;
  board.style.setProperty("--n", n);
  board.style.setProperty("--mc", Math.ceil(Math.sqrt(n)));
  board.classList.toggle("binary", S.mode === "binary");
  board.replaceChildren();
  for (let i = 0; i < n * n; i++) {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.setAttribute("role", "gridcell");
    cell.dataset.i = i;
    board.appendChild(cell);
  }
  buildKeypad();
  paint();
}

function buildKeypad() {
  const pad = $("keypad");
  pad.replaceChildren();
  const keys = S.mode === "binary" ? ["0", "1"] : Array.from(S.symbols);
  const columns = keys.length <= 9 ? Math.max(keys.length, 2) : Math.min(Math.ceil(keys.length / 2), 13);
  pad.style.gridTemplateColumns = `repeat(${columns}, minmax(0, 1fr))`;
  keys.forEach((sym, k) => {
    const b = document.createElement("button");
    b.textContent = sym;
    b.dataset.digit = S.mode === "binary" ? sym : k + 1;
    b.setAttribute("aria-label", `Enter ${sym}`);
    pad.appendChild(b);
  });
}

function cageInfo() {
  const of = new Map(), first = new Map();
  S.cages.forEach((cage, k) => {
    cage.cells.forEach((c) => of.set(c, k));
    first.set(Math.min(...cage.cells), cage.sum);
  });
  return {of, first};
}

function paint() {
  if (S.mode === "binary") return paintBinary();
  const n = S.n, cells = $("board").children;
  if (cells.length !== n * n) return buildBoard();
  const selDigit = S.values[S.sel], peers = new Set(peersOf(S.sel));
  const diag = S.variants.includes("x"), windows = S.variants.includes("windoku") ? windowCells(n, S.box) : new Set();
  const cages = cageInfo(), clashes = findClashes();
  const heat = S.mode === "target" ? (S.weights || ringWeights(n)) : null;
  const [wMin, wMax] = heat ? [Math.min(...heat), Math.max(...heat)] : [0, 0];
  for (let i = 0; i < n * n; i++) {
    const cell = cells[i], r = Math.floor(i / n), c = i % n, v = S.values[i];
    const cls = ["cell"];
    if (c < n - 1 && S.units[i] !== S.units[i + 1]) cls.push("tr");
    if (r < n - 1 && S.units[i] !== S.units[i + n]) cls.push("tb");
    if (c === n - 1) cls.push("er");
    if (r === n - 1) cls.push("eb");
    if (diag && (r === c || r + c === n - 1)) cls.push("diag");
    if (windows.has(i)) cls.push("window");
    if (i === S.sel) cls.push("sel");
    else if (v && v === selDigit) cls.push("same");
    else if (peers.has(i)) cls.push("peer");
    if (S.givens[i]) cls.push("given");
    else if (S.solved.has(i)) cls.push("solved");
    if (S.wrong.has(i)) cls.push("wrong");
    if (clashes.has(i)) cls.push("clash");
    if (S.hinted.has(i)) cls.push("hinted");
    cell.className = cls.join(" ");
    const parts = [];
    if (v) parts.push(`<span class="v">${esc(symbol(v))}</span>`);
    else if (S.marks[i]) {
      const spans = [];
      for (let d = 1; d <= n; d++) spans.push(`<span>${S.marks[i] >> (d - 1) & 1 ? esc(symbol(d)) : ""}</span>`);
      parts.push(`<div class="marks">${spans.join("")}</div>`);
    }
    if (cages.of.has(i)) {
      const k = cages.of.get(i), sides = [];
      if (r === 0 || cages.of.get(i - n) !== k) sides.push("t");
      if (c === n - 1 || cages.of.get(i + 1) !== k) sides.push("r");
      if (r === n - 1 || cages.of.get(i + n) !== k) sides.push("b");
      if (c === 0 || cages.of.get(i - 1) !== k) sides.push("l");
      parts.push(`<div class="cage ${sides.join(" ")}"></div>`);
      if (cages.first.has(i)) parts.push(`<span class="sum">${cages.first.get(i)}</span>`);
    }
    if (heat) {
      const t = wMax > wMin ? (heat[i] - wMin) / (wMax - wMin) : 0;
      if (!cls.includes("sel")) cell.style.background = `hsl(32, 95%, ${96 - 30 * t}%)`;
      else cell.style.background = "";
      parts.push(`<span class="weight">${heat[i]}</span>`);
    } else cell.style.background = "";
    cell.innerHTML = parts.join("");
    cell.setAttribute("aria-label", `${name(i, n)} ${v ? symbol(v) : "empty"}${S.givens[i] ? " (given)" : ""}`);
  }
  $("score-line").textContent = heat ? scoreLine(heat) : "";
}

function scoreLine(heat) {
  let score = 0, filled = 0;
  S.values.forEach((v, i) => { score += v * heat[i]; if (v) filled++; });
  const full = filled === S.n * S.n;
  const best = S.target && S.target.score !== null ? ` \u00b7 optimum ${S.target.score}` : "";
  return `${full ? "Score" : "Score so far"}: ${score}${best}`;
}

function findClashes() {
  const out = new Set(), n = S.n, seen = new Map();
  for (let i = 0; i < n * n; i++) {
    const v = S.values[i];
    if (!v) continue;
    for (const key of [`r${Math.floor(i / n)}:${v}`, `c${i % n}:${v}`, `u${S.units[i]}:${v}`]) {
      if (seen.has(key)) { out.add(i); out.add(seen.get(key)); } else seen.set(key, i);
    }
  }
  return out;
}

function paintBinary() {
  const n = S.bin.n, cells = $("board").children;
  if (cells.length !== n * n) return buildBoard();
  const units = boxLabels(n, S.bin.box), flips = new Set((S.bin.flips || []).map(([r, c]) => r * n + c));
  for (let i = 0; i < n * n; i++) {
    const cell = cells[i], r = Math.floor(i / n), c = i % n, cls = ["cell"];
    if (c < n - 1 && units[i] !== units[i + 1]) cls.push("tr");
    if (r < n - 1 && units[i] !== units[i + n]) cls.push("tb");
    if (c === n - 1) cls.push("er");
    if (r === n - 1) cls.push("eb");
    if (S.bin.values[i]) cls.push("one");
    if (flips.has(i)) cls.push("flip");
    if (i === S.sel) cls.push("sel");
    cell.className = cls.join(" ");
    cell.style.background = "";
    cell.textContent = String(S.bin.values[i]);
    cell.setAttribute("aria-label", `${name(i, n)} ${S.bin.values[i]}`);
  }
  $("score-line").textContent = parityText();
}

function parityText() {
  const n = S.bin.n, v = S.bin.values, units = boxLabels(n, S.bin.box);
  const rows = new Array(n).fill(0), cols = new Array(n).fill(0), boxes = new Array(n).fill(0);
  v.forEach((x, i) => { rows[Math.floor(i / n)] ^= x; cols[i % n] ^= x; boxes[units[i]] ^= x; });
  const odd = (a) => a.reduce((s, x) => s + x, 0);
  const [r, c, b] = [odd(rows), odd(cols), odd(boxes)];
  if (!r && !c && !b) return "Every row, column and box is even.";
  return `Odd: ${r} row${r === 1 ? "" : "s"}, ${c} column${c === 1 ? "" : "s"}, ${b} box${b === 1 ? "" : "es"}.`;
}

// ---- the controls ----

function syncControls() {
  const n = S.mode === "binary" ? S.bin.n : S.n;
  const box = S.mode === "binary" ? S.bin.box : S.box;
  const sizes = SIZES.includes(n) ? SIZES : SIZES.concat([n]).sort((a, b) => a - b);
  $("size").innerHTML = sizes.map((k) => `<option value="${k}">${k}x${k}</option>`).join("");
  $("size").value = String(n);
  fillBoxes(n, box);
  for (const v of Object.keys(VARIANT_NAMES)) {
    const el = $("var-" + v);
    if (el) el.checked = S.variants.includes(v);
  }
}

function fillBoxes(n, box) {
  const options = boxesFor(n);
  $("box").innerHTML = (S.regions && S.mode !== "binary" ? ['<option value="">regions</option>'] : []).concat(
    options.map(([r, c]) => `<option value="${r}x${c}">${r}x${c}</option>`)).join("");
  $("box").value = box ? `${box[0]}x${box[1]}` : "";
}

function boxChoice() {
  const value = $("box").value;
  return value ? value.split("x").map(Number) : null;
}

async function load(text, extra) {
  await task("Reading the puzzle", async () => {
    const body = Object.assign({puzzle: text}, extra || {});
    const fmt = $("format").value;
    if (fmt && typeof text === "string") body.format = fmt;
    if (!body.variants) body.variants = checkedVariants();
    const regions = $("regions-text").value.trim(), cages = $("cages-text").value.trim();
    if (regions && !body.regions) body.regions = regions;
    if (cages && !body.cages) body.cages = cages;
    const d = await api("parse", body);
    loadDescribed(d, false);
    const many = d.puzzles > 1 ? ` (the first of ${d.puzzles})` : "";
    say(`Loaded a ${d.n}x${d.n} puzzle${many} with ${d.givens} givens.`);
    await refreshPicture();
    if (S.mode === "target") enterTarget();
  });
}

function checkedVariants() {
  return Object.keys(VARIANT_NAMES).filter((v) => $("var-" + v) && $("var-" + v).checked);
}

async function refreshPicture() {
  if (S.mode === "binary") return;
  const d = await api("render", puzzleBody({grid: S.values}));
  picture(d.svg);
}

async function revalidate(extra, what) {
  await task("Checking", async () => {
    try {
      const d = await api("parse", puzzleBody(extra));
      loadDescribed(d, true);
      say(what);
      await refreshPicture();
    } catch (err) {
      syncControls();
      throw err;
    }
  });
}

// ---- Sudoku actions ----

async function solve() {
  await task("Solving", async () => {
    const d = await api("solve", puzzleBody({picture: true}));
    if (d.status !== "solved") { show(`<p class="big">No solution.</p>`); return say("This puzzle has no solution."); }
    remember();
    d.grid.forEach((v, i) => { if (!S.givens[i] && S.values[i] !== v) { S.values[i] = v; S.solved.add(i); } S.marks[i] = 0; });
    S.wrong = new Set();
    paint();
    picture(d.svg);
    const unique = d.unique ? "the only solution" : "one of several solutions";
    show(`<p class="big">Solved: ${unique}.</p><p>${d.stats.nodes} nodes, ${d.stats.guesses} guesses, ` +
         `${(d.stats.seconds * 1000).toFixed(2)} ms (${esc(d.stats.engine)} engine).</p>`);
    say("Solved.");
  });
}

async function count() {
  await task("Counting", async () => {
    const d = await api("solve", puzzleBody({mode: "count", limit: 1000}));
    const text = d.capped ? `At least ${d.count} solutions (the count stops at ${d.limit}).`
      : `${d.count} solution${d.count === 1 ? "" : "s"}.`;
    show(`<p class="big">${text}</p>`);
    say("Counted.");
  });
}

async function unique() {
  await task("Checking uniqueness", async () => {
    const d = await api("solve", puzzleBody());
    const text = d.count === 0 ? "No solution." : d.unique ? "Unique: exactly one solution."
      : "Not unique: two or more solutions.";
    show(`<p class="big">${text}</p>`);
    say(text);
  });
}

async function hint() {
  await task("Looking for the next step", async () => {
    const d = await api("hint", puzzleBody({grid: S.values, eliminated: S.elims}));
    S.hinted = new Set(); S.hint = null; $("apply-hint").disabled = true;
    if (d.status === "mistakes") {
      S.wrong = new Set(d.indexes);
      show(`<p class="big">${d.cells.length} wrong digit${d.cells.length === 1 ? "" : "s"}: ${d.cells.join(", ")}</p>` +
           "<p>Undo or erase them, then ask again.</p>");
      picture(d.svg);
      paint();
      return say("Some digits are wrong.", "error");
    }
    picture(d.svg);
    if (d.status === "solved") { show('<p class="big">The grid is solved.</p>'); paint(); return say("Solved."); }
    if (d.status === "none") { show("<p>No step found.</p>"); return say("No step found."); }
    S.hint = d;
    S.hinted = new Set(d.draw.cells);
    $("apply-hint").disabled = false;
    show(`<p class="big">${esc(d.step.technique)}</p><p id="hint-text">${esc(d.step.explanation)}</p>` +
         `<p class="note">SE ${d.step.se} \u00b7 HoDoKu ${d.step.score}</p>`);
    paint();
    say("Hint: " + d.step.technique + ".");
  });
}

function applyHint() {
  const d = S.hint;
  if (!d) return;
  remember();
  for (const [c, digit] of d.draw.eliminations) { S.marks[c] &= ~(1 << (digit - 1)); S.elims.push([c, digit]); }
  for (const [c, digit] of d.draw.placements) {
    S.values[c] = digit; S.marks[c] = 0;
    for (const p of peersOf(c)) S.marks[p] &= ~(1 << (digit - 1));
  }
  S.hint = null; S.hinted = new Set();
  $("apply-hint").disabled = true;
  paint();
  say("Applied: " + d.step.explanation);
  refreshPicture().catch((err) => say(err.message, "error"));
}

async function steps() {
  await task("Finding the whole path", async () => {
    const d = await api("steps", puzzleBody({grid: S.values, eliminated: S.elims}));
    S.steps = d.steps;
    const list = $("steps-list");
    list.innerHTML = d.steps.map((s, k) => `<li data-k="${k}">${esc(s.step.explanation)}</li>`).join("");
    $("steps-panel").hidden = false;
    const done = d.complete ? "" : " (stopped at the time limit)";
    show(`<p class="big">${d.steps.length} steps${done}</p><p>HoDoKu: ${esc(d.level)}, score ${d.score}</p>`);
    if (d.steps.length) await showStep(0); else say("Nothing left to do.");
  });
}

async function showStep(k) {
  if (!S.steps || k < 0 || k >= S.steps.length) return;
  S.stepAt = k;
  const s = S.steps[k];
  $("step-pos").textContent = `Step ${k + 1} of ${S.steps.length}`;
  for (const li of $("steps-list").children) li.classList.toggle("current", Number(li.dataset.k) === k);
  const current = $("steps-list").children[k];
  if (current) current.scrollIntoView({block: "nearest"});
  $("step-prev").disabled = k === 0;
  $("step-next").disabled = k === S.steps.length - 1;
  const d = await api("render", puzzleBody({grid: s.before.grid, marks: s.before.candidates, step: s.draw}));
  if (S.stepAt === k) picture(d.svg);
  say(s.step.explanation);
}

async function rate() {
  await task("Rating", async () => {
    const d = await api("rate", puzzleBody());
    const partial = d.complete ? "" : ` (incomplete: ${esc(d.reason || "time limit")})`;
    const atLeast = !d.complete && d.reason === "time limit" ? "\u2265 " : "";  // the hardest step so far: a floor
    show(`<p class="big">ER ${atLeast}${d.er.toFixed(1)} \u00b7 EP ${d.ep.toFixed(1)} \u00b7 ED ${d.ed.toFixed(1)}${partial}</p>` +
         `<p>HoDoKu: <b>${esc(d.level)}</b>, score ${d.score}. Hardest step: ${esc(d.hardest)}.` +
         ` Guesses (machine difficulty): ${d.guesses}.</p>`);
    say("Rated.");
  });
}

// ---- share links: the puzzle (and the progress) in the URL ----

function encodeDigits(values) { return values.map((v) => (v ? ALPHABET[v - 1] : ".")).join(""); }
function decodeDigits(text) { return Array.from(text).map((ch) => (ch === "." ? 0 : ALPHABET.indexOf(ch) + 1)); }

function shareLink() {
  const p = new URLSearchParams();
  if (S.mode !== "sudoku") p.set("m", S.mode);
  if (S.mode === "binary") {
    p.set("bin", S.bin.values.join(""));
    p.set("b", S.bin.box.join("x"));
  } else {
    p.set("p", encodeDigits(S.givens));
    if (S.values.some((v, i) => v && !S.givens[i])) p.set("g", encodeDigits(S.values));
    if (S.regions) p.set("r", S.regions.map((x) => x.toString(36)).join("."));
    else p.set("b", S.box.join("x"));
    if (S.variants.length) p.set("v", S.variants.join(","));
    if (S.cages.length) p.set("c", S.cages.map((c) => c.sum + ":" + c.cells.join(".")).join(";"));
    if (S.symbols !== ALPHABET.slice(0, S.n)) p.set("s", S.symbols);
    if (S.ownWeights) p.set("w", S.ownWeights.join("."));
  }
  const url = `${location.origin}${location.pathname}#${p.toString()}`;
  history.replaceState(null, "", url);
  const field = $("share-url");
  field.hidden = false;
  field.value = url;
  field.select();
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).catch(() => {});
  say("Share link ready (also in the address bar).");
}

async function openLink() {
  const p = new URLSearchParams(location.hash.slice(1));
  const mode = p.get("m") || "sudoku";
  if (p.has("bin")) {
    const values = Array.from(p.get("bin")).map(Number);
    const n = Math.round(Math.sqrt(values.length));
    const box = p.get("b") ? p.get("b").split("x").map(Number) : defaultBox(n);
    if (n * n === values.length && values.every((v) => v === 0 || v === 1) && box[0] * box[1] === n) {
      S.bin = {n, box, values, flips: null};
    }
    setMode("binary");
    return true;
  }
  if (!p.has("p")) return false;
  const givens = decodeDigits(p.get("p"));
  const body = {puzzle: givens, variants: p.get("v") ? p.get("v").split(",") : []};
  if (p.get("r")) body.regions = p.get("r").split(".").map((x) => parseInt(x, 36));
  else if (p.get("b")) body.box = p.get("b");
  if (p.get("c")) body.cages = p.get("c").split(";").map((t) => {
    const [sum, cells] = t.split(":");
    return {sum: Number(sum), cells: cells.split(".").map(Number)};
  });
  if (p.get("s")) body.symbols = p.get("s");
  await task("Opening the link", async () => {
    const d = await api("parse", body);
    loadDescribed(d, false);
    if (p.get("w")) S.ownWeights = S.weights = p.get("w").split(".").map(Number);
    if (p.get("g")) {
      const values = decodeDigits(p.get("g"));
      if (values.length === S.n * S.n) S.values = values.map((v, i) => S.givens[i] || (v <= S.n ? v : 0));
    }
    paint();
    say(`Opened a shared ${d.n}x${d.n} puzzle.`);
    await refreshPicture();
  });
  setMode(mode === "target" ? "target" : "sudoku");
  return true;
}

// ---- generation ----

async function generate() {
  const body = {size: S.n, variants: checkedVariants()};
  if (!S.regions && S.box) body.box = S.box.join("x");
  if ($("gen-level").value) body.level = $("gen-level").value;
  const lo = $("gen-se-min").value, hi = $("gen-se-max").value;
  if (lo || hi) body.rating = `${lo || hi}-${hi || lo}`;
  if ($("gen-symmetry").value) body.symmetry = $("gen-symmetry").value;
  await task("Generating", async () => {
    let d;
    try {
      d = await api("generate", body);
    } catch (err) {
      if (err.status === 501) generationUnavailable(err.message);
      throw err;
    }
    loadDescribed(d, false);
    const facts = [];
    if (d.rating && typeof d.rating === "object" && "er" in d.rating) facts.push(`ER ${d.rating.er}`);
    else if (typeof d.rating === "number") facts.push(`ER ${d.rating}`);
    if (d.level) facts.push(`level ${esc(typeof d.level === "string" ? d.level : "")}`);
    if (d.seed !== undefined) facts.push(`seed ${d.seed}`);
    show(`<p class="big" id="generated">A new ${d.n}x${d.n} puzzle, ${d.givens} givens.</p><p>${facts.join(" \u00b7 ")}</p>`);
    say("Generated.");
    await refreshPicture();
  });
}

function generationUnavailable(message) {
  $("generate").disabled = true;
  $("gen-panel").dataset.available = "false";
  $("gen-note").textContent = message || "Generation is not in this version of sudokit yet.";
}

// ---- target mode ----

function enterTarget() {
  S.weights = S.ownWeights || (S.target ? S.target.weights : null) || ringWeights(S.n);
  const source = S.ownWeights ? "the puzzle's own" : "the rings rule (outer ring N-3, +1 per ring inward)";
  show(`<p>Target Sudoku: complete the grid for the highest weighted digit sum. Weights: ${source}.</p>`);
  paint();
}

async function targetBest() {
  await task("Finding the optimum", async () => {
    const body = puzzleBody({grid: S.values, minimize: $("target-min").checked});
    const text = $("weights-text").value.trim();
    if (text) body.weights = text; else if (S.ownWeights) body.weights = S.ownWeights;
    const d = await api("target", body);
    S.target = d;
    S.weights = d.weights;
    const goal = d.minimize ? "lowest" : "highest";
    if (d.status !== "optimal") {
      show('<p class="big">No completion: the puzzle has no solution.</p>');
      picture(d.svg);
      return say("No completion.");
    }
    $("target-fill").disabled = false;
    show(`<p class="big" id="optimum">Optimum (${goal}) score: ${d.score}</p>` +
         `<p>Proved by branch and bound (${d.nodes} nodes). Your grid scores ${d.current} so far.</p>`);
    picture(d.svg);
    paint();
    say("Optimum found.");
  });
}

function targetFill() {
  if (!S.target || !S.target.grid) return;
  remember();
  S.target.grid.forEach((v, i) => { if (!S.givens[i]) { S.values[i] = v; S.solved.add(i); S.marks[i] = 0; } });
  paint();
  say("The optimal grid is on the board.");
}

// ---- binary mode ----

async function binaryFlips() {
  await task("Counting flips", async () => {
    const d = await api("binary", {grid: S.bin.values, box: S.bin.box});
    S.bin.flips = d.cells;
    $("binary-apply").disabled = !d.cells.length;
    const cells = d.cells.map(([r, c]) => `r${r + 1}c${c + 1}`).join(", ");
    show(`<p class="big" id="flips">${d.flips} flip${d.flips === 1 ? "" : "s"}</p>` +
         `<p>${d.flips ? "Flip " + cells + " to make every row, column and box even." : "Already even."}</p>`);
    picture(d.svg);
    paint();
  });
}

function binaryApply() {
  if (!S.bin.flips) return;
  remember();
  for (const [r, c] of S.bin.flips) S.bin.values[r * S.bin.n + c] ^= 1;
  S.bin.flips = null;
  $("binary-apply").disabled = true;
  paint();
}

function binaryFill(random) {
  remember();
  S.bin.values = S.bin.values.map(() => (random ? (Math.random() < 0.5 ? 1 : 0) : 0));
  S.bin.flips = null;
  $("binary-apply").disabled = true;
  paint();
  picture("");
  show("");
}

// ---- modes ----

function setMode(mode) {
  S.mode = mode;
  for (const tab of document.querySelectorAll("#modes button")) {
    tab.setAttribute("aria-selected", String(tab.dataset.mode === mode));
  }
  for (const el of document.querySelectorAll(".mode-sudoku, .mode-target, .mode-binary")) {
    el.hidden = !el.classList.contains("mode-" + mode);
  }
  $("board").setAttribute("aria-label", {sudoku: "Sudoku grid", target: "Target Sudoku grid",
                                         binary: "Binary grid"}[mode]);
  $("edit-givens").parentElement.hidden = mode === "binary";
  $("pencil").hidden = mode === "binary";
  $("steps-panel").hidden = true;
  S.sel = 0;
  syncControls();
  buildBoard();
  picture("");
  show("");
  if (mode === "target") enterTarget();
  if (mode === "binary") show("<p>Binary Sudoku: flip the fewest cells so that every row, column and box holds an " +
                              "even number of ones. Click a cell (or type 0/1) to set it.</p>");
  if (mode !== "binary") refreshPicture().catch(() => {});
}

// ---- wiring ----

function readFile(file) {
  const reader = new FileReader();
  reader.onload = () => { $("puzzle-text").value = reader.result; load(reader.result); };
  reader.readAsText(file);
}

async function start() {
  const board = $("board");
  board.addEventListener("click", (e) => {
    const cell = e.target.closest(".cell");
    if (!cell) return;
    S.sel = Number(cell.dataset.i);
    board.focus();
    if (S.mode === "binary") return setBit(S.sel, 1 - S.bin.values[S.sel]);
    paint();
  });
  document.addEventListener("keydown", onKey);
  $("keypad").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    const d = Number(b.dataset.digit);
    if (S.mode === "binary") return setBit(S.sel, d);
    if (S.pencil && !S.edit) toggleMark(S.sel, d); else setValue(S.sel, d);
  });
  $("pencil").onclick = () => setPencil(!S.pencil);
  $("erase").onclick = () => clearCell(S.sel);
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("edit-givens").onchange = (e) => {
    setEdit(e.target.checked);
    say(S.edit ? "Typed digits now become givens." : "Playing: typed digits are your entries.");
    if (!S.edit) refreshPicture().catch((err) => say(err.message, "error"));
  };
  $("solve").onclick = solve;
  $("count").onclick = count;
  $("unique").onclick = unique;
  $("hint").onclick = hint;
  $("apply-hint").onclick = applyHint;
  $("steps").onclick = steps;
  $("rate").onclick = rate;
  $("share").onclick = shareLink;
  $("share-target").onclick = shareLink;
  $("step-prev").onclick = () => showStep(S.stepAt - 1).catch((err) => say(err.message, "error"));
  $("step-next").onclick = () => showStep(S.stepAt + 1).catch((err) => say(err.message, "error"));
  $("steps-list").onclick = (e) => {
    const li = e.target.closest("li");
    if (li) showStep(Number(li.dataset.k)).catch((err) => say(err.message, "error"));
  };
  $("load").onclick = () => load($("puzzle-text").value);
  $("file").onchange = (e) => { if (e.target.files[0]) readFile(e.target.files[0]); };
  $("new-grid").onclick = () => {
    const n = Number($("size").value), box = boxChoice() || defaultBox(n);
    if (S.mode === "binary") {
      S.bin = {n, box, values: new Array(n * n).fill(0), flips: null};
      S.history = []; S.future = [];
      return buildBoard();
    }
    newGrid(n, box);
  };
  $("size").onchange = () => fillBoxes(Number($("size").value), defaultBox(Number($("size").value)));
  $("box").onchange = () => {
    const n = Number($("size").value), box = boxChoice();
    if (!box) return;
    if (S.mode === "binary") {
      if (n !== S.bin.n) return;
      S.bin.box = box; S.bin.flips = null;
      return paint();
    }
    if (n !== S.n) return;
    if (!S.givens.some((v) => v)) return newGrid(n, box);
    revalidate({box, regions: undefined}, `Box shape ${box[0]}x${box[1]}.`);
  };
  $("apply-shapes").onclick = () => {
    const extra = {};
    const regions = $("regions-text").value.trim(), cages = $("cages-text").value.trim();
    extra.regions = regions || undefined;
    if (!regions) extra.box = S.box || defaultBox(S.n);
    extra.cages = cages || undefined;
    revalidate(extra, "Regions and cages applied.");
  };
  $("generate").onclick = generate;
  $("target-best").onclick = targetBest;
  $("target-fill").onclick = targetFill;
  $("binary-flips").onclick = binaryFlips;
  $("binary-apply").onclick = binaryApply;
  $("binary-random").onclick = () => binaryFill(true);
  $("binary-clear").onclick = () => binaryFill(false);
  for (const tab of document.querySelectorAll("#modes button")) tab.onclick = () => setMode(tab.dataset.mode);
  document.addEventListener("paste", (e) => {
    if (typing(e.target)) return;
    const data = e.clipboardData || window.clipboardData;
    const text = data ? data.getData("text") : "";
    if (!text.trim()) return;
    e.preventDefault();
    $("puzzle-text").value = text;
    load(text);
  });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    if (!e.dataTransfer) return;
    const file = e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) return readFile(file);
    const text = e.dataTransfer.getData("text");
    if (text) { $("puzzle-text").value = text; load(text); }
  });
  window.addEventListener("hashchange", () => openLink());

  const variants = $("variants");
  for (const [v, label] of Object.entries(VARIANT_NAMES)) {
    const l = document.createElement("label");
    l.className = "check";
    l.innerHTML = `<input type="checkbox" id="var-${v}" value="${v}"> ${label}`;
    variants.appendChild(l);
    l.querySelector("input").onchange = (e) => {
      const next = checkedVariants();
      if (!S.givens.some((x) => x)) { S.variants = next; paint(); return; }
      revalidate({variants: next}, e.target.checked ? `${label} on.` : `${label} off.`);
    };
  }

  try {
    S.info = await (await fetch("/api/info")).json();
  } catch (err) {
    S.info = {generate: false, levels: [], symmetries: [], formats: []};
  }
  $("format").innerHTML += S.info.formats.map((f) => `<option value="${f}">${f}</option>`).join("");
  $("gen-level").innerHTML += S.info.levels.map((l) => `<option value="${l}">${l}</option>`).join("");
  $("gen-symmetry").innerHTML += S.info.symmetries.map((l) => `<option value="${l}">${l}</option>`).join("");
  if (!S.info.generate) {
    generationUnavailable("Generation is not in this version of sudokit yet: it arrives with the generator " +
                          "(issue 10). Everything else works.");
  } else {
    $("gen-panel").dataset.available = "true";
  }

  newGrid(9, [3, 3]);
  setEdit(true);
  if (!(await openLink())) {
    say('Type a puzzle (digits, "." for a blank), paste or drop one, or press Example.');
  }
  const example = document.createElement("button");
  example.id = "example";
  example.textContent = "Example";
  example.onclick = () => { $("puzzle-text").value = EXAMPLE; load(EXAMPLE); };
  $("load").after(example);
  document.body.dataset.ready = "true";
}

document.addEventListener("DOMContentLoaded", start);
