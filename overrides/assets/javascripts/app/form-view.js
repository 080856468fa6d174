/**
 * The form view: the record as a scoresheet, built from the game's record declaration
 * (referee.records.fields.describe, in the markup's data-games). Every field shows its declared
 * label or question; record keys appear only in the text view.
 *
 *   html`<${FormView} ctx=${ctx} spec=${spec} sheet=${sheet} problems=${errors} />`
 *
 * `ctx` is the app's: `record`, `set(parts, value)`, `t`, and the sheet's actions (setPlayer,
 * addPlayer, removePlayer, addDeal, removeDeal, setGame, sample). `problems`: the referee's errors
 * ({path, message}), each shown beside the nearest field the form shows (its own words, never its path).
 * Fields that declare a question are asked; the rest of a deal folds under "More".
 */
import { Fragment, html, useLayoutEffect, useRef, useState } from "./lib.js";
import { getAt, pathText } from "./store.js";
import { CardsBox, Chips, Choice, Hint, JsonBox, LinesBox, MoneyBox, NumberBox, Places, TextBox, SUITS, scalar, plainText }
  from "./controls.js";
import { fill, minus } from "./strings.js";
import { MovesBox } from "./moves-view.js";

const TEST_ONLY = ["expected"]; // keys for the test suite: never in what a reader receives
const SETUP_KINDS = ["game", "players", "options", "deals"];
const labelOf = (field) => field.label || field.name; // every field declares one (a test makes sure)
const titleOf = (field) => field.question || labelOf(field);
const idOf = (path) => `checker-f-${encodeURIComponent(path)}`;
export const hasValue = (v) => v !== undefined && v !== null && !(typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0);

/** The names typed so far (an empty seat is left out of choices and tables). */
export const namesOf = (record) => (Array.isArray(record.players) ? record.players.map((p) => String(p ?? "")) : []);

/** The control for one value of `type` at `parts`. */
function Control({ ctx, type, parts, label, id, labelledby }) {
  const invalid = ctx.marked(pathText(parts));
  const common = { ctx, parts, label, id, invalid };
  const seats = namesOf(ctx.record).map((n, i) => [n, i]).filter(([n]) => n);
  switch (type.kind) {
    case "integer":
      return type.unit === "minor" ? html`<${MoneyBox} ...${common} />` : html`<${NumberBox} ...${common} type=${type} />`;
    case "boolean":
      return html`<${Chips} ...${common} labelledby=${labelledby} values=${[true, false]}
        labels=${{ true: ctx.t("form.yes"), false: ctx.t("form.no") }} />`;
    case "choice":
      return type.values.length <= 4
        ? html`<${Chips} ...${common} labelledby=${labelledby} values=${type.values} labels=${type.labels || {}} />`
        : html`<${Choice} ...${common} values=${type.values} labels=${type.labels || {}} />`;
    case "player":
      return seats.length <= 6
        ? html`<${Chips} ...${common} labelledby=${labelledby} values=${seats.map(([n]) => n)} keys=${seats.map(([, i]) => `seat${i}`)} />`
        : html`<${Choice} ...${common} values=${seats.map(([n]) => n)} />`;
    case "suit":
      return html`<${Chips} ...${common} labelledby=${labelledby} values=${SUITS} />`;
    case "one_of": {
      const choice = type.types.find((x) => x.kind === "choice");
      if (type.types.some((x) => x.kind === "player") && choice && type.types.length === 2) { // a player or a word
        return html`<${Chips} ...${common} labelledby=${labelledby} values=${[...seats.map(([n]) => n), ...choice.values]}
          labels=${choice.labels || {}} />`;
      }
      if (type.types.some((x) => x.kind === "player") && type.types.some((x) => x.kind === "list" && x.item.kind === "player")) {
        return html`<${Places} ...${common} names=${seats.map(([n]) => n)} />`;
      }
      const number = type.types.find((x) => x.kind === "integer");
      if (number && type.types.every((x) => x.kind === "integer" || x.kind === "boolean")) {
        return html`<${NumberBox} ...${common} type=${number} />`; // Réunion's tricks: a count (yes/no in the text)
      }
      return html`<${TextBox} ...${common} format=${(v) => (Array.isArray(v) ? v.map(String).join(" ") : plainText(v))}
        parse=${(raw) => (raw.trim() === "" ? undefined : /\s/.test(raw.trim()) ? raw.trim().split(/[\s,]+/) : scalar(raw.trim()))} />`;
    }
    case "list":
      if (type.item.kind === "player" && type.max_items) { // partners: one choice per seat
        return html`<span class="checker-inline">${Array.from({ length: type.max_items }, (_, i) => html`<${Choice}
          key=${i} ctx=${ctx} parts=${[...parts, i]} values=${seats.map(([n]) => n)}
          label=${`${ctx.t("form.partner")} ${i + 1}`} />`)}</span>`;
      }
      if (type.item.kind === "object") return html`<${JsonBox} ...${common} />`;
      return html`<${CardsBox} ...${common} item=${type.item.kind} />`;
    case "cards":
      return html`<${CardsBox} ...${common} item="card" list=${false} />`;
    case "card":
      return html`<${CardsBox} ...${common} item="card" single=${true} />`;
    case "rank": case "text":
      return html`<${TextBox} ...${common} format=${plainText} parse=${(raw) => (raw.trim() === "" ? undefined : raw.trim())} />`;
    case "any":
      return html`<${LinesBox} ...${common} />`;
    case "moves": // Construction's race: turn by turn with pickers
      return html`<${MovesBox} ...${common} type=${type} labelledby=${labelledby} />`;
    default:
      return html`<${JsonBox} ...${common} />`;
  }
}

