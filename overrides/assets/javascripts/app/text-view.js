/**
 * The text view: the record as YAML or JSON, with line numbers (the lines a problem names are
 * marked), and a file to open. Every keystroke is in the store at once, like the form's.
 *
 *   html`<${TextView} t=${t} text=${text} badLines=${new Set([7])} onText=${(text) => …} onFile=${(text) => …}
 *     selectLine=${n} />`
 *
 * `selectLine`: a line to select and bring into view (after "line 7" was pressed in the answer).
 */
import { html, useEffect, useRef } from "./lib.js";

const GUTTER_LINES = 20_000; // numbers beyond it would cost more than they help (a season is far shorter)

function lineCount(text) {
  let count = 1;
  for (let at = text.indexOf("\n"); at >= 0 && count <= GUTTER_LINES; at = text.indexOf("\n", at + 1)) count++;
  return Math.min(count, GUTTER_LINES);
}

export function TextView({ t, text, badLines, onText, onFile, select }) {
  const box = useRef(null);
  const gutter = useRef(null);
  useEffect(() => { // a line to show: selected, scrolled to, focused
    if (!select || !box.current) return;
    const area = box.current;
    const lines = area.value.split("\n");
    const start = lines.slice(0, select.line - 1).reduce((n, l) => n + l.length + 1, 0);
    area.focus();
    area.setSelectionRange(start, start + (lines[select.line - 1] || "").length);
    area.scrollTop = Math.max(0, (select.line - 3) * (area.scrollHeight / Math.max(1, lines.length)));
  }, [select]);
  const count = lineCount(text);
  const numbers = [];
  for (let i = 1; i <= count; i++) {
    numbers.push(html`<span class=${badLines.has(i) ? "checker-bad" : undefined} data-line=${String(i)}>${i}</span>`);
  }
  const openFile = async (event) => {
    const file = event.currentTarget.files[0];
    if (file) onFile(new Uint8Array(await file.arrayBuffer()));
  };
  return html`<label class="checker-label" for="checker-text">${t("text.label")}</label>
    <div class="checker-editor">
      <div class="checker-gutter" aria-hidden="true" ref=${gutter}>${numbers}</div>
      <textarea id="checker-text" class="checker-textarea" spellcheck=${false} autocomplete="off" rows="18" ref=${box}
        value=${text} onInput=${(e) => onText(e.currentTarget.value)}
        onScroll=${(e) => { if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop; }} />
    </div>
    <label class="checker-file">${t("text.open")}
      <input type="file" class="checker-file-input" accept=".yaml,.yml,.json,text/yaml,application/json" onChange=${openFile} />
    </label>`;
}
