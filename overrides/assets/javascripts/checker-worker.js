// The score checker's Web Worker: starts Pyodide (served by this site, never by another host) and
// answers the page's requests by calling referee.present.web (the same code path as `referee check
// --json`). Requests and answers are strings.
// The page's side of the protocol is app/worker-client.js: {id, op, lang, …} in, {id, ok, answer|error} out.
//
// The page starts it as a module worker with ?pyodide=<folder URL>&bundle=<zip URL>&lock=<lock file
// JSON>&snapshot=<snapshot URL>&start=<snapshot|plain>.
//
// How Pyodide starts is checker-start.js's (each file fetched once and kept; the snapshot's format).
// Two ways, with the same verdicts (tests/browser/test_checker_verdicts.py checks every example both ways):
// - from the memory snapshot the site build made (site_tools/published/make_snapshot.mjs): Python's heap with
//   every module of the referee already imported, restored in a fraction of a second, on the
//   standard library the snapshot was made with; the referee's zip is not needed at all (the file
//   system is not in a snapshot, but nothing a check does reads a file); the snapshot's random state
//   is the same for everyone, so the RNG is seeded afresh.
// - the plain start: loadPyodide, unpack the referee's zip, import the referee (seconds). It is the
//   fallback when the snapshot is missing or cannot be restored, `./run serve`'s only start (a
//   writer's build makes no snapshot), and ?start=plain on the page's address forces it.
// Both run Python with PYTHONOPTIMIZE=2, as the snapshot was made: no docstrings in the heap.

import { fetchOnce, stages, startPyodide, stdlibFor } from "./checker-start.js";

// The worker's own start (the page created it at timeOrigin), then its script's: the benchmark's stages.
stages.push(["worker-created", performance.timeOrigin], ["worker-script", performance.timeOrigin + performance.now()]);
const params = new URL(self.location.href).searchParams;
const PYODIDE = params.get("pyodide");
const BUNDLE = params.get("bundle");
const SNAPSHOT = params.get("snapshot") || "";
const LOCK = params.get("lock") || undefined;
const START = params.get("start") === "plain" ? "plain" : "snapshot";
const HOME = "/home/pyodide/checker";
const ENV = { PYTHONOPTIMIZE: "2" }; // as make_snapshot.mjs

let ready = null;
let python = null; // the Pyodide instance, for the practice table's module (referee.simulate.practice)
let table = null;

function progress(stage, extra = {}) {
  self.postMessage({ type: "progress", stage, ...extra });
}

async function start() {
  progress("download");
  const snapshot = SNAPSHOT && START !== "plain" ? SNAPSHOT : null;
  const referee = () => fetchOnce(new URL(BUNDLE, self.location.href).href).then((r) => r.arrayBuffer());
  const zip = snapshot ? null : referee(); // a plain start needs it: fetched alongside Pyodide's files
  if (zip) zip.catch(() => {}); // its failure is reported where it is awaited
  progress("start");
  const { pyodide, snapshot: restored } = await startPyodide({
    pyodide: PYODIDE, lock: LOCK, snapshot, stdlib: SNAPSHOT ? stdlibFor(SNAPSHOT) : null, env: ENV,
  });
  progress("referee");
  let web;
  if (restored) {
    pyodide.runPython("import os, random\nrandom.seed(os.urandom(32))");
    web = pyodide.pyimport("referee.present.web");
  } else {
    pyodide.unpackArchive(await (zip || referee()), "zip", { extractDir: HOME });
    pyodide.runPython(`import sys\nsys.path.insert(0, "${HOME}")\nimport referee.present.web`);
    web = pyodide.pyimport("referee.present.web");
  }
  python = pyodide;
  stages.push(["referee", performance.timeOrigin + performance.now()]);
  progress("ready", { start: restored ? "snapshot" : "plain", stages });
  return web;
}

// The practice table (play-a-hand): referee.simulate.practice, imported once, on the Python the
// checker started (from the snapshot, every module of the referee's zip is in the heap already).
async function tableModule() {
  if (!table) table = python.pyimport("referee.simulate.practice");
  return table;
}

self.onmessage = async (event) => {
  const { id, op, text, lang, data, bytes } = event.data;
  try {
    if (ready === null) ready = start();
    const web = await ready;
    if (op === "start") {
      self.postMessage({ id, ok: true });
      return;
    }
    let answer;
    const began = performance.now(); // the Python's time, sent with the answer (the page's timeline, the benchmark)
    if (op === "check") answer = web.check(text, lang);
    else if (op === "parse") answer = web.parse(text, lang);
    else if (op === "dump") answer = web.dump(data);
    else if (op === "decode") answer = web.decode(bytes, lang); // a shared record's bytes, as the CLI reads a file
    else if (op === "table") { // the practice table: {call: "start"|"act"|"verdict", game, seed, players, chosen, token}
      const mod = await tableModule();
      const { call, game, seed, chosen, token, seen } = event.data;
      // undefined, not null, for the game's usual number: Pyodide gives Python None for undefined, and
      // for null its own jsnull.
      const players = event.data.players ?? undefined;
      if (call === "start") answer = mod.start(game, seed, lang, players);
      else if (call === "verdict") answer = mod.verdict(game, seed, lang, python.toPy(chosen || []), players);
      // The verdict is asked next; the log from the page's "seen" entries on.
      else answer = mod.act(game, seed, lang, python.toPy(chosen || []), token, false, seen || 0, players);
    }
    else throw new Error(`unknown request ${op}`);
    self.postMessage({ id, ok: true, answer, ms: performance.now() - began });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error && error.message ? error.message : error) });
  }
};
