/**
 * The score checker: one record, two views (form and text), the referee's answer, the evening's
 * scoresheet kept on the device. State lives in the sheet store (store.js, sheet.js): every
 * keystroke is saved, and a reload finds the sheet as it was. A link (#record=… from a worked
 * example or a friend, #game=… from a game page) never wipes a sheet in progress: the page asks.
 *
 * A reload answers at once: the last verdict is kept with the sheet, keyed by the build's referee,
 * the language and the exact record text (sheet.js: answerKey), and shown as the page opens when the
 * sheet still gives that key (never for a sheet changed since, nor for another build or language);
 * the referee checks the record again as soon as it is up, and its answer replaces the kept one.
 * root[data-answer] says which is shown: "kept" or "live".
 *
 *   mountChecker(root)   // root: the .referee-checker element site_tools/published/checker.py writes
 */
import { html, render } from "./lib.js";
import { createStore, pathText, recallList, rememberList } from "./store.js";
import { createStrings } from "./strings.js";
import { checkerWorkerURL, createWorkerClient } from "./worker-client.js";
import { DamagedLink, MAX_RECORD_BYTES, TooLarge, packRecord, readFragment, toBase64, unpackRecord } from "./share.js";
import { FormView } from "./form-view.js";
import { TextView } from "./text-view.js";
import { VerdictView } from "./verdict-view.js";
import * as S from "./sheet.js";

const SHEET = "referee-checker:sheet";
const NAMES = "referee-checker:players";
const STAGES = { download: 1, start: 2, referee: 3, ready: 4 };

/**
 * Renders the checker into `root` and runs it.
 * @param {HTMLElement} root
 * @param {object} [started] the worker client, when the page's entry started it already (checker.js)
 */
