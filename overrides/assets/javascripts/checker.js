// The "Check a score" page: a form and a text box for one record, checked by the project's own
// referee running in Pyodide in a Web Worker (checker-worker.js). Every file comes from this site;
// the record never leaves the browser (a shared link carries it in the fragment, after "#").
//
// The markup (site_tools/checker.py) carries the page's language, its words (data-strings) and
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
  const state = { view: "form", record: null, text: "", formChanged: false, textChanged: false };

  const fmt = (template, values) => template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("data-") || k.startsWith("aria-") || ["for", "id", "type", "role", "name"].includes(k)) node.setAttribute(k, v);
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

  // ---- the form, built from the game's record declaration (referee.records.describe) ---------------
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
    return record;
  }

  function changed(parts, value) {
    setAt(state.record, parts, value);
    state.formChanged = true;
    state.textChanged = false;
    clearMarks();
  }

  let ids = 0;
  function labelled(label, help, control, path) {
    control.id = `checker-f${++ids}`;
    return el("div", { class: "checker-field", "data-path": path },
      el("label", { for: control.id }, el("code", { text: label })),
      control,
      help ? el("small", { class: "checker-help", text: help }) : null);
  }
  const helpOf = (field) => [field.help, field.requirement ? `(${field.requirement})` : null].filter(Boolean).join(" ");
  const separator = () => (state.record.notation === "de" ? /\s*,\s*/ : /[\s,]+/);
  const joiner = () => (state.record.notation === "de" ? ", " : " ");

  function selectOf(values, labels, parts) {
    const value = getAt(state.record, parts);
    const control = el("select", {});
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

  function scalar(raw) { // what YAML would read from a bare word: a whole number, true/false, or text
    if (/^-?\d+$/.test(raw)) return parseInt(raw, 10);
    if (raw === "true" || raw === "false") return raw === "true";
    return raw;
  }

  function input(type, parts) {
    const value = getAt(state.record, parts);
    const shown = value === undefined || value === null ? "" : value;
    let control;
    const text = (display, read) => {
      control = el("input", { type: "text", value: display, autocomplete: "off", spellcheck: false });
      control.addEventListener("input", () => {
        const raw = control.value.trim();
        changed(parts, raw === "" ? undefined : read(raw));
      });
    };
    switch (type.kind) {
      case "integer":
        control = el("input", { type: "number", step: "1", value: String(shown) });
        if (type.minimum !== null && type.minimum !== undefined) control.min = type.minimum;
        if (type.maximum !== null && type.maximum !== undefined) control.max = type.maximum;
        control.addEventListener("input", () => {
          const raw = control.value.trim();
          changed(parts, raw === "" ? undefined : /^-?\d+$/.test(raw) ? parseInt(raw, 10) : raw);
        });
        break;
      case "boolean":
        control = selectOf([true, false], { true: S["form.yes"], false: S["form.no"] }, parts);
        break;
      case "choice":
        control = selectOf(type.values, {}, parts);
        break;
      case "player":
        control = selectOf(players().filter(Boolean), {}, parts);
        break;
      case "suit":
        control = selectOf(["♠", "♥", "♦", "♣"], {}, parts);
        break;
      case "list":
        if (type.item.kind === "player" && type.max_items) { // partners: one choice per seat
          control = el("span", { class: "checker-inline" });
          for (let i = 0; i < type.max_items; i++) {
            const one = selectOf(players().filter(Boolean), {}, [...parts, i]);
            one.dataset.path = pathText([...parts, i]);
            one.setAttribute("aria-label", `${pathText(parts)} ${i + 1}`);
            control.append(one);
          }
          break;
        }
        if (type.item.kind === "object") { // a list of small objects (Buy or Pass's lay-downs): its JSON, kept exactly
          text(value === undefined ? "" : JSON.stringify(value), (raw) => { try { return JSON.parse(raw); } catch { return raw; } });
          break;
        }
        // ranks or cards: one line, separated as the notation separates them
        text(Array.isArray(value) ? value.map(String).join(joiner()) : String(shown),
          (raw) => raw.split(separator()).filter(Boolean).map((v) => (type.item.kind === "integer" ? scalar(v) : v)));
        break;
      case "cards": // the reader takes cards as one line too
        text(Array.isArray(value) ? value.map(String).join(joiner()) : String(shown), (raw) => raw);
        break;
      case "one_of":
        text(String(shown), scalar);
        break;
      case "card": case "rank": case "text":
        text(String(shown), (raw) => raw);
        break;
      default: // a shape the form has no control for: its JSON, kept exactly
        text(value === undefined ? "" : JSON.stringify(value), (raw) => { try { return JSON.parse(raw); } catch { return raw; } });
    }
    control.dataset.path = pathText(parts);
    control.classList.add("checker-input");
    return control;
  }

  function fieldNode(field, parts) { // one declared field: a control, a group of fields, or a table per player or side
    const type = field.type;
    const path = pathText(parts);
    if (["any", "game", "players", "options", "deals"].includes(type.kind)) return null;
    if (type.kind === "object") {
      return el("fieldset", { class: "checker-group", "data-path": path },
        el("legend", {}, el("code", { text: field.name })),
        el("small", { class: "checker-help", text: helpOf(field) }),
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
      const columns = object ? [...object.fields] : [{ name: null, help: "", type: inner }];
      if (others.length) columns.push({ name: null, help: "", type: others.length === 1 ? others[0] : { kind: "one_of", types: others }, other: true });
      // Every header cell says what its column holds: an empty one tells a screen reader nothing.
      const head = (c) => (c.name === null ? (c.other ? "…" : S["form.value"]) : el("code", { text: c.name }));
      const table = el("table", { class: "checker-table" },
        el("thead", {}, el("tr", {}, el("th", { text: S["form.who"] }), columns.map((c) => el("th", { title: c.help || null }, head(c))))),
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
            const cell = c.name === null ? [...parts, k] : [...parts, k, c.name];
            const control = input(c.type, cell);
            control.setAttribute("aria-label", c.name === null ? `${field.name}: ${k}` : `${field.name}: ${k}: ${c.name}`);
            if (c.other) control.addEventListener("change", () => renderForm());
            else if (others.length) control.addEventListener("input", () => { // the object now, not the other choice
              const alt = row.querySelector(`select[data-path="${CSS.escape(pathText([...parts, k]))}"]`);
              if (alt && alt.tagName === "SELECT") alt.value = "";
            });
            return el("td", { "data-path": pathText(cell) }, control);
          });
          row.append(...cells);
          return row;
        })));
      return el("div", { class: "checker-field", "data-path": path },
        el("div", { class: "checker-table-title" }, el("code", { text: field.name })),
        el("small", { class: "checker-help", text: helpOf(field) }),
        el("div", { class: "checker-scroll" }, table));
    }
    return labelled(field.name, helpOf(field), input(type, parts), path);
  }

  function renderForm() {
    const spec = gameSpec(state.record.game);
    formView.replaceChildren();
    const game = el("select", {}, GAMES.map((g) => el("option", { value: g.game, text: g.name })));
    if (!spec) game.append(el("option", { value: "", text: String(state.record.game ?? S["form.empty"]) }));
    game.value = spec ? spec.game : "";
    game.dataset.path = "game";
    game.addEventListener("change", () => {
      state.record = newRecord(game.value, players());
      state.formChanged = true;
      renderForm();
    });
    formView.append(labelled("game", S["form.game"], game, "game"));
    if (!spec) return;
    if (spec.sample_text) { // one of the game's worked examples, as a start
      const sample = el("button", { type: "button", class: "checker-small", "data-action": "sample", text: S["form.sample"] });
      sample.addEventListener("click", () => run(async () => {
        setText(spec.sample_text);
        state.textChanged = true;
        state.formChanged = false;
        await show("form");
      }));
      formView.append(sample);
    }
    for (const field of spec.record) {
      const kind = field.type.kind;
      if (kind === "players") formView.append(playersNode(spec));
      else if (kind === "options") formView.append(optionsNode(field));
      else if (kind === "deals") formView.append(...dealsNodes(spec));
      else {
        const node = fieldNode(field, [field.name]);
        if (node) formView.append(node);
      }
    }
  }

  function playersNode(spec) {
    const counts = spec.player_counts;
    const list = el("fieldset", { class: "checker-group checker-players", "data-path": "players" },
      el("legend", { text: S["form.players"] }));
    const names = Array.isArray(state.record.players) ? state.record.players : [];
    names.forEach((name, i) => {
      const box = el("input", { type: "text", value: name === null || name === undefined ? "" : String(name), autocomplete: "off" });
      box.id = `checker-player-${i}`;
      box.dataset.path = `players[${i}]`;
      box.classList.add("checker-input");
      box.addEventListener("change", () => {
        const old = String(state.record.players[i] ?? "");
        state.record.players[i] = box.value.trim();
        renamePlayer(old, box.value.trim());
        state.formChanged = true;
        state.textChanged = false;
        renderForm();
      });
      const row = el("div", { class: "checker-player", "data-path": `players[${i}]` },
        el("label", { for: box.id, text: fmt(S["form.player"], { n: i + 1 }) }), box);
      if (names.length > counts[0]) {
        const remove = el("button", { type: "button", class: "checker-small", text: S["form.remove"] });
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
    if (names.length < counts[counts.length - 1]) {
      const add = el("button", { type: "button", class: "md-button checker-small", "data-action": "add-player", text: S["form.add_player"] });
      add.addEventListener("click", () => {
        state.record.players = [...names, ""];
        state.formChanged = true;
        renderForm();
      });
      list.append(add);
    }
    return list;
  }

  function optionsNode(field) {
    const box = el("fieldset", { class: "checker-group", "data-path": "options" }, el("legend", { text: S["form.options"] }));
    for (const option of field.type.options) {
      const parts = ["options", option.name];
      const control = option.choices === null
        ? input({ kind: "integer", minimum: option.minimum }, parts)
        : selectOf(option.choices, typeof option.default === "boolean" ? { true: S["form.yes"], false: S["form.no"] } : {}, parts);
      control.dataset.path = pathText(parts);
      const shownDefault = typeof option.default === "boolean" ? S[option.default ? "form.yes" : "form.no"] : String(option.default);
      const help = [option.help, fmt(S["form.default"], { value: shownDefault })].filter(Boolean).join(" ");
      box.append(labelled(option.name, help, control, pathText(parts)));
    }
    return box;
  }

  function dealsNodes(spec) {
    const out = [];
    const deals = Array.isArray(state.record.deals) ? state.record.deals : [];
    deals.forEach((deal, i) => {
      const box = el("fieldset", { class: "checker-group checker-deal", "data-path": `deals[${i}]` },
        el("legend", { text: fmt(S["form.deal"], { n: i + 1 }) }));
      if (isFullPlay(spec, deal)) box.append(el("p", { class: "checker-help", text: S["form.full_play"] }));
      else for (const field of dealFields(spec)) {
        const node = fieldNode(field, ["deals", i, field.name]);
        if (node) box.append(node);
      }
      if (deals.length > 1) {
        const remove = el("button", { type: "button", class: "checker-small", text: S["form.remove_deal"] });
        remove.addEventListener("click", () => {
          state.record.deals.splice(i, 1);
          state.formChanged = true;
          renderForm();
        });
        box.append(remove);
      }
      out.push(box);
    });
    if (!spec.max_deals || deals.length < spec.max_deals) {
      const add = el("button", { type: "button", class: "md-button", "data-action": "add-deal", text: S["form.add_deal"] });
      add.addEventListener("click", () => {
        if (!Array.isArray(state.record.deals)) state.record.deals = [];
        state.record.deals.push({});
        state.formChanged = true;
        renderForm();
      });
      out.push(add);
    }
    return out;
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
      setText(await call("dump", { data: JSON.stringify(state.record) }));
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
      state.textChanged = false;
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
  function clearMarks() {
    for (const node of root.querySelectorAll(".checker-bad")) node.classList.remove("checker-bad");
    for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  }
  function markPath(path) { // the field named by a finding, or the nearest part of the form that shows it
    let p = path;
    while (p) {
      const found = formView.querySelector(`[data-path="${CSS.escape(p)}"]`);
      if (found) {
        found.classList.add("checker-bad");
        const control = found.matches("input, select") ? found : found.querySelector("input, select");
        if (control) control.setAttribute("aria-invalid", "true");
        return found;
      }
      p = p.includes(".") || p.includes("[") ? p.replace(/(\.[^.[\]]+|\[\d+\])$/, "") : "";
    }
    return null;
  }
  function place(where) {
    const parts = [];
    if (where.line) parts.push(fmt(S.line, { line: where.line }));
    if (where.path) parts.push(where.path);
    return parts.join(", ");
  }
  function problemList(items, title) {
    const lines = new Set(items.map((f) => f.where && f.where.line).filter(Boolean));
    clearMarks();
    renderGutter(lines);
    for (const item of items) if (item.where && item.where.path) markPath(item.where.path);
    return el("section", { class: "checker-findings" }, el("h3", { text: title }),
      el("ul", {}, items.map((item) => {
        const where = item.where || {};
        const link = where.line
          ? el("button", { type: "button", class: "checker-place", "data-line": String(where.line), text: place(where) })
          : where.path ? el("code", { text: where.path }) : null;
        if (where.line) link.addEventListener("click", () => run(async () => { await show("text"); selectLine(where.line); }));
        return el("li", { class: `checker-finding checker-${item.severity || "error"}`, "data-code": item.code || "" },
          link, link ? " " : null, el("span", { class: "checker-message", text: item.message }));
      })));
  }
  function showErrors(result, note) {
    root.dataset.state = "2";
    answer.replaceChildren(...[
      el("p", { class: "checker-state checker-state-2", "data-state": "2" },
        el("strong", { text: S["state.2"] }), ` (${fmt(S.exit, { code: 2 })})`),
      note ? el("p", { text: note }) : null,
      problemList(result.errors || [], S.errors)].filter(Boolean));
    for (const item of result.errors || []) if (item.where && item.where.path && state.view === "form") markPath(item.where.path);
  }
  function showVerdict(status, result) {
    root.dataset.state = String(status);
    const names = Object.keys(result.totals || {});
    const rows = result.deals.map((deal) => el("tr", { "data-deal": String(deal.deal) },
      el("th", { scope: "row", text: String(deal.deal) }),
      names.map((n) => {
        const claimed = deal.claim && n in deal.claim && deal.claim_agrees === false && deal.claim_compared_with === undefined
          && deal.claim[n] !== deal.scores[n];
        return el("td", { "data-player": n, class: claimed ? "checker-disagrees" : null },
          el("span", { class: "checker-score", text: minus(deal.scores[n]) }),
          deal.totals && n in deal.totals ? el("small", { class: "checker-running", text: ` \u2192 ${minus(deal.totals[n])}` }) : null,
          claimed ? el("small", { class: "checker-claimed", text: ` (${fmt(S["table.claim"], { value: minus(deal.claim[n]) })})` }) : null);
      })));
    const table = el("table", { class: "checker-scores" },
      el("thead", {}, el("tr", {}, el("th", { text: S["table.deal"] }), names.map((n) => el("th", { text: n })))),
      el("tbody", {}, rows),
      el("tfoot", {}, el("tr", { "data-deal": "total" }, el("th", { scope: "row", text: S["table.total"] }),
        names.map((n) => el("td", { "data-player": n, text: minus(result.totals[n]) })))));
    const steps = el("section", { class: "checker-steps" }, el("h3", { text: S.steps }),
      result.deals.map((deal) => el("details", { open: result.deals.length <= 3 },
        el("summary", { text: fmt(S["form.deal"], { n: deal.deal }) }),
        el("ol", {}, deal.explanation.map((line) => el("li", { text: line }))))));
    answer.replaceChildren(...[
      el("p", { class: `checker-state checker-state-${status}`, "data-state": String(status) },
        el("strong", { text: S[`state.${status}`] }), ` (${fmt(S.exit, { code: status })})`),
      el("div", { class: "checker-scroll" }, table),
      el("p", { class: "checker-help", text: S["table.legend"] }),
      el("p", { class: "checker-winner", "data-winner": result.winner ?? "" },
        el("strong", { text: result.winner ? fmt(S.winner, { winner: result.winner }) : S.no_winner }), " ",
        el("span", { class: "checker-termination", text: result.termination.message })),
      result.findings.length ? problemList(result.findings, S.findings) : null,
      steps].filter(Boolean));
    if (!result.findings.length) { renderGutter(); clearMarks(); }
    for (const deal of result.deals) if (deal.claim_agrees === false) markPath(`deals[${deal.deal - 1}].claim`);
  }

  async function check() {
    answer.replaceChildren(el("p", { class: "checker-working", text: S.working }));
    const text = await currentText();
    const { status, result } = JSON.parse(await call("check", { text }));
    if (status === 2) showErrors(result);
    else showVerdict(status, result);
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

  // ---- start: a shared record, a game, or an empty record ----------------------------------------
  async function open() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    if (fragment.get("record")) {
      try {
        setText(await unpack(fragment.get("record")));
        state.textChanged = true;
        state.record = newRecord(root.dataset.game || GAMES[0].game);
        await show("text");
        return;
      } catch (error) { // a damaged link: start empty (saying so when it was too large)
        if (error instanceof TooLarge) {
          answer.replaceChildren(el("p", { class: "checker-state checker-state-2", "data-link": "too-large",
            text: fmt(S["link.too_large"], { limit: MAX_RECORD_BYTES / 1_000_000 }) }));
        }
      }
    }
    const game = fragment.get("game") || root.dataset.game;
    state.record = newRecord(gameSpec(game) ? game : GAMES[0].game);
    renderForm();
    await show("form");
  }
  renderGutter();
  run(open);
  window.addEventListener("hashchange", () => run(open));
}
