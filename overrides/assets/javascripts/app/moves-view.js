/**
 * Construction's race, turn by turn with pickers (issue 34): the card turned (a rank and a suit),
 * what was done with it, the small token's number, and the places (a column, a row, laid across or
 * not). Nothing is typed in notation: each turn is written into the record as the line the referee
 * reads ("9♣ small 1 0:0 H0:0 1:0"), in the record's own notation, the moment a picker changes, so
 * the store keeps it (and a reload brings it back) exactly as the command line will read it.
 *
 * What a turn is made of comes from the referee (the field's type, kind "moves":
 * referee.games.construction.TurnsByPickers): its uses with how many places follow each, the
 * number of small tokens, and the words, in the page's language.
 *
 *   html`<${MovesBox} ctx=${ctx} parts=${["deals", 0, "turns"]} type=${field.type} labelledby=${id} />`
 */
import { html, useRef } from "./lib.js";
import { getAt, pathText } from "./store.js";
import { fill } from "./strings.js";
import { RANKS, SUITS } from "./controls.js";

const PLACE = /^(H?)(-?\d*):(\d*)$/i;
const LETTER_SUITS = {
  en: { c: "♣", s: "♠", d: "♦", h: "♥" },
  ru: { т: "♣", п: "♠", б: "♦", ч: "♥" },
};
const GERMAN_SUITS = { kreuz: "♣", pik: "♠", karo: "♦", herz: "♥" };

/** A card's text as the pickers show it: the rank's index in the notation's ranks, and the suit. */
export function readCard(text, notation) {
  let rest = String(text || "").trim();
  let suit = null;
  const word = /^(\p{L}+)\s+(\S+)$/u.exec(rest); // German: "Herz 10"
  const last = rest.slice(-1);
  const letters = LETTER_SUITS[notation] || LETTER_SUITS.en;
  if (word && GERMAN_SUITS[word[1].toLowerCase()]) {
    suit = GERMAN_SUITS[word[1].toLowerCase()];
    rest = word[2];
  } else if (SUITS.includes(last)) suit = last;
  else if (rest.length > 1 && letters[last.toLowerCase()]) suit = letters[last.toLowerCase()];
  if (suit && !word) rest = rest.slice(0, -1).trim();
  const upper = rest.toUpperCase();
  let rank = -1;
  // The record's notation first, then the others (a turn picked before the notation was changed).
  for (const ranks of [RANKS[notation] || RANKS.en, RANKS.en, RANKS.ru, RANKS.de]) {
    if (rank < 0 && upper) rank = ranks.findIndex((r) => r.toUpperCase() === upper);
  }
  if (rank < 0 && upper === "T") rank = 8; // T for ten, as English notation also writes it
  return { rank: rank < 0 ? null : rank, suit, known: rank >= 0 || !upper };
}

/** A turn's line read back into what its pickers show. */
export function readTurn(line, uses, notation) {
  const words = String(line ?? "").trim().split(/\s+/).filter(Boolean);
  const names = uses.map((u) => u.name);
  const k = words.findIndex((w) => names.includes(w.toLowerCase()));
  const card = readCard((k < 0 ? words : words.slice(0, k)).join(" "), notation);
  const use = k < 0 ? null : words[k].toLowerCase();
  let rest = k < 0 ? [] : words.slice(k + 1);
  let token = null;
  if (use === "small" && rest.length && /^\d+$/.test(rest[0])) {
    token = parseInt(rest[0], 10);
    rest = rest.slice(1);
  }
  const places = rest.map((w) => {
    const m = PLACE.exec(w);
    return m ? { across: Boolean(m[1]), column: m[2], row: m[3] } : { across: false, column: "", row: "" };
  });
  return { ...card, use, token, places };
}

/** The line the referee reads, from what the pickers hold ("" for a turn with nothing chosen yet). */
export function writeTurn(turn, notation) {
  const ranks = RANKS[notation] || RANKS.en;
  const card = `${turn.rank === null ? "" : ranks[turn.rank]}${turn.suit || ""}`;
  const words = [card];
  if (turn.use) words.push(turn.use);
  if (turn.use === "small") words.push(turn.token === null ? "" : String(turn.token));
  for (const p of turn.places) words.push(`${p.across ? "H" : ""}${p.column}:${p.row}`);
  return words.filter((w) => w !== "").join(" ");
}

