// The score checker's Web Worker: starts Pyodide (served by this site, never by another host),
// unpacks the referee's zip into Pyodide's file system and answers the page's requests by calling
// referee.present.web (the same code path as `referee check --json`). Requests and answers are strings.
//
// The page starts it as a module worker with ?pyodide=<folder URL>&bundle=<zip URL>&lock=<lock file
// JSON>&snapshot=<snapshot URL>&start=<snapshot|plain>.
//
// Two ways to start, with the same verdicts (tests/browser/test_checker.py checks every example both ways):
// - from the memory snapshot the site build made (site_tools/make_snapshot.mjs): Python's heap with
//   the referee already imported, restored in a fraction of a second. The file system is not in a
//   snapshot, so the zip is unpacked again; the snapshot's random state is the same for everyone,
//   so the RNG is seeded afresh.
// - the plain start: loadPyodide, unpack the zip, import the referee (seconds).
// The snapshot is 31 MB (6.5 MB compressed; 2.5 MB more than the plain start downloads) and saves
// seconds of CPU on every visit, the first one included, so "snapshot" is the default; ?start=plain
// on the page's address starts plainly (tests and the benchmark compare the two).

const params = new URL(self.location.href).searchParams;
const PYODIDE = params.get("pyodide");
const BUNDLE = params.get("bundle");
const SNAPSHOT = params.get("snapshot") || "";
const LOCK = params.get("lock") || undefined;
const START = params.get("start") === "plain" ? "plain" : "snapshot";
const HOME = "/home/pyodide/checker";

let ready = null;

function progress(stage, extra = {}) {
  self.postMessage({ type: "progress", stage, ...extra });
}

function snapshotBytes() { // a promise of the snapshot's bytes (rejected when it is missing), or null
  if (!SNAPSHOT || START === "plain") return null;
  return fetch(SNAPSHOT).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${SNAPSHOT}`);
    return r.arrayBuffer();
  });
}

async function boot(loadPyodide, zip, snapshot) {
  const options = { indexURL: PYODIDE, packages: [], lockFileContents: LOCK };
  if (snapshot) options._loadSnapshot = snapshot.then((bytes) => new Uint8Array(bytes));
  const pyodide = await loadPyodide(options);
  progress("referee");
  pyodide.unpackArchive(await zip, "zip", { extractDir: HOME });
  if (snapshot) pyodide.runPython("import os, random\nrandom.seed(os.urandom(32))");
  else pyodide.runPython(`import sys\nsys.path.insert(0, "${HOME}")\nimport referee.present.web`);
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

self.onmessage = async (event) => {
  const { id, op, text, lang, data } = event.data;
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
    else throw new Error(`unknown request ${op}`);
    self.postMessage({ id, ok: true, answer });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error && error.message ? error.message : error) });
  }
};
