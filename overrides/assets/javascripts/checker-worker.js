// The score checker's Web Worker: starts Pyodide (served by this site, never by another host),
// unpacks the referee's zip into Pyodide's file system and answers the page's requests by calling
// referee.present.web (the same code path as `referee check --json`). Requests and answers are strings.
// The page's side of the protocol is app/worker-client.js: {id, op, lang, …} in, {id, ok, answer|error} out.
//
// The page starts it as a module worker with ?pyodide=<folder URL>&bundle=<zip URL>&lock=<lock file
// JSON>&snapshot=<snapshot URL>&start=<snapshot|plain>.
//
// Two ways to start, with the same verdicts (tests/browser/test_checker.py checks every example both ways):
// - from the memory snapshot the site build made (site_tools/make_snapshot.mjs): Python's heap with
//   the referee already imported, restored in a fraction of a second. The file system is not in a
//   snapshot, so the zip is unpacked again (after the first answer, see afterFirstCheck); the
//   snapshot's random state is the same for everyone, so the RNG is seeded afresh.
// - the plain start: loadPyodide, unpack the zip, import the referee (seconds).
// The snapshot file is gzip of Pyodide's snapshot without its zero pages (site_tools/make_snapshot.mjs
// says how): 7 MB from any host, kept at that size in the browser's caches, 17.5 MB once unzipped and
// 30 MiB once expanded here. It saves seconds of CPU on every visit, the first one included, so
// "snapshot" is the default; ?start=plain on the page's address starts plainly (tests and the
// benchmark compare the two).

const params = new URL(self.location.href).searchParams;
const PYODIDE = params.get("pyodide");
const BUNDLE = params.get("bundle");
const SNAPSHOT = params.get("snapshot") || "";
const LOCK = params.get("lock") || undefined;
const START = params.get("start") === "plain" ? "plain" : "snapshot";
const HOME = "/home/pyodide/checker";

let ready = null;
let python = null; // the Pyodide instance, for the practice table's module (referee.simulate.practice)
let table = null;

function progress(stage, extra = {}) {
  self.postMessage({ type: "progress", stage, ...extra });
}

const SNAPSHOT_MAGIC = 0x31535350; // make_snapshot.mjs's MAGIC

/** Pyodide's snapshot from the file's response: gunzipped as it arrives (unless it was kept gunzipped), zeros put back. */
async function expandSnapshot(response) {
  const reader = response.body.getReader();
  const first = await reader.read(); // its first bytes say whether it is gzip (the service worker keeps it unzipped)
  const head = first.value || new Uint8Array(0);
  const body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const gzip = head[0] === 0x1f && head[1] === 0x8b; // DecompressionStream is the browser's own zlib
  const packed = new Uint8Array(await new Response(gzip ? body.pipeThrough(new DecompressionStream("gzip")) : body)
    .arrayBuffer());
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.length < 12 || view.getUint32(0, true) !== SNAPSHOT_MAGIC) throw new Error("not a checker snapshot");
  const size = view.getUint32(4, true);
  const runs = view.getUint32(8, true);
  const out = new Uint8Array(size); // zeros, which the file leaves out
  let from = 12 + 8 * runs;
  for (let i = 0; i < runs; i++) {
    const at = view.getUint32(12 + 8 * i, true);
    const length = view.getUint32(16 + 8 * i, true);
    if (at + length > size || from + length > packed.length) throw new Error("a damaged checker snapshot");
    out.set(packed.subarray(from, from + length), at);
    from += length;
  }
  return out;
}

function snapshotBytes() { // a promise of the snapshot's bytes (rejected when it is missing), or null
  if (!SNAPSHOT || START === "plain") return null;
  return fetch(SNAPSHOT).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${SNAPSHOT}`);
    return expandSnapshot(r);
  });
}

// The snapshot start writes the zip's files after the first answer (afterFirstCheck): every module
// and catalog a check needs is in the snapshot's heap already, so the files serve only what no check
// reaches (a traceback's source lines), and a first verdict need not wait the 0.1-0.3 s they take.
let unpackLater = null;

function afterFirstCheck() {
  const unpack = unpackLater;
  unpackLater = null;
  if (unpack) setTimeout(() => unpack().catch((error) => console.warn("checker: the referee's files:", error)), 0);
}

async function boot(loadPyodide, zip, snapshot) {
  const options = { indexURL: PYODIDE, packages: [], lockFileContents: LOCK };
  if (snapshot) options._loadSnapshot = snapshot;
  const pyodide = await loadPyodide(options);
  python = pyodide;
  progress("referee");
  if (snapshot) {
    pyodide.runPython("import os, random\nrandom.seed(os.urandom(32))");
    const web = pyodide.pyimport("referee.present.web");
    unpackLater = async () => pyodide.unpackArchive(await zip, "zip", { extractDir: HOME });
    setTimeout(afterFirstCheck, 3000); // no check asked for: write them anyway
    return web;
  }
  pyodide.unpackArchive(await zip, "zip", { extractDir: HOME });
  pyodide.runPython(`import sys\nsys.path.insert(0, "${HOME}")\nimport referee.present.web`);
  return pyodide.pyimport("referee.present.web");
}

async function start() {
  progress("download");
  const zip = fetch(BUNDLE).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${BUNDLE}`);
    return r.arrayBuffer();
  });
  // Downloaded alongside Pyodide's files; loadPyodide takes the promise and waits for it once its
  // own script is loaded (the snapshot sizes the memory the WebAssembly starts with).
  const snapshot = snapshotBytes();
  if (snapshot) snapshot.catch(() => {}); // its failure is boot's to handle, not an unhandled rejection
  const { loadPyodide } = await import(PYODIDE + "pyodide.mjs");
  progress("start");
  let web = null;
  let mode = "plain";
  if (snapshot) {
    try {
      web = await boot(loadPyodide, zip, snapshot);
      mode = "snapshot";
    } catch (error) { // missing, or a snapshot this browser cannot restore: the plain start gives the same answers
      console.warn("checker: no snapshot restored, starting plainly:", error);
    }
  }
  if (web === null) web = await boot(loadPyodide, zip, null);
  progress("ready", { start: mode });
  return web;
}

// The practice table (play-a-hand): its module is not in the snapshot's heap, so its files are
// written first (the snapshot start defers them), then it is imported once.
async function tableModule() {
  if (table) return table;
  if (unpackLater) {
    const unpack = unpackLater;
    unpackLater = null;
    await unpack();
  }
  python.runPython(`import sys\nif "${HOME}" not in sys.path: sys.path.insert(0, "${HOME}")`);
  table = python.pyimport("referee.simulate.practice");
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
    if (op === "check") answer = web.check(text, lang);
    else if (op === "parse") answer = web.parse(text, lang);
    else if (op === "dump") answer = web.dump(data);
    else if (op === "decode") answer = web.decode(bytes, lang); // a shared record's bytes, as the CLI reads a file
    else if (op === "table") { // the practice table: {call: "start"|"act", game, seed, chosen, token}
      const mod = await tableModule();
      const { call, game, seed, chosen, token } = event.data;
      answer = call === "start" ? mod.start(game, seed, lang) : mod.act(game, seed, lang, python.toPy(chosen || []), token);
    }
    else throw new Error(`unknown request ${op}`);
    self.postMessage({ id, ok: true, answer });
    if (op === "check") afterFirstCheck();
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error && error.message ? error.message : error) });
  }
};
