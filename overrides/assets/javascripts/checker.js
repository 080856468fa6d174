// The "Check a score" page: a form and a text box for one record, checked by the project's own
// referee running in Pyodide in a Web Worker (checker-worker.js). Every file comes from this site;
// the record never leaves the browser (a shared link carries it in the fragment, after "#").
//
// The markup (site_tools/published/checker.py) carries the page's language, its words (data-strings) and
// every game's record declaration (data-games), from which the form is built.

const root = document.querySelector(".referee-checker");
if (root) main(root);

function main(root) {
  const lang = root.dataset.lang;
  const S = JSON.parse(root.dataset.strings);
  const GAMES = JSON.parse(root.dataset.games);
  const here = new URL(import.meta.url);
  const pyodideURL = new URL(`../checker/pyodide/${root.dataset.pyodide}/`, here).href;
  const bundleURL = new URL(`../checker/${root.dataset.bundle}`, here).href;
  const workerURL = new URL("checker-worker.js", here);
  workerURL.searchParams.set("pyodide", pyodideURL);
  workerURL.searchParams.set("bundle", bundleURL);
  workerURL.searchParams.set("lock", root.dataset.lock); // so that pyodide-lock.json is not fetched
  if (root.dataset.snapshot) workerURL.searchParams.set("snapshot", new URL(`../checker/${root.dataset.snapshot}`, here).href);
  // ?start=snapshot or ?start=plain on the page's address chooses how Pyodide starts (tests, benchmark).
  workerURL.searchParams.set("start", new URLSearchParams(location.search).get("start") || "snapshot");

  const $ = (sel) => root.querySelector(sel);
  const formView = $(".checker-form");
  const textarea = $(".checker-textarea");
  const gutter = $(".checker-gutter");
  const answer = $(".checker-answer");
  const progress = $(".checker-progress");
  const statusText = $(".checker-status-text");
  const buttons = {
    check: $('[data-action="check"]'),
    download: $('[data-action="download"]'),
    share: $('[data-action="share"]'),
  };

  // One record, two views. `record` is the data the form edits; `text` is the text box. Whichever
  // view was edited last is the truth; the other is rebuilt from it when the reader switches.
  // `folded`: how many of the first deals the form shows folded (checked already this evening);
  // `carried`: the totals the next deal starts from; `dealScores`, `order`: from the last verdict.
  const state = { view: "form", record: null, text: "", formChanged: false, textChanged: false, own: false,
    fresh: false, folded: 0, carried: null, dealScores: [], order: [] };

  const fmt = (template, values) => template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("data-") || k.startsWith("aria-") || ["for", "id", "type", "role", "name", "tabindex", "colspan", "list", "inputmode"].includes(k)) node.setAttribute(k, v);
      else node[k] = v;
    }
    for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
    return node;
  };
  const minus = (n) => (typeof n === "number" && n < 0 ? `\u2212${-n}` : String(n));

  // ---- the worker ------------------------------------------------------------------------------
  const worker = new Worker(workerURL, { type: "module" });
  const pending = new Map();
  let nextId = 1;
  const stages = { download: 1, start: 2, referee: 3, ready: 4 };
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "progress") {
      if (msg.stage === "download") progress.removeAttribute("value"); // moving, size unknown to the worker
      else progress.value = stages[msg.stage] || 0;
      statusText.textContent = S[`stage.${msg.stage}`];
      if (msg.stage === "ready") {
        root.dataset.start = msg.start; // "snapshot" or "plain"
        root.dataset.ready = "true";
        progress.hidden = true;
        buttons.check.disabled = false;
        buttons.download.disabled = false;
      }
      return;
    }
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    if (msg.ok) job.resolve(msg.answer);
    else job.reject(new Error(msg.error));
  };
  const call = (op, payload = {}) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, op, lang, ...payload });
  });
  call("start").catch((error) => {
    statusText.textContent = fmt(S["stage.failed"], { error: error.message });
    root.dataset.ready = "failed";
  });

  // ---- paths into the record, written as the referee writes them: deals[0].taken.Anna ----------
  const pathText = (parts) => parts.reduce((out, p) => (typeof p === "number" ? `${out}[${p}]` : out ? `${out}.${p}` : String(p)), "");
  const getAt = (obj, parts) => parts.reduce((v, p) => (v !== null && typeof v === "object" ? v[p] : undefined), obj);
  function setAt(obj, parts, value) {
    let node = obj;
    for (let i = 0; i < parts.length - 1; i++) {
      if (node[parts[i]] === null || typeof node[parts[i]] !== "object") node[parts[i]] = typeof parts[i + 1] === "number" ? [] : {};
      node = node[parts[i]];
    }
    const last = parts[parts.length - 1];
    if (value === undefined) {
      if (Array.isArray(node)) node[last] = null;
      else delete node[last];
      prune(obj, parts.slice(0, -1));
    } else node[last] = value;
  }
  function prune(obj, parts) { // an optional mapping left empty goes away, as if never typed
    for (let n = parts.length; n > 0; n--) {
      const value = getAt(obj, parts.slice(0, n));
      if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0) {
        const parent = getAt(obj, parts.slice(0, n - 1));
        if (Array.isArray(parent)) break;
        delete parent[parts[n - 1]];
      } else break;
    }
  }

  // ---- the form, built from the game's record declaration (referee.records.fields.describe) ---------------
  // The form speaks the table's words: every field, column, option and choice shows its declared
  // label (or question); the record's keys appear only in the text view.
  const gameSpec = (slug) => GAMES.find((g) => g.game === slug);
  const players = () => (Array.isArray(state.record.players) ? state.record.players.map((p) => String(p ?? "")) : []);
  const sides = (parts) => {
    const teams = state.record.teams;
    if (teams && typeof teams === "object" && !Array.isArray(teams)) return Object.keys(teams);
    const here = getAt(state.record, parts);
    return here && typeof here === "object" ? Object.keys(here) : [];
  };
  const dealFields = (spec) => (spec.deals.summary ? spec.deals.summary.fields : []);
  const isFullPlay = (spec, deal) => deal && typeof deal === "object" && spec.full_play_key in deal;
  const labelOf = (field) => field.label || field.name; // every field declares one (a test makes sure)
  const titleOf = (field) => field.question || labelOf(field);
  const TEST_ONLY = ["expected"]; // keys for the test suite: never in what a reader receives

  function newRecord(slug, keepPlayers) {
    const spec = gameSpec(slug) || GAMES[0];
    const counts = spec.player_counts;
    const names = (keepPlayers || []).slice(0, counts[counts.length - 1]);
    while (names.length < counts[0]) names.push("");
    const record = { game: spec.game };
    if (spec.record.some((f) => f.name === "notation")) record.notation = lang; // cards as this page writes them
    record.players = names;
    const teams = spec.record.find((f) => f.name === "teams");
    if (teams && teams.required) record.teams = { [S["form.side1"]]: [], [S["form.side2"]]: [] };
    record.deals = [{}];
    state.fresh = true; // begun in the form: its first dealer is filled in once a player is named
    forgetEvening();
    return record;
  }

  function forgetEvening() { // a record of its own: no deal folded, no score carried
    state.folded = 0;
    state.carried = null;
    state.dealScores = [];
  }

  function changed(parts, value) {
    setAt(state.record, parts, value);
    state.own = true; // the reader's own record now: kept for the evening
    state.formChanged = true;
    state.textChanged = false;
    clearMarks();
  }

  let ids = 0;
  function hint(help) { // the longer help, one tap away: a phone shows no tooltip
    if (!help) return null;
    return el("details", { class: "checker-hint" },
      el("summary", { "aria-label": S["form.help"], title: S["form.help"], text: "?" }),
      el("small", { class: "checker-help", text: help }));
  }
  function labelled(label, help, control, path, node = control) { // node: the control, or its wrapper
    control.id = `checker-f${++ids}`;
    const group = control.getAttribute("role") === "radiogroup";
    const name = group ? el("span", { class: "checker-group-label", id: `${control.id}-label`, text: label })
      : el("label", { for: control.id, text: label });
    if (group) control.setAttribute("aria-labelledby", `${control.id}-label`);
    return el("div", { class: "checker-field", "data-path": path },
      el("div", { class: "checker-label-row" }, name, hint(help)), node);
  }
  const separator = () => (state.record.notation === "de" ? /\s*,\s*/ : /[\s,]+/);
  const joiner = () => (state.record.notation === "de" ? ", " : " ");

  function selectOf(values, labels, parts) {
    const value = getAt(state.record, parts);
    const control = el("select", {});
    control.dataset.values = JSON.stringify(values); // what each choice stands for (the record's word)
    control.append(el("option", { value: "", text: S["form.empty"] }));
    values.forEach((v, i) => control.append(el("option", { value: String(i), text: labels[String(v)] ?? String(v) })));
    const plain = value !== undefined && value !== null && typeof value !== "object";
    const at = values.findIndex((v) => v === value || (plain && String(v) === String(value)));
    if (at >= 0) control.value = String(at);
    else if (plain) { // a value the form does not offer: keep it as it is
      control.append(el("option", { value: "keep", text: String(value) }));
      control.value = "keep";
    }
    control.addEventListener("change", () => {
      if (control.value !== "keep") changed(parts, control.value === "" ? undefined : values[Number(control.value)]);
    });
    return control;
  }

  // A handful of choices (the dealer, trumps, yes or no) as buttons side by side: one tap, not two.
  function chipsOf(values, labels, parts, name) {
    const value = getAt(state.record, parts);
    const plain = value !== undefined && value !== null && typeof value !== "object";
    const group = el("div", { role: "radiogroup", class: "checker-chips", "aria-label": name || null });
    group.dataset.values = JSON.stringify(values);
    const options = values.map((v) => ({ v, text: labels[String(v)] ?? String(v) }));
    const at = values.findIndex((v) => v === value || (plain && String(v) === String(value)));
    if (at < 0 && plain) options.push({ v: value, text: String(value), kept: true }); // a value the form does not offer
    const buttons = options.map((o, i) => {
      const chosen = i === at || (o.kept === true);
      const b = el("button", { type: "button", role: "radio", class: "checker-chip", "aria-checked": String(chosen),
        tabindex: chosen || (at < 0 && !plain && i === 0) ? "0" : "-1", text: o.text });
      b.addEventListener("click", () => {
        const again = b.getAttribute("aria-checked") === "true";
        for (const other of buttons) { other.setAttribute("aria-checked", "false"); other.tabIndex = -1; }
        b.tabIndex = 0;
        if (!again) b.setAttribute("aria-checked", "true");
        if (!o.kept || again) changed(parts, again ? undefined : o.v); // a second tap clears the choice
      });
      b.addEventListener("keydown", (event) => { // arrows move between the choices, as in any radio group
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        const next = buttons[(i + step + buttons.length) % buttons.length];
        next.focus();
        next.click();
      });
      return b;
    });
    group.append(...buttons);
    return group;
  }

  function scalar(raw) { // what YAML would read from a bare word: a whole number, true/false, or text
    if (/^-?\d+$/.test(raw)) return parseInt(raw, 10);
    if (raw === "true" || raw === "false") return raw === "true";
    return raw;
  }

  // Ranks and suits as this page's readers write them (the record's notation decides what is typed).
  const RANKS = { en: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    ru: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К", "Т"],
    de: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"] };
  const SUITS = ["♠", "♥", "♦", "♣"];
  function picker(control, withSuits) { // a card (or rank) picker beside a box that still takes any notation
    const notation = RANKS[state.record.notation] ? state.record.notation : "en";
    const box = el("details", { class: "checker-picker" }, el("summary", { text: S["form.pick"] }));
    const add = (word) => {
      const now = control.value.trim();
      control.value = now ? now + joiner() + word : word;
      control.dispatchEvent(new Event("input"));
    };
    const ranks = RANKS[notation];
    if (withSuits) {
      for (const suit of SUITS) {
        box.append(el("div", { class: "checker-picker-row" }, ranks.map((r) => {
          const b = el("button", { type: "button", class: "checker-chip", text: r + suit });
          b.addEventListener("click", () => add(r + suit));
          return b;
        })));
      }
    } else {
      box.append(el("div", { class: "checker-picker-row" }, ranks.map((r) => {
        const b = el("button", { type: "button", class: "checker-chip", text: r });
        b.addEventListener("click", () => add(r));
        return b;
      })));
    }
    return box;
  }
  function noneButton(parts, control) { // "took nothing": an empty list, which a blank box cannot say
    const b = el("button", { type: "button", class: "checker-chip checker-none", "data-action": "none", text: S["form.nothing"] });
    b.setAttribute("aria-pressed", String(Array.isArray(getAt(state.record, parts)) && getAt(state.record, parts).length === 0));
    b.addEventListener("click", () => {
      control.value = "";
      changed(parts, []);
      control.placeholder = S["form.nothing_set"];
      b.setAttribute("aria-pressed", "true");
    });
    control.addEventListener("input", () => b.setAttribute("aria-pressed", "false"));
    return b;
  }
  function stepper(control) { // − and + beside a number: one tap instead of the phone's keyboard
    const step = (d) => {
      const now = /^-?\d+$/.test(control.value.trim()) ? parseInt(control.value, 10) : 0;
      let next = now + d;
      if (control.min !== "" && next < Number(control.min)) next = Number(control.min);
      if (control.max !== "" && next > Number(control.max)) next = Number(control.max);
      control.value = String(next);
      control.dispatchEvent(new Event("input"));
    };
    const minusB = el("button", { type: "button", class: "checker-step", "aria-label": S["form.less"], text: "\u2212" });
    const plusB = el("button", { type: "button", class: "checker-step", "aria-label": S["form.more_one"], text: "+" });
    minusB.addEventListener("click", () => step(-1));
    plusB.addEventListener("click", () => step(1));
    return el("span", { class: "checker-number" }, minusB, control, plusB);
  }

  function input(type, parts) { // the control for one value; its wrapper (stepper, picker) if it has one
    const value = getAt(state.record, parts);
    const shown = value === undefined || value === null || typeof value === "object" ? "" : value;
    let control;
    let wrapper = null;
    const text = (display, read) => {
      control = el("input", { type: "text", value: display, autocomplete: "off", spellcheck: false });
      control.addEventListener("input", () => {
        const raw = control.value.trim();
        changed(parts, raw === "" ? undefined : read(raw));
      });
    };
    switch (type.kind) {
      case "integer":
        if (type.unit === "minor") { // money: typed in roubles and kopecks, kept in kopecks as the record has it
          const rub = (n) => `${n < 0 ? "-" : ""}${Math.floor(Math.abs(n) / 100)}${Math.abs(n) % 100 ? S["money.sep"] + String(Math.abs(n) % 100).padStart(2, "0") : ""}`;
          control = el("input", { type: "text", value: typeof value === "number" ? rub(value) : String(shown), autocomplete: "off" });
          control.setAttribute("inputmode", "decimal");
          control.classList.add("checker-money");
          control.addEventListener("input", () => {
            const raw = control.value.trim().replace(/^\u2212/, "-").replace(",", ".").replace(/\s*₽$/, "");
            changed(parts, raw === "" ? undefined : /^-?\d+(\.\d{1,2})?$/.test(raw) ? Math.round(parseFloat(raw) * 100) : control.value.trim());
          });
          wrapper = el("span", { class: "checker-number" }, control, el("span", { "aria-hidden": "true", text: "₽" }));
          break;
        }
        control = el("input", { type: "text", inputmode: "numeric", value: String(shown), autocomplete: "off" });
        control.setAttribute("inputmode", "numeric");
        if (type.minimum !== null && type.minimum !== undefined) control.min = type.minimum;
        if (type.maximum !== null && type.maximum !== undefined) control.max = type.maximum;
        control.classList.add("checker-int");
        control.addEventListener("input", () => {
          const raw = control.value.trim().replace(/^\u2212/, "-");
          changed(parts, raw === "" ? undefined : /^-?\d+$/.test(raw) ? parseInt(raw, 10) : raw);
        });
        wrapper = stepper(control);
        break;
      case "boolean":
        control = chipsOf([true, false], { true: S["form.yes"], false: S["form.no"] }, parts);
        break;
      case "choice":
        control = type.values.length <= 4 ? chipsOf(type.values, type.labels || {}, parts) : selectOf(type.values, type.labels || {}, parts);
        break;
      case "player":
        control = players().filter(Boolean).length <= 6 ? chipsOf(players().filter(Boolean), {}, parts) : selectOf(players().filter(Boolean), {}, parts);
        break;
      case "suit":
        control = chipsOf(SUITS, {}, parts);
        break;
      case "one_of": {
        const choice = type.types.find((x) => x.kind === "choice");
        if (type.types.some((x) => x.kind === "player") && choice && type.types.length === 2) { // a player or a word
          const labels = Object.fromEntries(Object.entries(choice.labels || {}));
          control = chipsOf([...players().filter(Boolean), ...choice.values], labels, parts);
          break;
        }
        if (type.types.some((x) => x.kind === "player") && type.types.some((x) => x.kind === "list" && x.item.kind === "player")) {
          // Players in order (Kings Corners' out, a tie of losers): one choice a place, chosen from the list.
          const names = players().filter(Boolean);
          const now = Array.isArray(value) ? value.map(String) : value === undefined || value === null ? [] : [String(value)];
          control = el("span", { class: "checker-inline", "data-path": pathText(parts) });
          const selects = names.map((_, i) => {
            const one = el("select", { "aria-label": `${S["form.place"]} ${i + 1}` });
            one.dataset.values = JSON.stringify(names);
            one.dataset.path = pathText([...parts, i]);
            one.append(el("option", { value: "", text: S["form.empty"] }), ...names.map((n, k) => el("option", { value: String(k), text: n })));
            if (now[i] !== undefined && names.includes(now[i])) one.value = String(names.indexOf(now[i]));
            one.addEventListener("change", () => {
              const list = selects.map((s) => (s.value === "" ? null : names[Number(s.value)])).filter((n) => n !== null);
              changed(parts, list.length === 0 ? undefined : list.length === 1 ? list[0] : list);
            });
            return one;
          });
          control.append(...selects);
          control.dataset.path = pathText(parts);
          control.classList.add("checker-input");
          return control;
        }
        // Kings Corners' cards left, or a count: a list shows as one line, an object has its own columns.
        text(Array.isArray(value) ? value.map(String).join(joiner()) : String(shown), scalar);
        break;
      }
      case "list":
        if (type.item.kind === "player" && type.max_items) { // partners: one choice per seat
          control = el("span", { class: "checker-inline" });
          for (let i = 0; i < type.max_items; i++) {
            const one = selectOf(players().filter(Boolean), {}, [...parts, i]);
            one.dataset.path = pathText([...parts, i]);
            one.setAttribute("aria-label", `${S["form.partner"]} ${i + 1}`);
            control.append(one);
          }
          break;
        }
        if (type.item.kind === "object") { // a list of small objects (Buy or Pass's lay-downs): its JSON, kept exactly
          text(value === undefined ? "" : JSON.stringify(value), (raw) => { try { return JSON.parse(raw); } catch { return raw; } });
          break;
        }
        // ranks, suits or cards: one line, separated as the notation separates them
        text(Array.isArray(value) ? value.map(String).join(joiner()) : String(shown),
          (raw) => raw.split(separator()).filter(Boolean).map((v) => (type.item.kind === "integer" ? scalar(v) : v)));
        if (Array.isArray(value) && value.length === 0) control.placeholder = S["form.nothing_set"];
        wrapper = el("span", { class: "checker-cards" }, control, noneButton(parts, control),
          ["rank", "card", "suit"].includes(type.item.kind) ? picker(control, type.item.kind === "card") : null);
        if (type.item.kind === "suit") { // suits: the picker offers the four signs
          wrapper.lastChild.remove();
          const row = el("span", { class: "checker-picker-row" }, SUITS.map((suit) => {
            const b = el("button", { type: "button", class: "checker-chip", text: suit });
            b.addEventListener("click", () => {
              control.value = control.value.trim() ? control.value.trim() + joiner() + suit : suit;
              control.dispatchEvent(new Event("input"));
            });
            return b;
          }));
          wrapper.append(row);
        }
        break;
      case "cards": // the reader takes cards as one line too
        text(Array.isArray(value) ? value.map(String).join(joiner()) : String(shown), (raw) => raw);
        wrapper = el("span", { class: "checker-cards" }, control, picker(control, true));
        break;
      case "card":
        text(String(shown), (raw) => raw);
        wrapper = el("span", { class: "checker-cards" }, control, picker(control, true));
        break;
      case "rank": case "text":
        text(String(shown), (raw) => raw);
        break;
      default: // a shape the form has no control for: its JSON, kept exactly
        text(value === undefined ? "" : JSON.stringify(value), (raw) => { try { return JSON.parse(raw); } catch { return raw; } });
    }
    control.dataset.path = pathText(parts);
    control.classList.add("checker-input");
    if (wrapper) wrapper.control = control;
    return wrapper || control;
  }
  const controlOf = (node) => node.control || node; // the input inside a stepper or a picker
  function linesBox(parts) { // a list written one item a line (turns, moves): what a scoresheet column holds
    const value = getAt(state.record, parts);
    const control = el("textarea", { rows: "6", spellcheck: false, autocomplete: "off", class: "checker-input checker-lines" });
    control.value = Array.isArray(value) ? value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join("\n")
      : value === undefined || value === null ? "" : String(value);
    control.addEventListener("input", () => {
      const lines = control.value.split("\n").map((l) => l.trim()).filter(Boolean);
      changed(parts, lines.length ? lines : undefined);
    });
    control.dataset.path = pathText(parts);
    return control;
  }

  // `extra`: further per-player fields shown as the table's last columns (the claim beside what each took:
  // a scoresheet's row per player, filled in one go).
  function fieldNode(field, parts, extra = []) { // one declared field: a control, a group of fields, or a table per player or side
    const type = field.type;
    const path = pathText(parts);
    if (["game", "players", "options", "deals"].includes(type.kind) || TEST_ONLY.includes(field.name)) return null;
    if (type.kind === "any") return labelled(titleOf(field), field.help, linesBox(parts), path); // Construction's turns
    if (type.kind === "object") {
      return el("fieldset", { class: "checker-group", "data-path": path },
        el("legend", { text: titleOf(field) }), hint(field.help),
        type.fields.map((f) => fieldNode(f, [...parts, f.name])));
    }
    if (type.kind === "per_player" || type.kind === "per_side") {
      const definesSides = type.kind === "per_side" && parts.length === 1 && parts[0] === "teams";
      const keys = (type.kind === "per_player" ? players() : sides(parts)).filter((k) => definesSides || k);
      const inner = type.value;
      // Columns: an object's fields; for "an object or something else" (Yacht's bids) the object's
      // fields and one more column for the other choice, which replaces the object when chosen.
      const object = inner.kind === "object" ? inner : inner.kind === "one_of" ? inner.types.find((x) => x.kind === "object") : null;
      const others = inner.kind === "one_of" && object ? inner.types.filter((x) => x !== object) : [];
      const columns = object ? [...object.fields] : [{ name: null, label: labelOf(field), help: "", type: inner }];
      if (others.length) columns.push({ name: null, label: S["form.or"], help: "", type: others.length === 1 ? others[0] : { kind: "one_of", types: others }, other: true });
      for (const x of extra) columns.push({ name: null, label: labelOf(x.field), help: x.field.help, type: x.field.type.value, base: x.parts });
      const headOf = (c) => c.label || c.name;
      const table = el("table", { class: "checker-table" },
        el("thead", {}, el("tr", {}, el("th", { text: type.kind === "per_side" ? S["form.side_col"] : S["form.player_col"] }),
          columns.map((c) => el("th", { text: headOf(c) })))),
        el("tbody", {}, keys.map((k) => {
          const row = el("tr", { "data-path": pathText([...parts, k]) });
          if (definesSides) {
            const name = el("input", { type: "text", value: k, autocomplete: "off" });
            name.dataset.path = `teams.${k}`;
            name.classList.add("checker-input", "checker-side");
            name.setAttribute("aria-label", S["form.side"]);
            name.addEventListener("change", () => {
              renamePlayer(k, name.value.trim() || k, true);
              state.formChanged = true;
              state.textChanged = false;
              renderForm();
            });
            row.append(el("th", { scope: "row" }, name));
          } else row.append(el("th", { scope: "row", text: k }));
          const cells = columns.map((c) => {
            const cell = c.base ? [...c.base, k] : c.name === null ? [...parts, k] : [...parts, k, c.name];
            const node = input(c.type, cell);
            const control = controlOf(node);
            control.setAttribute("aria-label", `${k}: ${headOf(c)}`);
            if (c.other) control.addEventListener("change", () => renderForm());
            else if (others.length) control.addEventListener("input", () => { // the object now, not the other choice
              const alt = row.querySelector(`select[data-path="${CSS.escape(pathText([...parts, k]))}"]`);
              if (alt && alt.tagName === "SELECT") alt.value = "";
            });
            return el("td", { "data-path": pathText(cell), "data-label": headOf(c) }, node);
          });
          row.append(...cells);
          return row;
        })));
      return el("div", { class: "checker-field", "data-path": path, "data-also": extra.length ? pathText(extra[0].parts) : null },
        el("div", { class: "checker-label-row" }, el("div", { class: "checker-table-title", text: titleOf(field) }), hint(field.help)),
        // A field shown as the last columns keeps its question and its "?" above the table (a phone hides the head).
        extra.map((x) => el("div", { class: "checker-label-row" }, el("div", { class: "checker-table-title", text: titleOf(x.field) }), hint(x.field.help))),
        table);
    }
    const node = input(type, parts);
    return labelled(titleOf(field), field.help, controlOf(node), path, node);
  }

  // What a scoresheet rarely needs stays folded, with one line that says when to open it.
  const hasValue = (value) => value !== undefined && value !== null && !(typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0);
  function fold(summary, nodes, open) {
    const box = el("details", { class: "checker-more", open: open || null }, el("summary", { text: summary }));
    box.append(...nodes.filter(Boolean));
    return box;
  }

  // A record begun in the form has its first dealer filled in: the players are listed from the dealer
  // (the label says so), so the first name is the dealer unless the reader taps another.
  function prefillDealer(spec) {
    if (!state.fresh || !spec) return;
    const dealer = dealFields(spec).find((f) => f.name === "dealer" && f.required && f.type.kind === "player");
    const first = players()[0];
    const deal = Array.isArray(state.record.deals) ? state.record.deals[0] : null;
    if (!dealer || !first || !deal || typeof deal !== "object") return;
    if (deal.dealer === undefined) deal.dealer = first;
    state.fresh = false;
  }

  function renderForm(focus = null) {
    const spec = gameSpec(state.record.game);
    const keep = focus; // the box that is to have the focus after the re-render (a renamed player rebuilds the form)
    // What the reader has opened (a fold, a card picker, a "?") stays open in the rebuilt form.
    const foldKey = (box) => `${box.closest("[data-path]") ? box.closest("[data-path]").dataset.path : ""}|${box.querySelector("summary") ? box.querySelector("summary").textContent : ""}`;
    const opened = new Set([...formView.querySelectorAll("details[open]")].map(foldKey));
    prefillDealer(spec);
    formView.replaceChildren();
    const game = el("select", {}, GAMES.map((g) => el("option", { value: g.game, text: g.name })));
    if (!spec) game.append(el("option", { value: "", text: String(state.record.game ?? S["form.empty"]) }));
    game.value = spec ? spec.game : "";
    game.dataset.path = "game";
    game.addEventListener("change", () => {
      state.record = newRecord(game.value, players().filter(Boolean));
      state.formChanged = true;
      renderForm();
    });
    formView.append(labelled(S["form.game"], null, game, "game"));
    if (!spec) return;
    if (spec.sample_text) { // one of the game's worked examples, as a start
      const sample = el("button", { type: "button", class: "md-button checker-small", "data-action": "sample", text: S["form.sample"] });
      sample.addEventListener("click", () => run(async () => {
        setText(spec.sample_text);
        state.textChanged = true;
        state.formChanged = false;
        await show("form");
      }));
      formView.append(sample);
    }
    const setup = [];
    for (const field of spec.record) {
      const kind = field.type.kind;
      if (kind === "players") formView.append(playersNode(spec));
      else if (kind === "options") setup.push(optionsNode(field));
      else if (kind === "deals") {
        if (setup.length) formView.append(fold(S["form.setup"], setup, setup.some((n) => n.dataset.filled === "true")));
        setup.length = 0;
        formView.append(...dealsNodes(spec));
      } else {
        const node = fieldNode(field, [field.name]);
        if (!node) continue;
        if (field.required) formView.append(node);
        else {
          if (hasValue(getAt(state.record, [field.name])) && field.name !== "notation") node.dataset.filled = "true";
          setup.push(node);
        }
      }
    }
    if (setup.length) formView.append(fold(S["form.setup"], setup, setup.some((n) => n.dataset.filled === "true")));
    // The phone's keyboard shows "next" and moves on to the next box (see moveOn): no tap between boxes.
    for (const box of formView.querySelectorAll("input.checker-input")) box.setAttribute("enterkeyhint", "next");
    for (const box of formView.querySelectorAll("details:not([open])")) if (opened.has(foldKey(box))) box.open = true;
    if (keep) focusPath(keep);
  }

  // A name is taken when its box is left, and the form is rebuilt with it (chips, tables). When a tap elsewhere
  // left the box, the rebuild waits until that tap has done its work: else the tapped control (the next box,
  // "add a player", a dealer) would be gone before its click, and the tap lost.
  // Touch only: a phone moves the focus (and so takes the name) only once the finger is lifted, just before
  // the click; a mouse takes it on the press, and its click then lands on the rebuilt form as before.
  let pressedAt = -Infinity;
  formView.addEventListener("pointerdown", (event) => {
    pressedAt = event.pointerType === "mouse" ? -Infinity : performance.now();
  }, true);
  function renderAfterTap() {
    if (performance.now() - pressedAt > 1000) { renderForm(); return; } // Enter, a script, or the keyboard's Tab
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      document.removeEventListener("click", finish);
      const active = document.activeElement;
      const path = active && formView.contains(active) && active.dataset.path ? active.dataset.path : null;
      const typed = active && active.matches("input[data-path^='players[']") ? active.value : null;
      renderForm(path);
      const box = path && typed !== null ? formView.querySelector(`input[data-path="${CSS.escape(path)}"]`) : null;
      if (box) box.value = typed; // what was typed into the tapped box meanwhile is not lost
    };
    document.addEventListener("click", finish); // bubbling: after the tapped control's own click
    setTimeout(finish, 700); // a tap that brings no click
  }

  // ---- typing through the form: the keyboard's "next" key (Enter) goes to the next box -------------
  const typable = () => [...formView.querySelectorAll("input.checker-input")]
    .filter((box) => box.type === "text" && !box.closest("details:not([open])") && !box.closest("[hidden]"));
  function focusPath(path) {
    const box = formView.querySelector(`input[data-path="${CSS.escape(path)}"], select[data-path="${CSS.escape(path)}"]`);
    if (box) box.focus({ preventScroll: false });
    return box;
  }
  function moveOn(from) {
    const path = from.dataset.path || "";
    const seat = /^players\[(\d+)\]$/.exec(path);
    const spec = gameSpec(state.record.game);
    if (seat && spec) { // names: Enter after the last one adds a seat; Enter on an empty new seat ends the list
      const i = Number(seat[1]);
      const names = state.record.players;
      const counts = spec.player_counts;
      if (i === names.length - 1 && from.value.trim() && names.length < counts[counts.length - 1]) {
        from.dispatchEvent(new Event("change"));
        state.record.players.push("");
        renderForm(`players[${i + 1}]`);
        return;
      }
      if (i === names.length - 1 && !from.value.trim() && names.length > counts[0]) {
        state.record.players.pop();
        renderForm();
        const next = typable().find((box) => !/^players\[/.test(box.dataset.path || ""));
        if (next) next.focus();
        return;
      }
    }
    const boxes = typable();
    const next = boxes[boxes.indexOf(from) + 1];
    if (seat) from.dispatchEvent(new Event("change")); // a name is taken when the box is left (it may rebuild the form)
    if (next && next.dataset.path) focusPath(next.dataset.path);
    else { // the last box: the keyboard closes, and the next tap checks the score
      from.blur();
      buttons.check.scrollIntoView({ block: "nearest" });
      buttons.check.focus();
    }
  }
  formView.addEventListener("keydown", (event) => {
    const box = event.target;
    if (event.key !== "Enter" || event.isComposing || !(box instanceof HTMLInputElement) || !box.classList.contains("checker-input")) return;
    event.preventDefault();
    moveOn(box);
  });

  function playersNode(spec) {
    const counts = spec.player_counts;
    const list = el("fieldset", { class: "checker-group checker-players", "data-path": "players" },
      el("legend", { text: S[dealFields(spec).some((f) => f.name === "dealer" && f.required) ? "form.players_dealer" : "form.players"] }));
    const names = Array.isArray(state.record.players) ? state.record.players : [];
    names.forEach((name, i) => {
      const box = el("input", { type: "text", value: name === null || name === undefined ? "" : String(name), autocomplete: "off" });
      box.id = `checker-player-${i}`;
      box.dataset.path = `players[${i}]`;
      box.classList.add("checker-input");
      box.setAttribute("list", "checker-known-players");
      box.addEventListener("change", () => {
        const old = String(state.record.players[i] ?? "");
        state.record.players[i] = box.value.trim();
        renamePlayer(old, box.value.trim());
        state.own = true;
        state.formChanged = true;
        state.textChanged = false;
        renderAfterTap();
      });
      const row = el("div", { class: "checker-player", "data-path": `players[${i}]` },
        el("label", { for: box.id, text: fmt(S["form.player"], { n: i + 1 }) }), box);
      if (names.length > counts[0]) {
        const remove = el("button", { type: "button", class: "md-button checker-small", text: S["form.remove"] });
        remove.setAttribute("aria-label", `${S["form.remove"]}: ${fmt(S["form.player"], { n: i + 1 })}`);
        remove.addEventListener("click", () => {
          const [gone] = state.record.players.splice(i, 1);
          renamePlayer(String(gone ?? ""), null);
          state.formChanged = true;
          renderForm();
        });
        row.append(remove);
      }
      list.append(row);
    });
    // Players chosen from a list: the names this device remembers from earlier evenings.
    list.append(el("datalist", { id: "checker-known-players" }, knownPlayers().map((n) => el("option", { value: n }))));
    if (names.length < counts[counts.length - 1]) {
      const add = el("button", { type: "button", class: "md-button checker-small", "data-action": "add-player", text: S["form.add_player"] });
      add.addEventListener("click", () => {
        state.record.players = [...names, ""];
        state.formChanged = true;
        renderForm(`players[${names.length}]`); // straight into the new box
      });
      list.append(add);
    }
    return list;
  }

  function optionsNode(field) {
    const box = el("fieldset", { class: "checker-group", "data-path": "options" }, el("legend", { text: S["form.options"] }));
    for (const option of field.type.options) {
      const parts = ["options", option.name];
      const node = option.choices === null
        ? input({ kind: "integer", minimum: option.minimum, unit: option.unit }, parts)
        : selectOf(option.choices, typeof option.default === "boolean" && !Object.keys(option.choice_labels || {}).length
          ? { true: S["form.yes"], false: S["form.no"] } : option.choice_labels || {}, parts);
      const control = controlOf(node);
      control.dataset.path = pathText(parts);
      const shownDefault = option.choice_labels && String(option.default) in option.choice_labels
        ? option.choice_labels[String(option.default)]
        : typeof option.default === "boolean" ? S[option.default ? "form.yes" : "form.no"] : String(option.default);
      const help = [option.help, fmt(S["form.default"], { value: shownDefault })].filter(Boolean).join(" ");
      box.append(labelled(option.label || option.name, help, control, pathText(parts), node));
    }
    if (hasValue(state.record.options)) box.dataset.filled = "true";
    return box;
  }

  function dealsNodes(spec) {
    const out = [];
    const deals = Array.isArray(state.record.deals) ? state.record.deals : [];
    const scoreLine = (scores) => (state.order.length ? state.order : Object.keys(scores))
      .filter((p) => p in scores).map((p) => `${p} ${amount(scores[p], spec.game)}`).join(", ");
    deals.forEach((deal, i) => {
      const box = el("fieldset", { class: "checker-group checker-deal", "data-path": `deals[${i}]` },
        el("legend", { text: fmt(S["form.deal"], { n: i + 1 }) }));
      if (i === state.folded && state.carried) { // "next deal": the score the evening has reached, carried over
        box.append(el("p", { class: "checker-carried", "data-deal": String(i + 1) }, fmt(S["form.carried"], { scores: scoreLine(state.carried) })));
      }
      if (isFullPlay(spec, deal)) box.append(el("p", { class: "checker-help", text: S["form.full_play"] }));
      else {
        const optional = [];
        const grouped = new Set((spec.deals.summary ? spec.deals.summary.groups : []).flatMap((g) => g.names));
        const fields = dealFields(spec);
        // The claim per player goes into the table of what each player took: one row per player, as on paper.
        const claim = fields.find((f) => f.name === "claim" && f.type.kind === "per_player");
        const host = claim && fields.find((f) => f !== claim && f.required && f.type.kind === "per_player");
        for (const field of fields) {
          if (host && field === claim) continue;
          const node = fieldNode(field, ["deals", i, field.name], host && field === host ? [{ field: claim, parts: ["deals", i, "claim"] }] : []);
          if (!node) continue;
          // Needed fields in the order a scoresheet is filled in; the rest folded unless already filled.
          if (field.required || field.condition || grouped.has(field.name) || field.name === "claim") box.append(node);
          else {
            if (hasValue(getAt(deal, [field.name]))) node.dataset.filled = "true";
            optional.push(node);
          }
        }
        if (optional.length) box.append(fold(S["form.more"], optional, optional.some((n) => n.dataset.filled === "true")));
      }
      if (deals.length > 1) {
        const remove = el("button", { type: "button", class: "md-button checker-small", text: S["form.remove_deal"] });
        remove.addEventListener("click", () => {
          state.record.deals.splice(i, 1);
          if (i < state.folded) state.folded--;
          state.carried = null; // the totals before the next deal changed: the next check says them again
          state.formChanged = true;
          renderForm();
        });
        box.append(remove);
      }
      if (i < state.folded) { // a deal already checked this evening: folded to one line with its score
        const scores = state.dealScores[i];
        out.push(el("details", { class: "checker-deal-done", "data-deal": String(i + 1) },
          el("summary", { text: scores ? `${fmt(S["form.deal"], { n: i + 1 })}: ${scoreLine(scores)}` : fmt(S["form.deal"], { n: i + 1 }) }), box));
      } else out.push(box);
    });
    if (!spec.max_deals || deals.length < spec.max_deals) {
      const add = el("button", { type: "button", class: "md-button", "data-action": "add-deal", text: S["form.add_deal"] });
      add.addEventListener("click", () => {
        if (!Array.isArray(state.record.deals)) state.record.deals = [];
        state.record.deals.push(nextDeal(state.record.deals));
        state.formChanged = true;
        renderForm();
      });
      out.push(add);
    }
    return out;
  }
  function nextDeal(deals) { // the next deal: the deal passes to the left
    const last = deals[deals.length - 1];
    const names = players().filter(Boolean);
    if (!last || typeof last.dealer !== "string" || !names.includes(last.dealer)) return {};
    return { dealer: names[(names.indexOf(last.dealer) + 1) % names.length] };
  }

  function renamePlayer(old, now, keysOnly = false) { // a renamed player (or side) keeps their entries everywhere
    if (!old || old === now) return;
    const visit = (value) => {
      if (!value || typeof value !== "object") return;
      if (!Array.isArray(value) && old in value && (now === null || !(now in value))) {
        const entries = Object.entries(value).map(([k, v]) => (k === old ? [now, v] : [k, v])).filter(([k]) => k !== null);
        for (const k of Object.keys(value)) delete value[k];
        for (const [k, v] of entries) value[k] = v;
      }
      for (const [k, v] of Object.entries(value)) {
        if (v === old && now !== null && !keysOnly) value[k] = now;
        else visit(v);
      }
    };
    for (const key of Object.keys(state.record)) if (!["players", "game", "options"].includes(key) || (keysOnly && key === "teams")) visit(state.record[key]);
  }

  // ---- the text box --------------------------------------------------------------------------
  const GUTTER_LINES = 20_000; // numbers beyond it would cost more than they help (a season is far shorter)
  function renderGutter(bad = new Set()) {
    let count = 1;
    for (let at = textarea.value.indexOf("\n"); at >= 0 && count <= GUTTER_LINES; at = textarea.value.indexOf("\n", at + 1)) count++;
    // Appended one by one: spreading many thousands of arguments into one call overflows the stack.
    const numbers = document.createDocumentFragment();
    for (let i = 1; i <= Math.min(count, GUTTER_LINES); i++) {
      numbers.append(el("span", { class: bad.has(i) ? "checker-bad" : null, "data-line": String(i), text: String(i) }));
    }
    gutter.replaceChildren(numbers);
    gutter.scrollTop = textarea.scrollTop;
  }
  textarea.addEventListener("input", () => {
    state.text = textarea.value;
    state.textChanged = true;
    state.formChanged = false;
    renderGutter();
  });
  textarea.addEventListener("scroll", () => { gutter.scrollTop = textarea.scrollTop; });
  function setText(text) {
    state.text = text;
    textarea.value = text;
    renderGutter();
  }
  function selectLine(line) {
    const lines = textarea.value.split("\n");
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    textarea.focus();
    textarea.setSelectionRange(start, start + (lines[line - 1] || "").length);
    const height = textarea.scrollHeight / Math.max(1, lines.length);
    textarea.scrollTop = Math.max(0, (line - 3) * height);
  }
  $(".checker-file-input").addEventListener("change", (event) => run(async () => {
    const file = event.target.files[0];
    if (!file) return;
    setText(await file.text());
    state.textChanged = true;
    state.formChanged = false;
    await show("text");
  }));

  // ---- switching views -----------------------------------------------------------------------
  async function currentText() { // the record as text, from whichever view holds the latest edits
    if (state.view === "form" && (state.formChanged || state.text === "")) {
      setText(await call("dump", { data: JSON.stringify(forReaders(state.record)) }));
      state.formChanged = false;
    }
    return state.text;
  }
  async function show(view) {
    if (view === "text" && state.view === "form") await currentText();
    if (view === "form" && state.textChanged) {
      const parsed = JSON.parse(await call("parse", { text: state.text }));
      if (!parsed.ok || !parsed.data || typeof parsed.data !== "object" || Array.isArray(parsed.data)) {
        showErrors(parsed, S["text.unreadable"]);
        return;
      }
      state.record = parsed.data;
      state.fresh = false; // a record read from the text is taken as it is: nothing filled in for it
      forgetEvening();
      state.textChanged = false;
      if (TEST_ONLY.some((k) => k in state.record)) { // a test's expectations are not the reader's: drop them
        state.record = forReaders(state.record);
        state.formChanged = true;
      }
      renderForm();
    }
    state.view = view;
    for (const tab of root.querySelectorAll(".checker-tab")) tab.setAttribute("aria-selected", String(tab.dataset.view === view));
    for (const panel of root.querySelectorAll(".checker-view")) panel.hidden = panel.dataset.view !== view;
    root.dataset.view = view;
  }
  for (const tab of root.querySelectorAll(".checker-tab")) {
    tab.addEventListener("click", () => run(() => show(tab.dataset.view)));
  }

  let queue = Promise.resolve();
  function run(task) { // one thing at a time, in order (a click while the referee works waits its turn)
    queue = queue.then(async () => {
      root.setAttribute("aria-busy", "true");
      try {
        await task();
      } catch (error) {
        answer.replaceChildren(el("p", { class: "checker-state checker-state-2", text: fmt(S["stage.failed"], { error: error.message }) }));
      } finally {
        root.removeAttribute("aria-busy");
      }
    });
    return queue;
  }

  // ---- the answer ------------------------------------------------------------------------------
  const forReaders = (record) => Object.fromEntries(Object.entries(record || {}).filter(([k]) => !TEST_ONLY.includes(k)));
  function clearMarks() {
    for (const node of root.querySelectorAll(".checker-bad")) node.classList.remove("checker-bad");
    for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    for (const node of root.querySelectorAll(".checker-field-error")) node.remove();
  }
  function markPath(path) { // the field named by a finding, or the nearest part of the form that shows it
    let p = path;
    while (p) {
      const found = formView.querySelector(`[data-path="${CSS.escape(p)}"]`) || formView.querySelector(`[data-also="${CSS.escape(p)}"]`);
      if (found) {
        for (let box = found.closest("details:not([open])"); box; box = box.parentElement.closest("details:not([open])")) box.open = true;
        found.classList.add("checker-bad");
        const control = found.matches("input, select, [role=radiogroup]") ? found : found.querySelector("input, select, [role=radiogroup]");
        if (control) control.setAttribute("aria-invalid", "true");
        return found;
      }
      p = p.includes(".") || p.includes("[") ? p.replace(/(\.[^.[\]]+|\[\d+\])$/, "") : "";
    }
    return null;
  }
  function messageBeside(node, text) { // the message next to its field, where the eye already is
    if (!node) return;
    const box = node.closest(".checker-field, .checker-player, tr, .checker-group") || node;
    const note = el("p", { class: "checker-field-error", role: "note", text });
    if (box.tagName === "TR") {
      const cell = el("td", { colspan: String(box.children.length) }, note);
      box.after(el("tr", { class: "checker-field-error" }, cell));
    } else box.append(note);
  }
  // A finding or an error names a path (deals[0].taken.Anna) and a line; the JSON of the referee gives
  // them as "where" ({path, line}) or, in the shape issue 23 settles, as "path" and "line".
  const whereOf = (item) => ({ path: (item.where && item.where.path) ?? item.path ?? null, line: (item.where && item.where.line) ?? item.line ?? null });
  function place(where) {
    const parts = [];
    if (where.line) parts.push(fmt(S.line, { line: where.line }));
    if (where.path) parts.push(where.path);
    return parts.join(", ");
  }
  function problemList(items, title) {
    const lines = new Set(items.map((f) => whereOf(f).line).filter(Boolean));
    clearMarks();
    renderGutter(lines);
    return el("section", { class: "checker-findings" }, el("h3", { text: title }),
      el("ul", {}, items.map((item) => {
        const where = whereOf(item);
        // In the form, the link goes to the field; in the text, to the line.
        const field = state.view === "form" && where.path ? markPath(where.path) : null;
        if (field) messageBeside(field, item.message);
        let link = null;
        if (field) {
          link = el("button", { type: "button", class: "checker-place", "data-path": where.path, text: S["form.to_field"] });
          link.addEventListener("click", () => {
            field.scrollIntoView({ block: "center" });
            const control = field.matches("input, select") ? field
              : field.querySelector("input, select, [role=radio][tabindex='0'], [role=radio]");
            if (control) control.focus();
          });
        } else if (where.line) {
          link = el("button", { type: "button", class: "checker-place", "data-line": String(where.line), text: place(where) });
          link.addEventListener("click", () => run(async () => { await show("text"); selectLine(where.line); }));
        }
        return el("li", { class: `checker-finding checker-${item.severity || "error"}`, "data-code": item.code || "" },
          el("span", { class: "checker-message", text: item.message }), link ? " " : null, link);
      })));
  }
  function showErrors(result, note) {
    root.dataset.state = "2";
    answer.replaceChildren(...[
      el("p", { class: "checker-state checker-state-2", "data-state": "2" }, el("strong", { text: S["state.2"] })),
      note ? el("p", { text: note }) : null,
      problemList(result.errors || [], S.errors),
      el("p", { class: "checker-exit" }, el("small", { text: fmt(S.exit, { code: 2 }) }))].filter(Boolean));
  }
  const money = (game) => game === "buy-or-pass"; // amounts in kopecks: shown as roubles and kopecks
  function amount(n, game) {
    if (typeof n !== "number") return String(n);
    if (!money(game)) return minus(n);
    const sign = n < 0 ? "\u2212" : "";
    const abs = Math.abs(n);
    return fmt(S["money"], { amount: `${sign}${Math.floor(abs / 100)}${S["money.sep"]}${String(abs % 100).padStart(2, "0")}` });
  }
  function showVerdict(status, result, explain) {
    root.dataset.state = String(status);
    const game = result.game;
    // A disagreeing claim is a finding in the JSON too ("deal.claim"); here its sentence and its marked cells say it.
    const findings = result.findings.filter((f) => f.code !== "deal.claim");
    // The players in the record's order: an object's keys that look like numbers ("7") come first in JS.
    const order = explain && explain.order && explain.order.length ? explain.order : Object.keys(result.totals || {});
    const said = (explain && explain.sentences) || [];
    const kinds = new Set(said.map((s) => s.kind));
    const headline = status === 0 ? S["state.0"] : kinds.has("claim") && kinds.has("finding") ? S["state.1.both"]
      : kinds.has("claim") ? S["state.1.claim"] : S["state.1.rule"];
    const sentence = (s) => el("li", { class: `checker-sentence checker-sentence-${s.kind}`, "data-player": s.player ?? null },
      el("span", { text: s.text }), " ",
      s.href ? el("a", { class: "checker-rule", href: s.href, "data-rule": s.rule || null, text: s.rule || S["rule"] }) : null);
    const houseRules = (explain && explain.house_rules) || [];
    const rows = result.deals.map((deal) => el("tr", { "data-deal": String(deal.deal) },
      el("th", { scope: "row", text: fmt(S["form.deal"], { n: deal.deal }) }),
      order.map((n) => {
        const claimed = deal.claim && n in deal.claim && deal.claim_agrees === false && deal.claim_compared_with === undefined
          && deal.claim[n] !== deal.scores[n];
        return el("td", { "data-player": n, "data-label": n, class: claimed ? "checker-disagrees" : null },
          el("span", { class: "checker-score", "data-value": String(deal.scores[n]), text: amount(deal.scores[n], game) }),
          deal.totals && n in deal.totals ? el("small", { class: "checker-running", text: ` \u2192 ${amount(deal.totals[n], game)}` }) : null,
          claimed ? el("small", { class: "checker-claimed", text: ` (${fmt(S["table.claim"], { value: amount(deal.claim[n], game) })})` }) : null);
      })));
    const table = el("table", { class: "checker-scores" },
      el("thead", {}, el("tr", {}, el("th", { text: S["table.deal"] }), order.map((n) => el("th", { text: n })))),
      el("tbody", {}, rows),
      el("tfoot", {}, el("tr", { "data-deal": "total" }, el("th", { scope: "row", text: S["table.total"] }),
        order.map((n) => el("td", { "data-player": n, "data-label": n, "data-value": String(result.totals[n]),
          text: amount(result.totals[n], game) })))));
    const steps = el("details", { class: "checker-steps" }, el("summary", { text: fmt(S.steps_fold, { code: status }) }),
      el("p", { class: "checker-exit", text: fmt(S.exit, { code: status }) }),
      result.deals.map((deal) => el("section", {},
        el("h4", { text: fmt(S["form.deal"], { n: deal.deal }) }),
        el("ol", {}, deal.explanation.map((line) => el("li", { text: line }))))));
    state.order = order;
    state.dealScores = result.deals.map((d) => d.scores);
    answer.replaceChildren(...[
      el("p", { class: `checker-state checker-state-${status}`, "data-state": String(status) }, el("strong", { text: headline })),
      el("ul", { class: "checker-sentences" }, said.map(sentence)),
      houseRules.length ? el("section", { class: "checker-house-rules" }, el("h3", { text: S["house_rules"] }),
        el("ul", {}, houseRules.map(sentence))) : null,
      el("div", { class: "checker-scroll" }, table),
      nextDealButton(result),
      el("p", { class: "checker-help", text: money(game) ? `${S["table.legend"]} ${S["money.note"]}` : S["table.legend"] }),
      // The termination names the winner itself ("Anna reaches 41 and wins"): no "Winner: Anna" before it.
      el("p", { class: "checker-winner", "data-winner": result.winner ?? "" },
        el("strong", { class: "checker-termination", text: (explain && explain.termination) || result.termination.message })),
      findings.length ? problemList(findings, S.findings) : null,
      steps].filter(Boolean));
    if (!findings.length) { renderGutter(); clearMarks(); }
    // Each disputed score marks its own cell of the claim, not the whole table.
    for (const s of said) if (s.kind === "claim") markPath(`deals[${s.deal - 1}].claim${s.player ? `.${s.player}` : ""}`);
    remember();
  }

  // "Next deal" on the evening's scoresheet: the deals checked so far fold to one line each, a new deal
  // starts with the dealer moved on, and the totals reached are shown above it (they stay in the record:
  // the evening is one record, downloaded whole). "Add a deal" only adds a deal, for copying a sheet.
  function nextDealButton(result) {
    const spec = gameSpec(state.record && state.record.game);
    const deals = state.record && Array.isArray(state.record.deals) ? state.record.deals : [];
    if (!spec || !state.own || state.view !== "form" || result.game !== spec.game || !deals.length
        || deals.some((d) => isFullPlay(spec, d)) || (spec.max_deals && deals.length >= spec.max_deals)) return null;
    const next = el("button", { type: "button", class: "md-button md-button--primary", "data-action": "next-deal", text: S["form.next_deal"] });
    next.addEventListener("click", () => run(async () => {
      state.record.deals.push(nextDeal(state.record.deals));
      state.folded = state.record.deals.length - 1;
      state.carried = { ...result.totals };
      state.formChanged = true;
      renderForm();
      answer.replaceChildren();
      remember();
      const box = formView.querySelector(`fieldset[data-path="deals[${state.folded}]"]`);
      if (box) box.scrollIntoView({ block: "start" });
    }));
    return el("p", { class: "checker-next" }, next);
  }

  async function check() {
    answer.replaceChildren(el("p", { class: "checker-working", text: S.working }));
    const text = await currentText();
    const { status, result, explain } = JSON.parse(await call("check", { text }));
    if (status === 2) showErrors(result);
    else showVerdict(status, result, explain);
    answer.scrollIntoView({ block: "nearest" });
  }
  buttons.check.addEventListener("click", () => run(check));

  // ---- download and share -----------------------------------------------------------------------
  buttons.download.addEventListener("click", () => run(async () => {
    const text = await currentText();
    const game = (state.record && state.record.game) || "record";
    const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/yaml" })), download: `${game}.yaml` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }));

  const b64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const unb64url = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
  async function pack(text) {
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate"));
    return b64url(new Uint8Array(await new Response(stream).arrayBuffer()));
  }
  // The referee reads at most 2 MB (referee/limits.py MAX_BYTES), as the command line does: a link
  // is inflated only that far, so that a small link cannot fill the tab's memory.
  const MAX_RECORD_BYTES = 2_000_000;
  class TooLarge extends Error {}
  async function unpack(packed) {
    const stream = new Blob([unb64url(packed)]).stream().pipeThrough(new DecompressionStream("deflate"));
    const reader = stream.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_RECORD_BYTES) {
        reader.cancel().catch(() => {});
        throw new TooLarge();
      }
      chunks.push(value);
    }
    return new Blob(chunks).text();
  }
  buttons.share.addEventListener("click", () => run(async () => {
    const text = state.view === "form" && (state.formChanged || state.text === "") ? await currentText() : state.text;
    const url = new URL(location.href);
    url.hash = `record=${await pack(text)}`;
    history.replaceState(null, "", url);
    const box = $(".checker-share");
    const field = $(".checker-share-url");
    field.value = url.href;
    field.setAttribute("aria-label", S["share.show"]);
    box.hidden = false;
    let copied = false;
    try {
      await navigator.clipboard.writeText(url.href);
      copied = true;
    } catch { /* no clipboard here: the reader copies it from the box */ }
    field.title = copied ? S["share.done"] : S["share.show"];
    statusText.textContent = copied ? S["share.done"] : S["share.show"];
    field.select();
  }));

  // ---- the evening's scoresheet, kept on this device (localStorage; nothing leaves it) -------------
  // The record the reader builds in the form is kept after every check: the next visit opens on it,
  // "Add a deal" starts the next deal with the dealer moved on, the totals come from all its deals,
  // "Download the record" saves the whole evening, and one tap clears it. A record opened from a
  // link is someone else's: it is not kept unless the reader edits it.
  const EVENING = "referee-checker:evening";
  const NAMES = "referee-checker:players";
  const store = {
    get(key) { try { return JSON.parse(localStorage.getItem(key)); } catch { return null; } },
    set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage off: nothing kept */ } },
    drop(key) { try { localStorage.removeItem(key); } catch { /* nothing to drop */ } },
  };
  function knownPlayers() {
    const names = store.get(NAMES);
    return Array.isArray(names) ? names.filter((n) => typeof n === "string" && n).slice(0, 40) : [];
  }
  function remember() {
    if (!state.record || !state.own) return;
    store.set(EVENING, forReaders(state.record));
    store.set(NAMES, [...new Set([...players().filter(Boolean), ...knownPlayers()])].slice(0, 40));
    eveningBar();
  }
  function eveningBar() { // says that the scoresheet is kept, and clears it in one tap
    let bar = $(".checker-evening");
    if (!store.get(EVENING)) { if (bar) bar.remove(); return; }
    if (!bar) {
      const clear = el("button", { type: "button", class: "md-button checker-small", "data-action": "clear", text: S["evening.clear"] });
      clear.addEventListener("click", () => run(async () => {
        store.drop(EVENING);
        state.own = false;
        state.record = newRecord(state.record ? state.record.game : GAMES[0].game);
        state.formChanged = true;
        state.text = "";
        renderForm();
        answer.replaceChildren();
        eveningBar();
        await show("form");
      }));
      bar = el("p", { class: "checker-evening" }, el("span", { text: S["evening.kept"] }), " ", clear);
      formView.before(bar);
    }
  }

  // ---- start: a shared record, a game, or the evening's scoresheet; a record opens on its verdict ----
  async function open() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    if (fragment.get("record")) {
      let text = null;
      try { text = await unpack(fragment.get("record")); } catch (error) {
        // a damaged link: start empty (saying so when it was too large)
        if (error instanceof TooLarge) {
          answer.replaceChildren(el("p", { class: "checker-state checker-state-2", "data-link": "too-large",
            text: fmt(S["link.too_large"], { limit: MAX_RECORD_BYTES / 1_000_000 }) }));
        }
      }
      if (text !== null) {
        setText(text);
        state.textChanged = true;
        state.formChanged = false;
        state.own = false;
        state.record = newRecord(root.dataset.game || GAMES[0].game);
        await show("form"); // the form if it can show the record, else the text and why
        if (state.textChanged) await show("text");
        await check(); // the answer at once: a shared link or "Open in the checker" is a question
        return;
      }
    }
    const game = fragment.get("game") || root.dataset.game;
    const kept = store.get(EVENING);
    if (!fragment.get("game") && kept && typeof kept === "object" && gameSpec(kept.game)) {
      state.record = kept;
      state.own = true;
      forgetEvening();
      state.folded = Array.isArray(kept.deals) ? Math.max(0, kept.deals.length - 1) : 0; // this evening's earlier deals
    } else state.record = newRecord(gameSpec(game) ? game : GAMES[0].game);
    state.formChanged = true;
    state.text = "";
    renderForm();
    eveningBar();
    await show("form");
  }
  renderGutter();
  run(open);
  window.addEventListener("hashchange", () => run(open));
}