/** A whole number typed (a column may be negative), with − and + a tap away. */
function Count({ value, label, path, onSet, negative }) {
  const clean = (raw) => raw.replace(/\u2212/g, "-").replace(negative ? /[^\d-]/g : /\D/g, "").replace(/(?!^)-/g, "");
  const step = (d) => {
    const now = /^-?\d+$/.test(value) ? parseInt(value, 10) : 0;
    const next = now + d;
    onSet(String(negative ? next : Math.max(0, next)));
  };
  return html`<span class="checker-number">
    <button type="button" class="checker-step" aria-label=${`${label}: \u2212`} onClick=${() => step(-1)}>\u2212</button>
    <input type="text" class="checker-input checker-int" inputmode=${negative ? "text" : "numeric"} autocomplete="off"
      enterkeyhint="next" data-path=${path} aria-label=${label} value=${value}
      onInput=${(e) => onSet(clean(e.currentTarget.value))} />
    <button type="button" class="checker-step" aria-label=${`${label}: +`} onClick=${() => step(1)}>+</button>
  </span>`;
}

/** Buttons side by side, one chosen (a radio group: arrows move, a tap chooses). */
function Pick({ values, labels, names, chosen, label, path, onPick }) {
  const at = values.indexOf(chosen);
  const onKey = (i) => (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (i + step + values.length) % values.length;
    onPick(values[next]);
    event.currentTarget.parentElement.children[next]?.focus();
  };
  return html`<div role="radiogroup" class="checker-chips" aria-label=${label} data-path=${path}
    data-values=${JSON.stringify(values)}>
    ${values.map((v, i) => html`<button type="button" role="radio" key=${String(v)} class="checker-chip"
      aria-checked=${String(i === at)} tabindex=${i === at || (at < 0 && i === 0) ? "0" : "-1"}
      aria-label=${names ? names[i] : undefined}
      onClick=${() => onPick(v)} onKeyDown=${onKey(i)}>${labels ? labels[i] : String(v)}</button>`)}
  </div>`;
}