/** Messages beside a field (the referee's, in the players' words). */
function Problems({ ctx, path }) {
  const list = ctx.problemsAt(path);
  return list.map((text, i) => html`<p key=${i} class="checker-field-error" role="note">${text}</p>`);
}

/** One field with its label (or question), its "?" and its problems. */
function Labelled({ ctx, path, title, help, group, children }) {
  ctx.register(path);
  const id = idOf(path);
  return html`<div class=${`checker-field${ctx.marked(path) ? " checker-bad" : ""}`} data-path=${path}>
    <div class="checker-label-row">
      ${group ? html`<span class="checker-group-label" id=${`${id}-label`}>${title}</span>` : html`<label for=${id}>${title}</label>`}
      <${Hint} ctx=${ctx} help=${help} />
    </div>
    ${children(id, group ? `${id}-label` : undefined)}
    <${Problems} ctx=${ctx} path=${path} />
  </div>`;
}

const GROUPED = ["boolean", "choice", "player", "suit", "one_of", "moves"];
const isGroup = (type) => GROUPED.includes(type.kind) && !(type.kind === "choice" && type.values.length > 4)
  && !(type.kind === "one_of" && !type.types.some((x) => x.kind === "choice" || x.kind === "player"));

/** A table with a row per player or side, and a column per value (a scoresheet's rows, filled in one go). */
function PerTable({ ctx, field, parts, extra = [] }) {
  const type = field.type;
  const path = pathText(parts);
  ctx.register(path);
  for (const x of extra) ctx.register(pathText(x.parts));
  const definesSides = type.kind === "per_side" && parts.length === 1 && parts[0] === "teams";
  const inner = type.value;
  const object = inner.kind === "object" ? inner : inner.kind === "one_of" ? inner.types.find((x) => x.kind === "object") : null;
  const others = inner.kind === "one_of" && object ? inner.types.filter((x) => x !== object) : [];
  const columns = object ? [...object.fields] : [{ name: null, label: labelOf(field), type: inner, total: field.total }];
  if (others.length) columns.push({ name: null, label: ctx.t("form.or"), type: others.length === 1 ? others[0] : { kind: "one_of", types: others } });
  for (const x of extra) columns.push({ name: null, label: labelOf(x.field), type: x.field.type.value, base: x.parts });
  let rows;
  if (type.kind === "per_player") rows = namesOf(ctx.record).map((n, i) => ({ key: `seat${i}`, name: n })).filter((r) => r.name);
  else {
    const teams = ctx.record.teams;
    const keys = teams && typeof teams === "object" && !Array.isArray(teams) ? Object.keys(teams)
      : Object.keys(getAt(ctx.record, parts) || {});
    rows = keys.map((k, i) => ({ key: `side${i}`, name: k }));
  }
  const head = (c) => c.label || c.name;
  // Counts add up beside the inputs (tricks, cards): a total the rules fix is seen before it is checked.
  const cellOf = (c, name) => (c.base ? [...c.base, name] : c.name === null ? [...parts, name] : [...parts, name, c.name]);
  // The total the rules fix (the referee's: Korol's 9 tricks, a pack's 52 cards) stands beside the sum typed.
  const players = namesOf(ctx.record).length;
  const sums = columns.map((c) => {
    if (c.type.kind !== "integer" || c.type.unit === "minor" || c.base) return null;
    const typed = rows.map((r) => getAt(ctx.record, cellOf(c, r.name))).filter((v) => typeof v === "number");
    const sum = typed.reduce((a, b) => a + b, 0);
    const fixed = c.total && c.total[String(players)];
    if (fixed) return { text: fill(fixed.words, { entered: minus(sum) }), whole: sum === fixed.total };
    return typed.length ? { text: minus(sum) } : null;
  });
  return html`<div class=${`checker-field${ctx.marked(path) ? " checker-bad" : ""}`} data-path=${path}
      data-also=${extra.length ? pathText(extra[0].parts) : undefined}>
    <div class="checker-label-row"><div class="checker-table-title">${titleOf(field)}</div><${Hint} ctx=${ctx} help=${field.help} /></div>
    ${extra.map((x) => html`<div class="checker-label-row"><div class="checker-table-title">${titleOf(x.field)}</div>
      <${Hint} ctx=${ctx} help=${x.field.help} /></div>`)}
    <${Problems} ctx=${ctx} path=${path} />
    ${extra.map((x) => html`<${Problems} ctx=${ctx} path=${pathText(x.parts)} />`)}
    <table class="checker-table">
      <thead><tr><th>${ctx.t(type.kind === "per_side" ? "form.side_col" : "form.player_col")}</th>
        ${columns.map((c) => html`<th>${head(c)}</th>`)}</tr></thead>
      <tbody>${rows.map((row) => {
        const rowPath = pathText([...parts, row.name]);
        ctx.register(rowPath);
        return html`<tr key=${row.key} data-path=${rowPath} class=${ctx.marked(rowPath) ? "checker-bad" : undefined}>
          <th scope="row">${definesSides ? html`<input type="text" class="checker-input checker-side" value=${row.name}
            data-path=${`teams.${row.name}`} aria-label=${ctx.t("form.side")} autocomplete="off" enterkeyhint="next"
            onChange=${(e) => ctx.renameSide(row.name, e.currentTarget.value.trim() || row.name)} />` : row.name}</th>
          ${columns.map((c) => {
            const cell = cellOf(c, row.name);
            ctx.register(pathText(cell));
            return html`<td data-path=${pathText(cell)} data-label=${head(c)} class=${ctx.marked(pathText(cell)) ? "checker-bad" : undefined}>
              <${Control} ctx=${ctx} type=${c.type} parts=${cell} label=${`${row.name}: ${head(c)}`} />
              <${Problems} ctx=${ctx} path=${pathText(cell)} /></td>`;
          })}</tr>`;
      })}</tbody>
      ${sums.some((x) => x !== null) ? html`<tfoot><tr class="checker-together"><th scope="row">${ctx.t("form.together")}</th>
        ${sums.map((x) => html`<td class=${x && x.whole !== undefined ? "checker-total" : undefined}
          data-whole=${x && x.whole !== undefined ? String(x.whole) : undefined}>${x === null ? "" : x.text}</td>`)}</tr></tfoot>` : null}
    </table>
  </div>`;
}

