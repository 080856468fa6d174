/**
 * The form's controls, one per kind of value a record declares (referee.records.fields.describe):
 * a line of text, a whole number with − and +, an amount in roubles, a choice as buttons side by
 * side or as a list, cards typed or picked, players in order.
 *
 * Every control takes `ctx` (what the form view gives each control: `record`, `set(parts, value)`,
 * `t` the page's strings, `notation`) and `parts`, the path of its value in the record. A value is
 * in the record the moment it is typed (on `input`); what is typed stays as typed while it means
 * the value the record holds (a draft), so the caret never jumps and nothing is rewritten under it.
 */
import { html, useRef } from "./lib.js";
import { getAt, pathText } from "./store.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A line of text for one value: `parse` turns what is typed into the record's value (undefined: none). */
export function TextBox({ ctx, parts, parse, format, label, id, cls = "", inputmode, placeholder, invalid }) {
  const value = getAt(ctx.record, parts);
  const draft = useRef(null);
  const shown = draft.current !== null && same(parse(draft.current), value) ? draft.current : format(value);
  const onInput = (event) => {
    draft.current = event.currentTarget.value;
    ctx.set(parts, parse(event.currentTarget.value));
  };
  return html`<input type="text" id=${id} class=${`checker-input ${cls}`.trim()} data-path=${pathText(parts)}
    value=${shown} onInput=${onInput} aria-label=${label} autocomplete="off" spellcheck=${false}
    enterkeyhint="next" inputmode=${inputmode} placeholder=${placeholder}
    aria-invalid=${invalid ? "true" : undefined} />`;
}

const plainText = (v) => (v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));
const trimmed = (raw) => (raw.trim() === "" ? undefined : raw.trim());

/** What YAML would read from a bare word: a whole number, or the text (never a Python or YAML word). */
export function scalar(raw) {
  return /^-?\d+$/.test(raw) ? parseInt(raw, 10) : raw;
}

/** A whole number: typed, or one step at a time with − and + (a phone's keyboard is a tap away). */
export function NumberBox({ ctx, parts, type, label, id, invalid }) {
  const value = getAt(ctx.record, parts);
  const parse = (raw) => {
    const text = raw.trim().replace(/^\u2212/, "-");
    return text === "" ? undefined : /^-?\d+$/.test(text) ? parseInt(text, 10) : text;
  };
  const step = (d) => {
    let next = (typeof value === "number" ? value : 0) + d;
    if (type.minimum !== null && type.minimum !== undefined) next = Math.max(next, type.minimum);
    if (type.maximum !== null && type.maximum !== undefined) next = Math.min(next, type.maximum);
    ctx.set(parts, next);
  };
  return html`<span class="checker-number">
    <button type="button" class="checker-step" aria-label=${ctx.t("form.less")} onClick=${() => step(-1)}>\u2212</button>
    <${TextBox} ctx=${ctx} parts=${parts} parse=${parse} format=${plainText} label=${label} id=${id}
      cls="checker-int" inputmode="numeric" invalid=${invalid} />
    <button type="button" class="checker-step" aria-label=${ctx.t("form.more_one")} onClick=${() => step(1)}>+</button>
  </span>`;
}

/** Money, typed in roubles and kopecks ("3", "2.50"), kept in kopecks as the record has it. */
export function MoneyBox({ ctx, parts, label, id, invalid }) {
  const sep = ctx.t("money.sep");
  const format = (v) => (typeof v === "number"
    ? `${v < 0 ? "-" : ""}${Math.floor(Math.abs(v) / 100)}${Math.abs(v) % 100 ? sep + String(Math.abs(v) % 100).padStart(2, "0") : ""}`
    : plainText(v));
  const parse = (raw) => {
    const text = raw.trim().replace(/^\u2212/, "-").replace(",", ".").replace(/\s*₽$/, "");
    return text === "" ? undefined : /^-?\d+(\.\d{1,2})?$/.test(text) ? Math.round(parseFloat(text) * 100) : raw.trim();
  };
  return html`<span class="checker-number">
    <${TextBox} ctx=${ctx} parts=${parts} parse=${parse} format=${format} label=${label} id=${id}
      cls="checker-money" inputmode="decimal" invalid=${invalid} />
    <span aria-hidden="true">₽</span></span>`;
}