/** One turn: its pickers, written back into the record's line at every change. */
function Turn({ ctx, type, parts, k, line, remove }) {
  const notation = ctx.record.notation || "en";
  const words = type.words;
  const turn = readTurn(line, type.uses, notation);
  const use = type.uses.find((u) => u.name === turn.use);
  const path = pathText([...parts, k]);
  const put = (change) => {
    const next = { ...turn, places: turn.places.map((p) => ({ ...p })), ...change };
    const wanted = type.uses.find((u) => u.name === next.use);
    if (wanted && change.use !== undefined) { // a new use: as many places as it takes, at least
      const [least, most] = wanted.places;
      while (next.places.length < least) next.places.push({ across: false, column: "", row: "" });
      next.places = next.places.slice(0, most);
      if (next.use !== "small") next.token = null;
    }
    ctx.set([...parts, k], writeTurn(next, notation));
  };
  const place = (i, change) => put({ places: turn.places.map((p, j) => (j === i ? { ...p, ...change } : p)) });
  const ranks = RANKS[notation] || RANKS.en;
  const title = fill(words.turn, { n: k + 1 });
  ctx.register(path); // the referee's word about this turn stands here, beside its pickers
  const bad = ctx.marked(path);
  return html`<fieldset class=${`checker-turn${bad ? " checker-bad" : ""}`} data-path=${path} data-line=${String(line ?? "")}>
    <legend>${title}</legend>
    ${ctx.problemsAt(path).map((text, i) => html`<p key=${i} class="checker-field-error" role="note">${text}</p>`)}
    <div class="checker-turn-card">
      <select class="checker-input checker-rank" data-path=${`${path}.rank`} aria-label=${`${title}: ${words.rank}`}
        data-values=${JSON.stringify(ranks)} value=${turn.rank === null ? "" : String(turn.rank)}
        onChange=${(e) => put({ rank: e.currentTarget.value === "" ? null : Number(e.currentTarget.value) })}>
        <option value="">${ctx.t("form.empty")}</option>
        ${ranks.map((r, i) => html`<option value=${String(i)}>${r}</option>`)}
      </select>
      <${Pick} values=${SUITS} names=${type.suits ? SUITS.map((x) => type.suits[x] || x) : undefined} chosen=${turn.suit}
        label=${`${title}: ${words.suit}`} path=${`${path}.suit`}
        onPick=${(suit) => put({ suit })} />
    </div>
    <${Pick} values=${type.uses.map((u) => u.name)} labels=${type.uses.map((u) => u.label)} chosen=${turn.use}
      label=${`${title}: ${words.use}`} path=${`${path}.use`} onPick=${(u) => put({ use: u })} />
    ${turn.use === "small" ? html`<label class="checker-turn-token">${words.token}
      <select class="checker-input" data-path=${`${path}.token`} value=${turn.token === null ? "" : String(turn.token - 1)}
        data-values=${JSON.stringify(Array.from({ length: type.tokens }, (_, i) => i + 1))}
        onChange=${(e) => put({ token: e.currentTarget.value === "" ? null : Number(e.currentTarget.value) + 1 })}>
        <option value="">${ctx.t("form.empty")}</option>
        ${Array.from({ length: type.tokens }, (_, i) => html`<option value=${String(i)}>${i + 1}</option>`)}
      </select></label>` : null}
    ${turn.places.map((p, i) => {
      const name = `${title}, ${fill(words.place, { n: i + 1 })}`;
      return html`<div key=${i} class="checker-place" role="group" aria-label=${name} data-path=${`${path}.places[${i}]`}>
        <span class="checker-place-name" aria-hidden="true">${fill(words.place, { n: i + 1 })}</span>
        <span class="checker-place-part" aria-hidden="true">${words.column}</span>
        <${Count} value=${p.column} label=${`${name}: ${words.column}`} path=${`${path}.places[${i}].column`} negative=${true}
          onSet=${(column) => place(i, { column })} />
        <span class="checker-place-part" aria-hidden="true">${words.row}</span>
        <${Count} value=${p.row} label=${`${name}: ${words.row}`} path=${`${path}.places[${i}].row`}
          onSet=${(row) => place(i, { row })} />
        <label class="checker-across"><input type="checkbox" data-path=${`${path}.places[${i}].across`}
          checked=${p.across} onChange=${(e) => place(i, { across: e.currentTarget.checked })} />${words.across}</label>
      </div>`;
    })}
    <div class="checker-turn-actions">
      ${use && turn.places.length < use.places[1] ? html`<button type="button" class="md-button checker-small"
        data-action="add-place" onClick=${() => put({ places: [...turn.places, { across: false, column: "", row: "" }] })}>
        ${words.add_place}</button>` : null}
      ${use && turn.places.length > use.places[0] ? html`<button type="button" class="md-button checker-small"
        data-action="remove-place" onClick=${() => put({ places: turn.places.slice(0, -1) })}>${words.remove_place}</button>` : null}
      <button type="button" class="md-button checker-small" data-action="remove-turn"
        onClick=${() => remove(k)}>${fill(words.remove, { n: k + 1 })}</button>
    </div>
  </fieldset>`;
}

/** Every turn of the race, one after another; a turn is added, changed or removed in place. */
export function MovesBox({ ctx, parts, type, labelledby, invalid }) {
  const value = getAt(ctx.record, parts);
  const lines = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const root = useRef(null);
  const focusTurn = (k) => requestAnimationFrame(() => {
    const turns = root.current ? root.current.querySelectorAll(".checker-turn") : [];
    const turn = turns[Math.min(k, turns.length - 1)];
    (turn ? turn.querySelector("select") : root.current?.querySelector("[data-action=add-turn]"))?.focus();
  });
  const add = () => {
    ctx.set(parts, [...lines, ""]);
    focusTurn(lines.length);
  };
  const remove = (k) => {
    const next = lines.filter((_, j) => j !== k);
    ctx.set(parts, next.length ? next : undefined);
    focusTurn(k);
  };
  return html`<div class="checker-moves" role="group" ref=${root} data-path=${pathText(parts)} data-kind="moves"
    aria-labelledby=${labelledby} aria-invalid=${invalid ? "true" : undefined}>
    ${lines.map((line, k) => html`<${Turn} key=${k} ctx=${ctx} type=${type} parts=${parts} k=${k} line=${line}
      remove=${remove} />`)}
    <button type="button" class="md-button checker-small" data-action="add-turn" onClick=${add}>${type.words.add}</button>
  </div>`;
}
