// Makes the score checker's Pyodide memory snapshot at site-build time (site_tools/checker.py runs it).
//
//   node site_tools/make_snapshot.mjs <pyodide folder>/ <referee zip> <lock file JSON> <out file>
//
// It starts the pinned Pyodide from node_modules exactly as the page's worker does (the same minimal
// lock file, no packages), unpacks the referee's zip, imports referee.present.web and every game, and warms
// the lazy paths a first check takes (each game's reader, the catalogs of every language, PyYAML's
// reader and writer) with small records, so that a restored page answers its first check at once.
// Then it writes Pyodide's memory snapshot (`makeMemorySnapshot`, an experimental API of Pyodide
// 314: only Python's heap is in it; the file system is not, so the page unpacks the zip again).
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const [folder, zipPath, lockPath, out] = process.argv.slice(2);
const HOME = "/home/pyodide/checker"; // the same place as in checker-worker.js
const { loadPyodide } = await import(pathToFileURL(folder + "pyodide.mjs").href);
const started = performance.now();
const pyodide = await loadPyodide({
  indexURL: folder, packages: [], _makeSnapshot: true, lockFileContents: await readFile(lockPath, "utf8"),
});
pyodide.unpackArchive(new Uint8Array(await readFile(zipPath)), "zip", { extractDir: HOME });
pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(HOME)})
import referee.present.web as web
from referee.games import GAMES
for slug in GAMES:
    for lang in ("en", "ru", "de"):
        web.check(f"game: {slug}\\nplayers: [Anna]\\n", lang)  # the reader, an error, its message
        web.parse(f"game: {slug}\\nplayers: [Anna, Boris]\\ndeals:\\n  - {{}}\\n", lang)
web.parse("a: &x 1\\nb: *x\\n", "en")  # PyYAML's own reader (an anchor is not plain YAML)
web.dump('{"game": "yacht", "players": ["Anna", "Boris"]}')
del web, GAMES, slug, lang
`);
const snapshot = pyodide.makeMemorySnapshot();
await writeFile(out, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length, ms: Math.round(performance.now() - started) }));