export function mountChecker(root, started = null) {
  const lang = root.dataset.lang;
  const t = createStrings(JSON.parse(root.dataset.strings));
  const games = JSON.parse(root.dataset.games);
  const specOf = (slug) => games.find((g) => g.game === slug);
  const store = createStore(SHEET, S.blankSheet);
  const referee = root.dataset.bundle; // referee-<hash>.zip: the hash of the referee's code and catalogs
  let known = recallList(NAMES); // names from earlier evenings, offered as each name is typed
  if (store.get().answer?.kind === "working") store.update((s) => ({ ...s, answer: null })); // reloaded mid-check
  // The kept verdict: shown now only if it answers this very sheet; the live referee's replaces it.
  // (Known by identity: every change of the sheet keeps the answer object it does not replace.)
  const fits = S.keptAnswerFits(store.get(), referee, lang);
  if (!fits && store.get().answer && "status" in store.get().answer) store.update((s) => ({ ...s, answer: null, answerKey: null }));
  const keptAnswer = fits ? store.get().answer : null;
  const status = { stage: "", start: "", ready: false, failed: null, busy: false, prompt: null, share: null, select: null };
  const redraw = () => render(html`<${Checker} />`, root);
  const setStatus = (change) => { Object.assign(status, change); redraw(); };
  const client = started || createWorkerClient(checkerWorkerURL(root, new URL("../checker.js", import.meta.url).href), { lang });
  client.ready.catch((error) => setStatus({ failed: error.message }));

  // One thing at a time, in order (a tap while the referee works waits its turn).
  let queue = Promise.resolve();
  const run = (task) => {
    queue = queue.then(async () => {
      setStatus({ busy: true });
      root.setAttribute("aria-busy", "true");
      try { await task(); } catch (error) {
        store.update((s) => ({ ...s, answer: { note: t("stage.failed", { error: error.message }) } }));
      } finally {
        root.removeAttribute("aria-busy");
        setStatus({ busy: false });
      }
    });
    return queue;
  };
  const update = (fn) => store.update(fn);

  async function currentText() { // the record as text, from whichever view was edited last
    const sheet = store.get();
    if (sheet.source !== "form" || !sheet.record) return sheet.text; // "text", or "both" (the two agree)
    const text = await client.call("dump", { data: JSON.stringify(S.forReaders(S.trimmedNames(sheet.record))) });
    update((s) => ({ ...s, text, source: s.source === "form" && s.record === sheet.record ? "both" : s.source }));
    return text;
  }
  async function toForm() { // the text read into the form; false when it cannot be read
    const parsed = JSON.parse(await client.call("parse", { text: store.get().text }));
    const data = parsed.data;
    if (!parsed.ok || !data || typeof data !== "object" || Array.isArray(data)) {
      update((s) => ({ ...s, view: "text", answer: { status: 2, result: parsed, unreadable: true } }));
      return false;
    }
    const names = Array.isArray(data.players) ? data.players.map((p) => String(p ?? "")) : [];
    update((s) => ({ ...s, record: S.forReaders(data), source: "both", fresh: false, seatNames: names,
      folded: 0, carried: null, dealScores: [] }));
    return true;
  }
  async function show(view) {
    const sheet = store.get();
    if (view === "text" && sheet.source === "form") await currentText();
    if (view === "form" && sheet.source === "text" && !(await toForm())) return;
    update((s) => ({ ...s, view }));
  }
  function settle(answer, text) { // the referee's answer to `text`, kept with what it answers
    update((s) => ({ ...s, answer, answerKey: S.answerKey(referee, lang, text), stale: false, ...(answer.status === 2 ? {} : {
      order: (answer.explain && answer.explain.order) || [], dealScores: answer.result.deals.map((d) => d.scores) }) }));
  }
  async function check(asked = null) { // asked: {text, answer}, a check already asked of the worker
    update((s) => ({ ...s, answer: { note: t("working"), kind: "working" }, stale: false }));
    const text = asked ? asked.text : await currentText();
    settle(await (asked ? asked.answer : client.call("check", { text }).then(JSON.parse)), text);
    if (store.get().own) known = rememberList(NAMES, (store.get().record?.players || []).map((p) => String(p ?? "").trim()));
    root.querySelector(".checker-answer")?.scrollIntoView({ block: "nearest" });
  }
  async function recheck() { // the kept verdict, checked again by the live referee (in place: no "checking…")
    const still = () => store.get().answer === keptAnswer && S.keptAnswerFits(store.get(), referee, lang);
    if (!still()) return;
    const text = store.get().text;
    const answer = JSON.parse(await client.call("check", { text }));
    if (still() && store.get().text === text) settle(answer, text);
  }
  async function openText(text, origin) { // a shared record: read into the form if it can be, and checked at once
    update(() => ({ ...S.blankSheet(), text, source: "text", view: "form", origin, fresh: false }));
    // Both asked at once, the check first: a shared link's verdict (on a cold visit, the first thing a
    // reader sees) is drawn before the form, whose first drawing takes longer than the check itself
    // (measured cold: ~0.1 s of drawing against ~30 ms of checking).
    const answer = client.call("check", { text }).then(JSON.parse);
    const reading = toForm(); // the form when it can show the record, else the text and why
    await check({ text, answer });
    await reading;
    settle(await answer, text); // the reading resets the deals' scores, and cannot say better why not
  }
  async function openLink(fragment, origin) {
    if (fragment.game) {
      const spec = specOf(fragment.game) || games[0];
      update(() => ({ ...S.blankSheet(), record: S.newRecord(spec, lang, [], [t("form.side1"), t("form.side2")]), origin }));
      return;
    }
    let unpacked;
    try { unpacked = await unpackRecord(fragment.record); } catch (error) {
      const note = error instanceof TooLarge ? t("link.too_large", { limit: MAX_RECORD_BYTES / 1_000_000 })
        : error instanceof DamagedLink ? t("link.damaged") : t("stage.failed", { error: error.message });
      if (!store.get().record) update(() => ({ ...S.blankSheet(), record: S.newRecord(specOf(root.dataset.game) || games[0], lang, [], [t("form.side1"), t("form.side2")]) }));
      update((s) => ({ ...s, answer: { note, link: error instanceof TooLarge ? "too-large" : "damaged" } }));
      return;
    }
    let text = unpacked.text;
    if (text === null) { // not UTF-8: read as the command line reads a file, and its error shown
      const decoded = JSON.parse(await client.call("decode", { bytes: toBase64(unpacked.bytes) }));
      if (!decoded.ok) {
        update(() => ({ ...S.blankSheet(), view: "text", source: "text", origin, answer: { status: 2, result: decoded } }));
        return;
      }
      text = decoded.text;
    }
    await openText(text, origin);
  }
  async function open() {
    const fragment = readFragment();
    const sheet = store.get();
    const origin = location.hash;
    if (!fragment.record && !fragment.game) {
      if (!sheet.record && sheet.source !== "text") {
        update(() => ({ ...S.blankSheet(), record: S.newRecord(specOf(root.dataset.game) || games[0], lang, [], [t("form.side1"), t("form.side2")]) }));
      }
      return;
    }
    if (sheet.origin === origin && (sheet.record || sheet.text)) return; // the sheet this address opened: as it was
    if (S.hasWork(sheet)) { setStatus({ prompt: { fragment, origin } }); return; } // never wiped unasked
    await openLink(fragment, origin);
  }

  // ---- what the views ask of the sheet ------------------------------------------------------------
  const dealerRequired = (spec) => (spec?.deals.summary?.fields || []).some((f) => f.name === "dealer" && f.required);
  const actions = {
    set: (parts, value) => update((s) => S.changed(s, parts, value)),
    setPlayer: (i, typed) => update((s) => S.typedName(s, i, typed, dealerRequired(specOf(s.record.game)))),
    addPlayer: () => { // and straight into the new box
      update((s) => ({ ...s, record: { ...s.record, players: [...s.record.players, ""] }, own: true, source: "form" }));
      root.querySelector(`#checker-player-${store.get().record.players.length - 1}`)?.focus();
    },
    removePlayer: (i) => update((s) => S.removedPlayer(s, i)),
    addDeal: () => update((s) => ({ ...s, record: { ...s.record, deals: [...(s.record.deals || []), S.nextDeal(s.record)] }, own: true, source: "form" })),
    removeDeal: (i) => update((s) => {
      const deals = [...s.record.deals];
      deals.splice(i, 1);
      return { ...s, record: { ...s.record, deals }, folded: i < s.folded ? s.folded - 1 : s.folded, carried: null, own: true, source: "form" };
    }),
    setGame: (slug) => update((s) => ({ ...s, record: S.newRecord(specOf(slug), lang, (s.record.players || []).map((p) => String(p ?? "").trim()),
      [t("form.side1"), t("form.side2")]), source: "form", folded: 0, carried: null, dealScores: [], answer: null, fresh: true,
    seatNames: (s.record.players || []).map((p) => String(p ?? "").trim()).filter(Boolean) })),
    renameSide: (old, now) => update((s) => ({ ...s, record: S.renameIn(s.record, old, now, { keysOnly: true, teams: true }), source: "form", own: true })),
    sample: () => run(async () => {
      const spec = specOf(store.get().record.game);
      update((s) => ({ ...s, text: spec.sample_text, source: "text", own: false }));
      await show("form");
    }),
  };

  function nextDealAction() {
    const sheet = store.get();
    const answer = sheet.answer;
    const spec = sheet.record && specOf(sheet.record.game);
    const deals = sheet.record?.deals || [];
    if (!spec || !sheet.own || sheet.view !== "form" || !answer || answer.status === 2 || answer.note || answer.result.game !== spec.game
      || !deals.length || deals.some((d) => d && spec.full_play_key in d) || (spec.max_deals && deals.length >= spec.max_deals)) return null;
    return () => {
      update((s) => ({ ...s, record: { ...s.record, deals: [...s.record.deals, S.nextDeal(s.record)] }, folded: s.record.deals.length,
        carried: { ...answer.result.totals }, answer: null }));
      requestAnimationFrame(() => root.querySelector(`fieldset[data-path="deals[${store.get().folded}]"]`)?.scrollIntoView({ block: "start" }));
    };
  }
  function showProblem({ path, line }) {
    if (line) { run(async () => { await show("text"); setStatus({ select: { line } }); }); return; }
    let p = path;
    while (p) {
      const found = root.querySelector(`.checker-form [data-path="${CSS.escape(p)}"]`);
      if (found) {
        found.scrollIntoView({ block: "center" });
        const control = found.matches("input, select, textarea") ? found
          : found.querySelector("input, select, textarea, [role=radio][tabindex='0']");
        control?.focus();
        return;
      }
      const up = p.replace(/(\.[^.[\]]+|\[\d+\])$/, "");
      p = up === p ? "" : up;
    }
  }
  async function share() {
    const text = await currentText();
    const url = new URL(location.href);
    url.hash = `record=${await packRecord(text)}`;
    history.replaceState(null, "", url);
    update((s) => ({ ...s, origin: url.hash }));
    let copied = false;
    try { await navigator.clipboard.writeText(url.href); copied = true; } catch { /* the reader copies it from the box */ }
    setStatus({ share: { url: url.href, copied } });
    root.querySelector(".checker-share-url")?.select();
  }
  async function download() {
    const text = await currentText();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
    link.download = `${store.get().record?.game || "record"}.yaml`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }
  function clearSheet() {
    const spec = specOf(store.get().record?.game) || games[0];
    update(() => ({ ...S.blankSheet(), record: S.newRecord(spec, lang, [], [t("form.side1"), t("form.side2")]) }));
  }

  // ---- the page ----------------------------------------------------------------------------------
  function Checker() {
    const sheet = store.get();
    const spec = sheet.record && specOf(sheet.record.game);
    const ctx = { ...actions, t, record: sheet.record || {}, knownPlayers: known };
    const answer = sheet.answer;
    const problems = answer && answer.status === 2 && !sheet.stale ? (answer.result.errors || []) : [];
    const claims = answer && answer.status === 1 && !sheet.stale ? ((answer.explain && answer.explain.sentences) || [])
      .filter((s) => s.kind === "claim").map((s) => ({ path: pathText(["deals", s.deal - 1, "claim", ...(s.player ? [s.player] : [])]) })) : [];
    const badLines = new Set(problems.map((p) => p.line ?? p.where?.line).filter(Boolean));
    const prompt = status.prompt;
    return html`
      <div class="checker-status" role="status" aria-live="polite">
        ${status.ready ? null : html`<progress class="checker-progress" max="4" value=${STAGES[status.stage] || undefined}
          aria-label=${t("loading")} />`}
        <span class="checker-status-text">${status.failed ? t("stage.failed", { error: status.failed })
          : status.share ? t(status.share.copied ? "share.done" : "share.show") : status.stage ? t(`stage.${status.stage}`) : t("loading")}</span>
      </div>
      ${prompt ? html`<div class="checker-prompt" role="alertdialog" aria-labelledby="checker-prompt-text">
        <p id="checker-prompt-text">${t(prompt.fragment.game ? "prompt.game" : "prompt.record")}</p>
        <p><button type="button" class="md-button md-button--primary" data-action="continue"
          onClick=${() => { update((s) => ({ ...s, origin: prompt.origin })); setStatus({ prompt: null }); }}>${t("prompt.continue")}</button>
        <button type="button" class="md-button" data-action="anew"
          onClick=${() => { setStatus({ prompt: null }); run(() => openLink(prompt.fragment, prompt.origin)); }}>
          ${t(prompt.fragment.game ? "prompt.new" : "prompt.open")}</button></p>
      </div>` : null}
      ${sheet.own ? html`<p class="checker-evening"><span>${t("evening.kept")}</span>
        <button type="button" class="md-button checker-small" data-action="clear" onClick=${clearSheet}>${t("evening.clear")}</button></p>` : null}
      <div class="checker-tabs" role="tablist">
        ${["form", "text"].map((v) => html`<button type="button" role="tab" class="checker-tab" data-view=${v}
          aria-selected=${String(sheet.view === v)} onClick=${() => run(() => show(v))}>${t(`tab.${v}`)}</button>`)}
      </div>
      <div class="checker-view checker-form" data-view="form" role="tabpanel" hidden=${sheet.view !== "form"}>
        ${sheet.record ? html`<${FormView} ctx=${ctx} spec=${spec} games=${games} sheet=${sheet} problems=${[...problems, ...claims]} />` : null}
      </div>
      <div class="checker-view checker-text" data-view="text" role="tabpanel" hidden=${sheet.view !== "text"}>
        <${TextView} t=${t} text=${sheet.text} badLines=${badLines} select=${status.select}
          onText=${(text) => update((s) => ({ ...s, text, source: "text", stale: true }))}
          onFile=${(bytes) => run(async () => {
            const decoded = JSON.parse(await client.call("decode", { bytes: toBase64(bytes) }));
            if (decoded.ok) update((s) => ({ ...s, text: decoded.text, source: "text", own: true }));
            else update((s) => ({ ...s, answer: { status: 2, result: decoded } }));
          })} />
      </div>
      <div class="checker-actions">
        <button type="button" class="md-button md-button--primary" data-action="check" disabled=${!status.ready}
          onClick=${() => run(check)}>${t("check")}</button>
        <button type="button" class="md-button" data-action="download" disabled=${!status.ready} onClick=${() => run(download)}>${t("download")}</button>
        <button type="button" class="md-button" data-action="share" onClick=${() => run(share)}>${t("share")}</button>
      </div>
      <p class="checker-share" hidden=${!status.share}><input type="text" class="checker-share-url" readonly value=${status.share?.url || ""}
        aria-label=${t("share.show")} title=${status.share?.copied ? t("share.done") : t("share.show")} /></p>
      <div class="checker-answer" aria-live="polite">
        <${VerdictView} t=${t} answer=${answer} view=${sheet.view} onShow=${showProblem} onNextDeal=${nextDealAction()} />
      </div>`;
  }

  // Keys typed in the checker are the checker's: the theme's shortcuts (n, p, s, /) never fire here,
  // whatever has the focus (a chip, a picker's card, the page after a tap). Enter moves to the next box.
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.isComposing && event.target instanceof HTMLInputElement
      && event.target.classList.contains("checker-input") && event.target.type === "text") {
      event.preventDefault();
      moveOn(event.target);
    }
    if (event.key !== "Tab" && event.key !== "Escape") event.stopPropagation();
  });
  function moveOn(from) {
    const boxes = [...root.querySelectorAll(".checker-view:not([hidden]) input.checker-input[type=text]")]
      .filter((box) => !box.closest("details:not([open])"));
    const next = boxes[boxes.indexOf(from) + 1];
    if (next) next.focus();
    else { // the last box: the keyboard closes, and the next tap checks the score
      const button = root.querySelector('[data-action="check"]');
      button.scrollIntoView({ block: "nearest" });
      button.focus();
    }
  }

  // Drawn again at once after every change (render is synchronous): the page is never behind the sheet.
  root.replaceChildren();
  store.subscribe(redraw);
  redraw();
  // The worker's progress so far (it may have started before this module loaded), then as it comes.
  client.listen((stage, msg) => setStatus({ stage, ...(stage === "ready" ? { ready: true, start: msg.start } : {}) }));
  run(open);
  window.addEventListener("hashchange", () => run(open));
  client.ready.then(() => { root.dataset.ready = "true"; root.dataset.start = status.start; }, () => { root.dataset.ready = "failed"; });
  if (keptAnswer) client.ready.then(() => run(recheck), () => {});
  // What tests and styles read: the view shown, the answer's state (its exit status) once there is one.
  const mark = (s) => {
    root.dataset.view = s.view;
    if (s.answer && "status" in s.answer) {
      root.dataset.state = String(s.answer.status);
      root.dataset.answer = s.answer === keptAnswer ? "kept" : "live";
    } else {
      root.removeAttribute("data-state");
      root.removeAttribute("data-answer");
    }
  };
  mark(store.get());
  store.subscribe(mark);
}