/** One declared field: a control, a group of fields, or a table per player or side. */
export function Field({ ctx, field, parts, extra }) {
  const type = field.type;
  if (SETUP_KINDS.includes(type.kind) || TEST_ONLY.includes(field.name)) return null;
  const path = pathText(parts);
  if (type.kind === "object") {
    ctx.register(path);
    return html`<fieldset class="checker-group" data-path=${path}><legend>${titleOf(field)}</legend>
      <${Hint} ctx=${ctx} help=${field.help} /><${Problems} ctx=${ctx} path=${path} />
      ${type.fields.map((f) => html`<${Field} key=${f.name} ctx=${ctx} field=${f} parts=${[...parts, f.name]} />`)}</fieldset>`;
  }
  if (type.kind === "per_player" || type.kind === "per_side") return html`<${PerTable} ctx=${ctx} field=${field} parts=${parts} extra=${extra} />`;
  const group = isGroup(type);
  return html`<${Labelled} ctx=${ctx} path=${path} title=${titleOf(field)} help=${field.help} group=${group}>
    ${(id, labelledby) => html`<${Control} ctx=${ctx} type=${type} parts=${parts} id=${id} labelledby=${labelledby} />`}
  </${Labelled}>`;
}

/** A fold that stays as the reader left it (opened by hand, or by a problem inside it). */
function Fold({ summary, open, cls = "checker-more", deal, children }) {
  const [isOpen, setOpen] = useState(Boolean(open));
  const wanted = Boolean(open);
  const last = useRef(wanted);
  useLayoutEffect(() => { // opened when something inside comes to need it; never shut under the reader
    if (wanted && !last.current) setOpen(true);
    last.current = wanted;
  });
  return html`<details class=${cls} data-deal=${deal} open=${isOpen} onToggle=${(e) => setOpen(e.currentTarget.open)}>
    <summary>${summary}</summary>${children}</details>`;
}

