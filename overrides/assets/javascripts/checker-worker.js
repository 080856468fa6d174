// The score checker's Web Worker: starts Pyodide (served by this site, never by another host),
// unpacks the referee's zip into Pyodide's file system and answers the page's requests by calling
// referee.web (the same code path as `referee check --json`). Requests and answers are strings.
//
// The page starts it as a module worker with ?pyodide=<folder URL>&bundle=<zip URL>.

const params = new URL(self.location.href).searchParams;
const PYODIDE = params.get("pyodide");
const BUNDLE = params.get("bundle");
const HOME = "/home/pyodide/checker";

let ready = null;

function progress(stage) {
  self.postMessage({ type: "progress", stage });
}

async function start() {
  progress("download");
  const zip = fetch(BUNDLE).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${BUNDLE}`);
    return r.arrayBuffer();
  });
  const { loadPyodide } = await import(PYODIDE + "pyodide.mjs");
  progress("start");
  // indexURL: every file Pyodide wants comes from this folder; packages: none (no package index).
  const pyodide = await loadPyodide({ indexURL: PYODIDE, packages: [], fullStdLib: false });
  progress("referee");
  pyodide.unpackArchive(await zip, "zip", { extractDir: HOME });
  pyodide.runPython(`import sys\nsys.path.insert(0, "${HOME}")\nimport referee.web`);
  const web = pyodide.pyimport("referee.web");
  progress("ready");
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
