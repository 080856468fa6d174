/**
 * The page's strings: the words around the referee's own (buttons, headings, progress), in the
 * page's language. site_tools/checker_strings.py declares them in English, Russian and German and
 * the page's markup carries the page's language's set as JSON (data-strings).
 *
 *   const t = createStrings(JSON.parse(root.dataset.strings));
 *   t("form.player", { n: 2 })  // "Player 2"
 *
 * A key the table lacks shows as the key itself, so a missing string is seen, never a blank.
 */

/** Fills {name} placeholders from `values`; unknown placeholders stay as written. */
export function fill(template, values = {}) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

/**
 * A translator over one table of strings.
 * @param {Record<string, string>} table
 * @returns {(key: string, values?: Record<string, unknown>) => string}
 */
export function createStrings(table) {
  return (key, values) => fill(key in table ? table[key] : key, values);
}

/** A number as the page prints it: a real minus sign, so that "−10" never reads as a dash. */
export function minus(n) {
  return typeof n === "number" && n < 0 ? `\u2212${-n}` : String(n);
}