function Players({ ctx, spec }) {
  const counts = spec.player_counts;
  const names = Array.isArray(ctx.record.players) ? ctx.record.players : [];
  const dealt = (spec.deals.summary ? spec.deals.summary.fields : []).some((f) => f.name === "dealer" && f.required);
  ctx.register("players");
  return html`<fieldset class="checker-group checker-players" data-path="players">
    <legend>${ctx.t(dealt ? "form.players_dealer" : "form.players")}</legend>
    <${Problems} ctx=${ctx} path="players" />
    ${names.map((name, i) => {
      const path = `players[${i}]`;
      ctx.register(path);
      return html`<div key=${`seat${i}`} class=${`checker-player${ctx.marked(path) ? " checker-bad" : ""}`} data-path=${path}>
        <label for=${`checker-player-${i}`}>${ctx.t("form.player", { n: i + 1 })}</label>
        <input type="text" id=${`checker-player-${i}`} class="checker-input" data-path=${path} list="checker-known-players"
          value=${name === null || name === undefined ? "" : String(name)} autocomplete="off" enterkeyhint="next"
          aria-invalid=${ctx.marked(path) ? "true" : undefined} onInput=${(e) => ctx.setPlayer(i, e.currentTarget.value)}
          onChange=${(e) => ctx.setPlayer(i, e.currentTarget.value)} />
        ${names.length > counts[0] ? html`<button type="button" class="md-button checker-small"
          aria-label=${`${ctx.t("form.remove")}: ${ctx.t("form.player", { n: i + 1 })}`}
          onClick=${() => ctx.removePlayer(i)}>${ctx.t("form.remove")}</button>` : null}
        <${Problems} ctx=${ctx} path=${path} />
      </div>`;
    })}
    <datalist id="checker-known-players">${ctx.knownPlayers.map((n) => html`<option value=${n} />`)}</datalist>
    ${names.length < counts[counts.length - 1] ? html`<button type="button" class="md-button checker-small"
      data-action="add-player" onClick=${() => ctx.addPlayer()}>${ctx.t("form.add_player")}</button>` : null}
  </fieldset>`;
}