/**
 * A handful of choices as buttons side by side (one tap): a radio group. A tap chooses; a second
 * tap on the chosen one keeps it chosen (a choice the page made for the reader must survive the
 * reader's confirming tap). Arrows move between the choices, as in any radio group.
 */
export function Chips({ ctx, parts, values, labels = {}, keys, label, labelledby, invalid }) {
  const value = getAt(ctx.record, parts);
  const plain = value !== undefined && value !== null && typeof value !== "object";
  const at = values.findIndex((v) => v === value || (plain && String(v) === String(value)));
  const options = values.map((v, i) => ({ v, text: labels[String(v)] ?? String(v), key: keys ? keys[i] : String(v) }));
  if (at < 0 && plain) options.push({ v: value, text: String(value), key: "kept", kept: true }); // a value the form does not offer
  const chosen = at >= 0 ? at : plain ? options.length - 1 : -1;
  const choose = (i, focus) => {
    if (!options[i].kept) ctx.set(parts, options[i].v);
    if (focus) focus.parentElement.children[i]?.focus();
  };
  const onKey = (i) => (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    choose((i + step + options.length) % options.length, event.currentTarget);
  };
  return html`<div role="radiogroup" class="checker-chips" data-path=${pathText(parts)} aria-label=${label}
    data-values=${JSON.stringify(values)}
    aria-labelledby=${labelledby} aria-invalid=${invalid ? "true" : undefined}>
    ${options.map((o, i) => html`<button type="button" role="radio" key=${o.key} class="checker-chip"
      aria-checked=${String(i === chosen)} tabindex=${i === chosen || (chosen < 0 && i === 0) ? "0" : "-1"}
      onClick=${() => choose(i)} onKeyDown=${onKey(i)}>${o.text}</button>`)}
  </div>`;
}

/** Many choices: a list to open. */
export function Choice({ ctx, parts, values, labels = {}, label, id, invalid }) {
  const value = getAt(ctx.record, parts);
  const plain = value !== undefined && value !== null && typeof value !== "object";
  const at = values.findIndex((v) => v === value || (plain && String(v) === String(value)));
  const onChange = (event) => {
    const picked = event.currentTarget.value;
    if (picked !== "keep") ctx.set(parts, picked === "" ? undefined : values[Number(picked)]);
  };
  return html`<select id=${id} class="checker-input" data-path=${pathText(parts)} aria-label=${label}
    data-values=${JSON.stringify(values)}
    value=${at >= 0 ? String(at) : plain ? "keep" : ""} onChange=${onChange} aria-invalid=${invalid ? "true" : undefined}>
    <option value="">${ctx.t("form.empty")}</option>
    ${values.map((v, i) => html`<option value=${String(i)}>${labels[String(v)] ?? String(v)}</option>`)}
    ${at < 0 && plain ? html`<option value="keep">${String(value)}</option>` : null}
  </select>`;
}

// Ranks and suits as this page's readers write them (the record's notation decides what is typed).
export const RANKS = {
  en: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
  ru: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К", "Т"],
  de: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"],
};
export const SUITS = ["♠", "♥", "♦", "♣"];

/**
 * Cards, ranks or suits: one line, separated as the notation separates them, a "nothing" button
 * (an empty list, which a blank box cannot say) and a picker of the pack.
 * `list`: the record holds a list (else one line of text, which the referee reads as cards).
 */
