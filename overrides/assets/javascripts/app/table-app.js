/**
 * The practice table's app: which deal is on the table (the game, the seed and the reader's choices,
 * kept in the store so that a reload deals the same cards and replays the same moves), the link that
 * names the deal (#game=<slug>&seed=<n>), and the worker's answers, which the view draws.
 *
 * The referee plays the computer players and judges every move in the worker
 * (referee.simulate.practice); the page sends the game, the seed, the reader's choices so far and the
 * move he tries, and draws the snapshot it gets back: his hand, the table, whose turn it is, the
 * duty that applies, a refusal with its rule, and at the end the verdict and the record.
 */
import { html, render } from "./lib.js";
import { createStore } from "./store.js";
import { createStrings } from "./strings.js";
import { checkerWorkerURL, createWorkerClient } from "./worker-client.js";
import { packRecord } from "./share.js";
import { TableView } from "./table-view.js";

const MAX_SEED = 999_999;

/** The deal a link names: {game, seed} (seed null when the link gives none or a bad one). */
export function readDealLink(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const game = params.get("game");
  const seedText = params.get("seed");
  const seed = seedText !== null && /^\d{1,9}$/.test(seedText) ? Number(seedText) : null;
  return { game, seed };
}

/** A new seed: any whole number up to MAX_SEED, from the browser's random numbers. */
export function newSeed() {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return 1 + (buf[0] % MAX_SEED);
}

/**
 * Build the table in `root` (the element site_tools/published/table_strings.py writes).
 * @param {HTMLElement} root
 */
export function mountTable(root) {
  const t = createStrings(JSON.parse(root.dataset.strings));
  const games = JSON.parse(root.dataset.games);
  const lang = root.dataset.lang;
  const store = createStore(`referee-table:${lang}`, () => null); // {game, seed, chosen}
  let state = { status: "loading", snap: null, refusal: null, busy: false, marks: true, link: "" };
  const client = createWorkerClient(checkerWorkerURL(root, new URL("../table.js", import.meta.url).href), {
    lang,
    onProgress: () => {},
  });

  const set = (change) => {
    state = { ...state, ...change };
    draw();
  };

  async function ask(payload) {
    const answer = JSON.parse(await client.call("table", payload));
    return answer;
  }

  async function open(game, seed, chosen = []) {
    if (!(game in games)) {
      set({ status: "choose", snap: null });
      return;
    }
    store.update({ game, seed, chosen });
    history.replaceState(null, "", `#game=${game}&seed=${seed}`);
    set({ busy: true, refusal: null });
    let snap = await ask({ call: "start", game, seed });
    if (chosen.length) snap = await ask({ call: "act", game, seed, chosen: chosen.slice(0, -1), token: chosen[chosen.length - 1] });
    if (snap.refusal || snap.chosen.length !== chosen.length) { // a stored game that no longer fits: a fresh deal
      snap = await ask({ call: "start", game, seed });
      store.update({ game, seed, chosen: [] });
    }
    set({ status: "ready", snap, busy: false, refusal: null, link: location.href });
    if (snap.over) finish(snap);
  }

  async function move(token) {
    const deal = store.get();
    if (!deal || state.busy || !state.snap || state.snap.over) return;
    set({ busy: true });
    const before = state.snap.log;
    const snap = await ask({ call: "act", game: deal.game, seed: deal.seed, chosen: deal.chosen, token, seen: before.length });
    snap.log = before.slice(0, snap.log_from).concat(snap.log); // the answer's log starts where the page's ends
    if (snap.refusal) {
      set({ busy: false, refusal: snap.refusal });
      return;
    }
    store.update({ ...deal, chosen: snap.chosen });
    set({ snap, busy: false, refusal: null });
    if (snap.over) finish(snap);
  }

  /** The deal is over and its last move shown: the record and the verdict, then the checker's link. */
  async function finish(snap) {
    set({ checkerLink: null });
    let judged;
    try {
      judged = await ask({ call: "verdict", game: snap.game, seed: snap.seed, chosen: snap.chosen });
    } catch (error) {
      set({ status: "failed", error: String(error && error.message ? error.message : error) });
      return;
    }
    if (state.snap !== snap) return; // another deal was dealt meanwhile
    const done = { ...snap, ...judged };
    set({ snap: done });
    const fragment = await packRecord(done.record);
    if (state.snap === done) set({ checkerLink: `../check-a-score/#record=${fragment}` });
  }

  const actions = {
    move,
    deal: (game) => open(game, newSeed()),
    choose: (game) => set({ chosenGame: game }),
    marks: (on) => set({ marks: on }),
  };

  function draw() {
    render(html`<${TableView} state=${state} t=${t} games=${games} lang=${lang} actions=${actions} />`, root);
    performance.mark("table:drawn"); // the benchmark's split of a move: the Python, the messages, the drawing
  }

  draw();
  client.ready.then(
    (status) => {
      root.dataset.start = (status && status.start) || "ready"; // offline.js keeps the files once the worker is up
      const { game, seed } = readDealLink(location.hash);
      const kept = store.get();
      if (game && kept && kept.game === game && (seed === null || seed === kept.seed)) open(kept.game, kept.seed, kept.chosen || []);
      else if (game) open(game, seed ?? newSeed());
      else if (kept && kept.game in games) open(kept.game, kept.seed, kept.chosen || []);
      else set({ status: "choose" });
    },
    (error) => set({ status: "failed", error: String(error && error.message ? error.message : error) }),
  );
  window.addEventListener("hashchange", () => {
    const { game, seed } = readDealLink(location.hash);
    const kept = store.get();
    if (game && (!kept || kept.game !== game || (seed !== null && seed !== kept.seed))) open(game, seed ?? newSeed());
  });
}