function Options({ ctx, field }) {
  ctx.register("options");
  return html`<fieldset class="checker-group" data-path="options"><legend>${ctx.t("form.options")}</legend>
    ${field.type.options.map((option) => {
      const parts = ["options", option.name];
      const labels = typeof option.default === "boolean" && !Object.keys(option.choice_labels || {}).length
        ? { true: ctx.t("form.yes"), false: ctx.t("form.no") } : option.choice_labels || {};
      const shownDefault = String(option.default) in labels ? labels[String(option.default)] : String(option.default);
      const help = [option.help, ctx.t("form.default", { value: shownDefault })].filter(Boolean).join(" ");
      const type = option.choices === null ? { kind: "integer", minimum: option.minimum, unit: option.unit } : null;
      return html`<${Labelled} key=${option.name} ctx=${ctx} path=${pathText(parts)} title=${option.label || option.name} help=${help}>
        ${(id) => (type ? html`<${Control} ctx=${ctx} type=${type} parts=${parts} id=${id} />`
          : html`<${Choice} ctx=${ctx} parts=${parts} values=${option.choices} labels=${labels} id=${id} />`)}
      </${Labelled}>`;
    })}</fieldset>`;
}

function Deal({ ctx, spec, sheet, deal, i, count }) {
  const path = `deals[${i}]`;
  ctx.register(path);
  const fields = spec.deals.summary ? spec.deals.summary.fields : [];
  const grouped = new Set((spec.deals.summary ? spec.deals.summary.groups : []).flatMap((g) => g.names));
  // The claim per player goes into the table of what each player took: one row per player, as on paper.
  const claim = fields.find((f) => f.name === "claim" && f.type.kind === "per_player");
  const host = claim && fields.find((f) => f !== claim && f.required && f.type.kind === "per_player");
  const asked = [];
  const more = [];
  const full = deal && typeof deal === "object" && spec.full_play_key in deal;
  if (!full) {
    for (const field of fields) {
      if (host && field === claim) continue;
      const node = html`<${Field} key=${field.name} ctx=${ctx} field=${field} parts=${["deals", i, field.name]}
        extra=${host && field === host ? [{ field: claim, parts: ["deals", i, "claim"] }] : []} />`;
      // Asked: what the table must say, and every field that declares a question (it may decide the score).
      if (field.required || field.condition || field.question || grouped.has(field.name)) asked.push(node);
      else more.push({ node, filled: hasValue(getAt(deal, [field.name])) || ctx.markedUnder(`${path}.${field.name}`) });
    }
  }
  const scoreLine = (scores) => (sheet.order && sheet.order.length ? sheet.order : Object.keys(scores))
    .filter((p) => p in scores).map((p) => `${p} ${minus(scores[p])}`).join(", ");
  const box = html`<fieldset class="checker-group checker-deal" data-path=${path}>
    <legend>${ctx.t("form.deal", { n: i + 1 })}</legend>
    ${i === sheet.folded && sheet.carried ? html`<p class="checker-carried" data-deal=${String(i + 1)}>
      ${ctx.t("form.carried", { scores: scoreLine(sheet.carried) })}</p>` : null}
    <${Problems} ctx=${ctx} path=${path} />
    ${full ? html`<p class="checker-help">${ctx.t("form.full_play")}</p>` : asked}
    ${more.length ? html`<${Fold} summary=${ctx.t("form.more")} open=${more.some((m) => m.filled)}>${more.map((m) => m.node)}</${Fold}>` : null}
    ${count > 1 ? html`<button type="button" class="md-button checker-small" onClick=${() => ctx.removeDeal(i)}>
      ${ctx.t("form.remove_deal")}</button>` : null}
  </fieldset>`;
  if (i >= sheet.folded) return box;
  const scores = sheet.dealScores && sheet.dealScores[i];
  return html`<${Fold} cls="checker-deal-done" deal=${String(i + 1)} open=${ctx.markedUnder(path)}
    summary=${scores ? `${ctx.t("form.deal", { n: i + 1 })}: ${scoreLine(scores)}` : ctx.t("form.deal", { n: i + 1 })}>${box}</${Fold}>`;
}

/** Where each problem is shown: its path, or the nearest part of it the form shows. */
function placeProblems(problems, shown) {
  const at = new Map();
  for (const p of problems) {
    let path = p.path || "";
    while (path && !shown.has(path)) {
      const up = path.replace(/(\.[^.[\]]+|\[\d+\])$/, "");
      path = up === path ? "" : up;
    }
    if (!path) continue;
    if (!at.has(path)) at.set(path, []);
    if (p.message) at.get(path).push(p.message);
  }
  return at;
}