export function CardsBox({ ctx, parts, item, list = true, label, id, invalid, single = false }) {
  const value = getAt(ctx.record, parts);
  // German cards may hold a space ("10 Herz"): a comma separates them; suits and ranks never do.
  const german = ctx.record.notation === "de" && item === "card";
  const joiner = german ? ", " : " ";
  const split = (raw) => raw.split(german ? /\s*,\s*/ : /[\s,]+/).filter(Boolean);
  const parse = (raw) => (raw.trim() === "" ? undefined : list
    ? split(raw).map((v) => (item === "integer" ? scalar(v) : v)) : raw.trim());
  const format = (v) => (Array.isArray(v) ? v.map(String).join(joiner) : plainText(v));
  const add = (word) => {
    if (single) return ctx.set(parts, word);
    if (list) return ctx.set(parts, [...(Array.isArray(value) ? value : []), word]);
    return ctx.set(parts, typeof value === "string" && value.trim() ? value.trim() + joiner + word : word);
  };
  const nothing = Array.isArray(value) && value.length === 0;
  const notation = RANKS[ctx.record.notation] ? ctx.record.notation : "en";
  const rows = item === "suit" ? [SUITS] : item === "rank" ? [RANKS[notation]]
    : SUITS.map((s) => RANKS[notation].map((r) => r + s));
  return html`<span class="checker-cards">
    <${TextBox} ctx=${ctx} parts=${parts} parse=${single ? trimmed : parse} format=${format} label=${label} id=${id}
      placeholder=${nothing ? ctx.t("form.nothing_set") : undefined} invalid=${invalid} />
    ${list && !single ? html`<button type="button" class="checker-chip checker-none" data-action="none"
      aria-pressed=${String(nothing)} onClick=${() => ctx.set(parts, [])}>${ctx.t("form.nothing")}</button>` : null}
    <details class="checker-picker"><summary>${ctx.t(item === "suit" ? "form.pick_suit" : "form.pick")}</summary>
      ${rows.map((row) => html`<div class="checker-picker-row">${row.map((word) => html`<button type="button"
        class="checker-chip" onClick=${() => add(word)}>${word}</button>`)}</div>`)}
    </details>
  </span>`;
}

/** Players in order (Kings Corners' out, a tie of losers): one choice a place. */
export function Places({ ctx, parts, names, label }) {
  const value = getAt(ctx.record, parts);
  const now = Array.isArray(value) ? value.map(String) : value === undefined || value === null ? [] : [String(value)];
  const pick = (i, picked) => {
    const list = names.map((_, k) => (k === i ? picked : now[k] ?? null)).filter((n) => n !== null && n !== undefined && n !== "");
    ctx.set(parts, list.length === 0 ? undefined : list.length === 1 ? list[0] : list);
  };
  return html`<span class="checker-inline checker-input" data-path=${pathText(parts)}>
    ${names.map((_, i) => html`<select key=${i} class="checker-input" data-path=${pathText([...parts, i])}
      data-values=${JSON.stringify(names)} aria-label=${`${label || ""} ${ctx.t("form.place")} ${i + 1}`.trim()}
      value=${names.includes(now[i]) ? String(names.indexOf(now[i])) : ""}
      onChange=${(e) => pick(i, e.currentTarget.value === "" ? "" : names[Number(e.currentTarget.value)])}>
      <option value="">${ctx.t("form.empty")}</option>
      ${names.map((n, k) => html`<option value=${String(k)}>${n}</option>`)}
    </select>`)}
  </span>`;
}

/** A list written one item a line (Construction's turns): what a scoresheet column holds. */
export function LinesBox({ ctx, parts, id, label }) {
  const value = getAt(ctx.record, parts);
  const draft = useRef(null);
  const format = (v) => (Array.isArray(v) ? v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join("\n") : plainText(v));
  const parse = (raw) => {
    const lines = raw.split("\n").map((l) => l.trim()).filter(Boolean);
    return lines.length ? lines : undefined;
  };
  const shown = draft.current !== null && same(parse(draft.current), value) ? draft.current : format(value);
  return html`<textarea id=${id} rows="6" spellcheck=${false} autocomplete="off" class="checker-input checker-lines"
    data-path=${pathText(parts)} aria-label=${label} value=${shown}
    onInput=${(e) => { draft.current = e.currentTarget.value; ctx.set(parts, parse(e.currentTarget.value)); }} />`;
}

/** The longer help, one tap away (a phone shows no tooltip). */
export function Hint({ ctx, help }) {
  if (!help) return null;
  return html`<details class="checker-hint">
    <summary aria-label=${ctx.t("form.help")} title=${ctx.t("form.help")}>?</summary>
    <small class="checker-help">${help}</small></details>`;
}

/** A JSON box for a shape the form has no control for: its value kept exactly as typed. */
export function JsonBox({ ctx, parts, label, id, invalid }) {
  const parse = (raw) => {
    if (raw.trim() === "") return undefined;
    try { return JSON.parse(raw); } catch { return raw; }
  };
  return html`<${TextBox} ctx=${ctx} parts=${parts} parse=${parse} format=${plainText} label=${label} id=${id} invalid=${invalid} />`;
}

export { plainText, trimmed };
