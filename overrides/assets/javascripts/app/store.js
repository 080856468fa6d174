/**
 * The store: one value (the record being filled in, or a game in progress), changed only through
 * `update`, saved to the device on every change (localStorage; nothing leaves it) and given back
 * on reload. Views read it and subscribe; nothing else holds the state.
 *
 *   const sheet = createStore("referee-checker:sheet", () => ({ record: null }));
 *   sheet.update((s) => ({ ...s, record }));   // saved at once
 *   const stop = sheet.subscribe((s) => …);      // after every change
 *   sheet.saved()                                 // what the device had when the page opened, or null
 *   sheet.clear()                                 // forget it on the device (the value stays in the page)
 *
 * Also here: paths into a record, as the referee writes them (deals[0].taken.Anna), and the
 * helpers that read and write a record at a path (the form's every control goes through them).
 */

const PREFIX_VERSION = 1; // a saved value of another shape is not restored

function storage() {
  try { return window.localStorage; } catch { return null; } // storage switched off: nothing kept
}

/**
 * @template T
 * @param {string} key the device's key (one per tool: the checker's sheet, the table's game)
 * @param {() => T} initial the value when nothing is saved
 * @returns {{get: () => T, update: (change: T | ((now: T) => T)) => T, subscribe: (fn: (value: T) => void) => () => void,
 *   saved: () => T | null, clear: () => void}}
 */
export function createStore(key, initial) {
  const saved = read(key);
  let value = saved ?? initial();
  const listeners = new Set();
  return {
    get: () => value,
    update(change) {
      value = typeof change === "function" ? change(value) : change;
      write(key, value);
      for (const fn of listeners) fn(value);
      return value;
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    saved: () => saved,
    clear() {
      try { storage()?.removeItem(key); } catch { /* nothing to clear */ }
    },
  };
}

function read(key) {
  try {
    const kept = JSON.parse(storage()?.getItem(key) ?? "null");
    return kept && kept.version === PREFIX_VERSION ? kept.value : null;
  } catch { return null; }
}

function write(key, value) {
  try { storage()?.setItem(key, JSON.stringify({ version: PREFIX_VERSION, value })); } catch { /* full or off */ }
}

/** A small list the device remembers across evenings (the players' names), newest first. */
export function rememberList(key, items, limit = 40) {
  const old = recallList(key);
  const list = [...new Set([...items.filter((x) => typeof x === "string" && x), ...old])].slice(0, limit);
  try { storage()?.setItem(key, JSON.stringify(list)); } catch { /* full or off */ }
  return list;
}

/** The list `rememberList` kept, or []. */
export function recallList(key) {
  try {
    const list = JSON.parse(storage()?.getItem(key) ?? "[]");
    return Array.isArray(list) ? list.filter((x) => typeof x === "string" && x) : [];
  } catch { return []; }
}

// ---- paths into a record -----------------------------------------------------------------------

/** ["deals", 0, "taken", "Anna"] → "deals[0].taken.Anna" (the referee's way of writing a path). */
export function pathText(parts) {
  return parts.reduce((out, p) => (typeof p === "number" ? `${out}[${p}]` : out ? `${out}.${p}` : String(p)), "");
}

/** The value at `parts`, or undefined. */
export function getAt(obj, parts) {
  return parts.reduce((v, p) => (v !== null && typeof v === "object" ? v[p] : undefined), obj);
}

/**
 * A copy of `obj` with `value` at `parts` (undefined: the key goes, and a mapping left empty with it,
 * as if never typed). Only the objects on the path are copied, so views can compare by identity.
 */
export function setAt(obj, parts, value) {
  if (!parts.length) return value;
  const [head, ...rest] = parts;
  const base = obj !== null && typeof obj === "object" ? obj : typeof head === "number" ? [] : {};
  const copy = Array.isArray(base) ? [...base] : { ...base };
  const next = setAt(copy[head], rest, value);
  // A mapping emptied by a removal goes too (a deal, an item of a list, stays in its place).
  const gone = next === undefined || (rest.length > 0 && value === undefined && isEmptyMapping(next));
  if (gone && Array.isArray(copy)) copy[head] = value === undefined && rest.length ? next : null;
  else if (gone) delete copy[head];
  else copy[head] = next;
  return copy;
}

function isEmptyMapping(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0;
}