/** The form: the game, the players, the setup (folded), the deals. */
export function FormView({ ctx: app, spec, games, sheet, problems }) {
  // Placed after the form is drawn, from the fields it drew; drawn again only if that changed. Marks
  // placed for other problems (the last answer's) are not shown meanwhile.
  const [placed, setPlaced] = useState({ key: "[]", at: new Map() });
  const key = JSON.stringify((problems || []).map((p) => [p.path, p.message]));
  const at = placed.key === key ? placed.at : new Map();
  const shown = new Set();
  const ctx = {
    ...app,
    register: (path) => shown.add(path),
    problemsAt: (path) => at.get(path) || [],
    marked: (path) => at.has(path),
    markedUnder: (path) => [...at.keys()].some((p) => p === path || p.startsWith(`${path}.`) || p.startsWith(`${path}[`)),
  };
  useLayoutEffect(() => {
    const next = placeProblems(problems || [], shown);
    const same = (a, b) => JSON.stringify([...a.entries()]) === JSON.stringify([...b.entries()]);
    if (placed.key !== key || !same(next, placed.at)) setPlaced({ key, at: next });
  });
  const record = app.record;
  const setup = [];
  const main = [];
  let dealsAt = -1;
  if (spec) {
    for (const field of spec.record) {
      const kind = field.type.kind;
      if (kind === "players") main.push(html`<${Players} key="players" ctx=${ctx} spec=${spec} />`);
      else if (kind === "options") setup.push({ node: html`<${Options} key="options" ctx=${ctx} field=${field} />`, filled: hasValue(record.options) });
      else if (kind === "deals") dealsAt = main.length;
      else if (!TEST_ONLY.includes(field.name) && kind !== "game") {
        const node = html`<${Field} key=${field.name} ctx=${ctx} field=${field} parts=${[field.name]} />`;
        if (field.required) main.push(node);
        else setup.push({ node, filled: field.name !== "notation" && hasValue(getAt(record, [field.name])) });
      }
    }
  }
  const deals = Array.isArray(record.deals) ? record.deals : [];
  const setupFold = setup.length ? html`<${Fold} key="setup" summary=${ctx.t("form.setup")}
    open=${setup.some((s) => s.filled) || ["options", "notation", "scores_before", "match_length", "stake", "suit_values"].some((k) => ctx.markedUnder(k))}>
    ${setup.map((s) => s.node)}</${Fold}>` : null;
  return html`<${Fragment}>
    <div class="checker-field" data-path="game">
      <div class="checker-label-row"><label for="checker-game">${ctx.t("form.game")}</label></div>
      <select id="checker-game" class="checker-input" data-path="game" value=${spec ? spec.game : ""}
        onChange=${(e) => app.setGame(e.currentTarget.value)}>
        ${games.map((g) => html`<option value=${g.game}>${g.name}</option>`)}
        ${spec ? null : html`<option value="">${String(record.game ?? ctx.t("form.empty"))}</option>`}
      </select>
    </div>
    ${spec && spec.sample_text ? html`<button type="button" class="md-button checker-small" data-action="sample"
      onClick=${() => app.sample()}>${ctx.t("form.sample")}</button>` : null}
    ${spec ? [...main.slice(0, dealsAt < 0 ? main.length : dealsAt), setupFold,
      ...deals.map((deal, i) => html`<${Deal} key=${`deal${i}`} ctx=${ctx} spec=${spec} sheet=${sheet} deal=${deal} i=${i} count=${deals.length} />`),
      ...(dealsAt < 0 ? [] : main.slice(dealsAt))] : null}
    ${spec && (!spec.max_deals || deals.length < spec.max_deals) ? html`<button type="button" class="md-button"
      data-action="add-deal" onClick=${() => app.addDeal()}>${ctx.t("form.add_deal")}</button>` : null}
  </${Fragment}>`;
}
