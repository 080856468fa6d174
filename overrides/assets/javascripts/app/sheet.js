/**
 * The scoresheet: what the checker keeps in its store (store.js) and how it changes. Pure
 * functions from a sheet to the next sheet, so that every change is one `store.update`, saved at
 * once, and a reload finds the sheet as it was.
 *
 * A sheet: {record, text, view: "form"|"text", source: "form"|"text" (the view edited last),
 * own (the reader's own sheet, not a link's), origin (the address's fragment it was opened from),
 * fresh (its first dealer not yet filled in), seatNames (each seat's last name that was not empty,
 * so a name retyped keeps its entries), folded/carried/dealScores/order (the evening: deals checked
 * and the totals carried), answer (the last answer, or null), answerKey (what that answer answers:
 * `answerKey` below), stale (edited since)}.
 */
import { getAt, setAt } from "./store.js";

export const TEST_ONLY = ["expected"]; // keys for the test suite: never in what a reader receives

/** A sheet with nothing in it. */
export function blankSheet() {
  return { record: null, text: "", view: "form", source: "form", own: false, origin: "", fresh: true, seatNames: [],
    folded: 0, carried: null, dealScores: [], order: [], answer: null, answerKey: null, stale: false };
}

/** A record with only what the test suite reads left out. */
export const forReaders = (record) => Object.fromEntries(Object.entries(record || {}).filter(([k]) => !TEST_ONLY.includes(k)));

/** A new record of `spec`'s game; the names already typed keep their seats. */
export function newRecord(spec, lang, keepPlayers = [], sides = []) {
  const counts = spec.player_counts;
  const names = keepPlayers.filter(Boolean).slice(0, counts[counts.length - 1]);
  while (names.length < counts[0]) names.push("");
  const record = { game: spec.game };
  if (spec.record.some((f) => f.name === "notation")) record.notation = lang; // cards as this page writes them
  record.players = names;
  const teams = spec.record.find((f) => f.name === "teams");
  if (teams && teams.required) record.teams = { [sides[0]]: [], [sides[1]]: [] };
  record.deals = [{}];
  return record;
}

/** Whether a sheet holds anything the reader typed (a name, or a value in a deal). */
export function hasWork(sheet) {
  if (!sheet || !sheet.own || !sheet.record) return false;
  const r = sheet.record;
  return (Array.isArray(r.players) && r.players.some((p) => p)) || (Array.isArray(r.deals) && r.deals.some((d) => d && Object.keys(d).length));
}

/** The record with every entry of player (or side) `old` under `now`; `now` null: the entries go. */
export function renameIn(record, old, now, { keysOnly = false, teams = false } = {}) {
  if (!old || old === now) return record;
  const visit = (value) => {
    if (!value || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((v) => (v === old && now !== null && !keysOnly ? now : visit(v)));
    const out = {};
    const clash = now !== null && now in value && old in value;
    for (const [k, v] of Object.entries(value)) {
      const key = k === old && !clash ? now : k;
      if (key === null) continue;
      out[key] = v === old && now !== null && !keysOnly ? now : visit(v);
    }
    return out;
  };
  const out = { ...record };
  for (const key of Object.keys(record)) {
    if (!["players", "game", "options"].includes(key) && (key !== "teams" || teams || !keysOnly)) out[key] = visit(record[key]);
  }
  return out;
}

/** The sheet after a name typed into seat `i` (every keystroke: entries follow the name as it grows). */
export function typedName(sheet, i, typed, dealerRequired) {
  const name = typed.trim();
  const players = [...(sheet.record.players || [])];
  players[i] = typed;
  let record = { ...sheet.record, players };
  const seatNames = [...sheet.seatNames];
  const old = seatNames[i] || "";
  const taken = players.some((p, k) => k !== i && String(p ?? "").trim() === name);
  if (name && !taken) {
    if (old && old !== name) record = renameIn(record, old, name);
    seatNames[i] = name;
  }
  let fresh = sheet.fresh;
  // A record begun in the form has its first dealer filled in: the players are listed from the dealer
  // (the legend says so), so the first name is the dealer unless the reader taps another.
  if (fresh && dealerRequired && i === 0 && name && Array.isArray(record.deals) && record.deals[0] && record.deals[0].dealer === undefined) {
    record = setAt(record, ["deals", 0, "dealer"], name);
    fresh = false;
  }
  return { ...sheet, record, seatNames, fresh, own: true, source: "form", stale: true };
}

/** The record with names trimmed (what is typed keeps its spaces while typed; the referee gets the name). */
export function trimmedNames(record) {
  if (!Array.isArray(record.players)) return record;
  return { ...record, players: record.players.map((p) => (typeof p === "string" ? p.trim() : p)) };
}

export function removedPlayer(sheet, i) {
  const players = [...sheet.record.players];
  const [gone] = players.splice(i, 1);
  const seatNames = [...sheet.seatNames];
  seatNames.splice(i, 1);
  const record = renameIn({ ...sheet.record, players }, String(gone ?? "").trim(), null);
  return { ...sheet, record, seatNames, own: true, source: "form", stale: true };
}

/** The next deal: the deal passes to the left. */
export function nextDeal(record) {
  const deals = Array.isArray(record.deals) ? record.deals : [];
  const last = deals[deals.length - 1];
  const names = (record.players || []).map((p) => String(p ?? "").trim()).filter(Boolean);
  if (!last || typeof last.dealer !== "string" || !names.includes(last.dealer)) return {};
  return { dealer: names[(names.indexOf(last.dealer) + 1) % names.length] };
}

/** The sheet after a change of one value in the form. */
export function changed(sheet, parts, value) {
  return { ...sheet, record: setAt(sheet.record, parts, value), own: true, source: "form", stale: true };
}

export { getAt };

/**
 * What a kept verdict answers: the build's referee (its zip is named by the hash of its code and
 * catalogs), the page's language and the exact record text that was checked (its length and a
 * 53-bit hash, so that the sheet on the device does not hold the record twice). A reload shows the
 * kept verdict only when the sheet's text gives the same key (see `keptAnswerFits`).
 *
 *   answerKey("referee-ab12.zip", "en", "game: yacht") → {referee: "referee-ab12.zip", lang: "en", text: "11:…"}
 */
export function answerKey(referee, lang, text) {
  // cyrb53 (a public-domain string hash): two 32-bit lanes mixed, 53 bits kept.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return { referee, lang, text: `${text.length}:${hash.toString(36)}` };
}

/**
 * Whether the sheet's kept answer is the answer to the sheet as it is now, by this build's referee
 * in this language: its key matches, and nothing was changed in the form since the text was made
 * from it (a change there leaves the text behind until the next check).
 */
export function keptAnswerFits(sheet, referee, lang) {
  const key = sheet.answerKey;
  if (!sheet.answer || !("status" in sheet.answer) || !key || sheet.source === "form" || sheet.stale) return false;
  const now = answerKey(referee, lang, sheet.text || "");
  return key.referee === now.referee && key.lang === now.lang && key.text === now.text;
}
