// Makes the score checker's Pyodide memory snapshot at site-build time (site_tools/published/checker.py runs it).
//
//   node site_tools/published/make_snapshot.mjs <pyodide folder>/ <referee zip> <lock file JSON> <out file>
//
// It starts the pinned Pyodide from node_modules exactly as the page's worker does (the same minimal
// lock file, no packages), unpacks the referee's zip, imports every module in it (the checker's
// zip holds only what it uses: site_tools/published/checker.py), and reads the ru/de catalogs; then it collects garbage and writes Pyodide's
// memory snapshot (`makeMemorySnapshot`, an experimental API of Pyodide 314: only Python's heap is in
// it; the file system is not, so the page unpacks the zip again).
//
// No check is run before the snapshot: checking records leaves 2.2 MB of freed but non-zero heap
// behind (gc does not give it back), 0.5 MB more after compression, for a first check that is only
// some milliseconds faster (measured in round 4: 18.3 against 16.4 MB of non-zero heap).
//
// The file is not Pyodide's snapshot as it is: the snapshot is the whole 30 MiB of WebAssembly memory,
// 13 MiB of it zeros (the stack and the heap's unused top). What is written is gzip of
//   uint32 MAGIC, uint32 size of the snapshot, uint32 count of runs, count × (uint32 offset, uint32
//   length) of the runs of non-zero 4 KiB pages, then those runs' bytes,
// which checker-worker.js (expandSnapshot) turns back into Pyodide's bytes. Gzip in the file, not
// from the host: every host serves 6.7 MB, and a browser's cache keeps 6.7 MB, not 31 MB.
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

export const MAGIC = 0x31535350; // "PSS1" read as little-endian bytes
const PAGE = 4096;

/** Pyodide's snapshot without its zero pages (the format above, before gzip). */
export function sparse(snapshot) {
  const runs = [];
  for (let at = 0; at < snapshot.length; at += PAGE) {
    const page = snapshot.subarray(at, Math.min(at + PAGE, snapshot.length));
    if (page.every((b) => b === 0)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === at) last[1] += page.length;
    else runs.push([at, page.length]);
  }
  const head = new Uint32Array(3 + 2 * runs.length);
  head.set([MAGIC, snapshot.length, runs.length]);
  runs.forEach(([at, length], i) => head.set([at, length], 3 + 2 * i));
  const out = new Uint8Array(head.byteLength + runs.reduce((n, r) => n + r[1], 0));
  out.set(new Uint8Array(head.buffer));
  let to = head.byteLength;
  for (const [at, length] of runs) {
    out.set(snapshot.subarray(at, at + length), to);
    to += length;
  }
  return out;
}

const [folder, zipPath, lockPath, out] = process.argv.slice(2);
const HOME = "/home/pyodide/checker"; // the same place as in checker-worker.js
const { loadPyodide } = await import(pathToFileURL(folder + "pyodide.mjs").href);
const started = performance.now();
const pyodide = await loadPyodide({
  indexURL: folder, packages: [], _makeSnapshot: true, lockFileContents: await readFile(lockPath, "utf8"),
});
pyodide.unpackArchive(new Uint8Array(await readFile(zipPath)), "zip", { extractDir: HOME });
// Modules are found by walking the package, not named, so that moving a module does not break this.
pyodide.runPython(`
import gc, importlib, pkgutil, sys
sys.path.insert(0, ${JSON.stringify(HOME)})
import referee, referee.present.web
for found in pkgutil.walk_packages(referee.__path__, "referee."):  # every module in the zip
    importlib.import_module(found.name)
for lang in ("ru", "de"):
    referee.present.web.check("game: yacht\\n", lang)  # an unusable record: its message reads the catalog once
del found, lang
gc.collect()
`);
const snapshot = pyodide.makeMemorySnapshot();
const packed = gzipSync(sparse(snapshot), { level: 9 });
await writeFile(out, packed);
console.log(JSON.stringify({ bytes: packed.length, snapshot: snapshot.length, ms: Math.round(performance.now() - started) }));
