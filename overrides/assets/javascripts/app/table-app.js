/**
 * The practice table's app: which deal is on the table (the game, the seed and the reader's choices,
 * kept in the store so that a reload deals the same cards and replays the same moves), the link that
 * names the deal (#game=<slug>&seed=<n>, and &players=<n> when not the game's usual number), and the
 * worker's answers, which the view draws.
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

/** The deal a link names: {game, seed, players} (seed and players null when the link gives none or a bad one). */
export function readDealLink(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const game = params.get("game");
  const seedText = params.get("seed");
  const seed = seedText !== null && /^\d{1,9}$/.test(seedText) ? Number(seedText) : null;
  const playersText = params.get("players");
  const players = playersText !== null && /^\d$/.test(playersText) ? Number(playersText) : null;
  return { game, seed, players };
}

/** The link's fragment for a deal; `players` null for the game's usual number, which a link leaves out. */
export function dealLink(game, seed, players) {
  return `#game=${game}&seed=${seed}${players ? `&players=${players}` : ""}`;
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
  const seats = JSON.parse(root.dataset.seats); // {slug: {counts: [2, 3, …], usual: n}}
  // The number at the table, null for the game's usual one (so that a deal has one name): a number
  // the game does not allow (a link or a kept deal from elsewhere) is the usual one too.
  const seatsFor = (game, players) => (seats[game] && seats[game].counts.includes(players) && players !== seats[game].usual ? players : null);
  const lang = root.dataset.lang;
  const store = createStore(`referee-table:${lang}`, () => null); // {game, seed, players, chosen}
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

  // A call the worker could not answer (its Python raised) shows the failure, with the deal button
  // to try another deal, instead of leaving the table busy for ever.
  const guarded = (fn) => async (...args) => {
    try {
      await fn(...args);
    } catch (error) {
      set({ status: "failed", busy: false, error: String(error && error.message ? error.message : error) });
    }
  };

  async function openDeal(game, seed, chosen = [], asked = null) {
    if (!(game in games)) {
      set({ status: "choose", snap: null });
      return;
    }
    const players = seatsFor(game, asked);
    store.update({ game, seed, players, chosen });
    history.replaceState(null, "", dealLink(game, seed, players));
    set({ busy: true, refusal: null, chosenPlayers: null });
    let snap = await ask({ call: "start", game, seed, players });
    if (chosen.length) snap = await ask({ call: "act", game, seed, players, chosen: chosen.slice(0, -1), token: chosen[chosen.length - 1] });
    if (snap.refusal || snap.chosen.length !== chosen.length) { // a stored game that no longer fits: a fresh deal
      snap = await ask({ call: "start", game, seed, players });
      store.update({ game, seed, players, chosen: [] });
    }
    set({ status: "ready", snap, busy: false, refusal: null, link: location.href });
    if (snap.over) finish(snap);
  }

  async function moveOnce(token) {
    const deal = store.get();
    if (!deal || state.busy || !state.snap || state.snap.over) return;
    set({ busy: true });
    const before = state.snap.log;
    const snap = await ask({ call: "act", game: deal.game, seed: deal.seed, players: deal.players ?? null, chosen: deal.chosen, token, seen: before.length });
    snap.log = before.slice(0, snap.log_from).concat(snap.log); // the answer's log starts where the page's ends
    if (snap.refusal) {
      set({ busy: false, refusal: snap.refusal });
      return;
    }
    store.update({ ...deal, chosen: snap.chosen });
    set({ snap, busy: false, refusal: null });
    if (snap.over) finish(snap);
  }

  const open = guarded(openDeal);
  const move = guarded(moveOnce);

  /** The deal is over and its last move shown: the record and the verdict, then the checker's link. */
  async function finish(snap) {
    set({ checkerLink: null });
    let judged;
    try {
      judged = await ask({ call: "verdict", game: snap.game, seed: snap.seed, players: store.get()?.players ?? null, chosen: snap.chosen });
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
    deal: (game, players) => open(game, newSeed(), [], players),
    choose: (game) => set({ chosenGame: game, chosenPlayers: null }),
    players: (n) => set({ chosenPlayers: n }),
    marks: (on) => set({ marks: on }),
  };

  function draw() {
    render(html`<${TableView} state=${state} t=${t} games=${games} seats=${seats} lang=${lang} actions=${actions} />`, root);
    performance.mark("table:drawn"); // the benchmark's split of a move: the Python, the messages, the drawing
  }

  draw();
  client.ready.then(
    (status) => {
      root.dataset.start = (status && status.start) || "ready"; // offline.js keeps the files once the worker is up
      const { game, seed, players } = readDealLink(location.hash);
      const kept = store.get();
      const same = kept && kept.game === game && (seed === null || seed === kept.seed) && (players === null || seatsFor(game, players) === (kept.players ?? null));
      if (game && same) open(kept.game, kept.seed, kept.chosen || [], kept.players ?? null);
      else if (game) open(game, seed ?? newSeed(), [], players);
      else if (kept && kept.game in games) open(kept.game, kept.seed, kept.chosen || [], kept.players ?? null);
      else set({ status: "choose" });
    },
    (error) => set({ status: "failed", error: String(error && error.message ? error.message : error) }),
  );
  window.addEventListener("hashchange", () => {
    const { game, seed, players } = readDealLink(location.hash);
    const kept = store.get();
    const other = !kept || kept.game !== game || (seed !== null && seed !== kept.seed) || (players !== null && seatsFor(game, players) !== (kept.players ?? null));
    if (game && other) open(game, seed ?? newSeed(), [], players);
  });
}
