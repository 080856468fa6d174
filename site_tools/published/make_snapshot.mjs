// Makes the score checker's Pyodide memory snapshot, and the standard library it goes with, at
// site-build time (site_tools/published/checker_runtime.py runs it).
//
//   node site_tools/published/make_snapshot.mjs <pyodide folder>/ <referee zip> <lock file JSON> <records JSON>
//        <out snapshot> <out stdlib zip>
//
// 1. The standard library the checker uses. Pyodide's python_stdlib.zip is 2.5 MB of which the
//    referee uses a fifth. A first Pyodide (the whole library) imports every module of the referee's
//    zip and checks, parses and writes every record of <records JSON> (the project's examples, a
//    list of [text, lang]) in each language; the standard-library modules then loaded (and a few
//    codecs a record's text may need) are written to <out stdlib zip>, uncompressed: the host sends
//    it brotli, which does better on the whole than zip's file-by-file deflate.
// 2. The snapshot. A second Pyodide starts exactly as the page's worker does, on that smaller
//    library (the snapshot's heap holds zipimport's directory of the very file it was made with),
//    unpacks the referee's zip, imports every module in it and reads the ru/de catalogs; then it
//    collects garbage and writes Pyodide's memory snapshot (`makeMemorySnapshot`, an experimental API
//    of Pyodide 314: only Python's heap is in it; the file system is not), in the format of
//    overrides/assets/javascripts/checker-start.js (the pages equal to the WebAssembly's own initial
//    memory left out), which is also the page's reader of it.
//
// No check is run before the snapshot: checking records leaves 2.2 MB of freed but non-zero heap
// behind (gc does not give it back), for a first check that is only some milliseconds faster.
// Memory freed while importing (the compiler's trees, files read) keeps its old bytes, which the
// snapshot would carry: before it is taken, every free block of the C heap is zeroed, and so is the
// part of the stack no call uses (zeroMemoryFreed). Measured (brotli at quality 9): 3.4 MB zeroed,
// the snapshot 4.43 MB before, 3.98 to 4.15 MB after (the heap's layout varies from run to run).
// Leaving the practice table's modules, or the ru/de catalogs, out of the snapshot was measured
// too: 0.00 to 0.04 MB less; what is live in the heap is not what makes it large.
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const { encodeSnapshot, decodeSnapshot } = await import(
  pathToFileURL(join(here, "..", "..", "overrides", "assets", "javascripts", "checker-start.js")).href
);

const [folder, zipPath, lockPath, recordsPath, outSnapshot, outStdlib] = process.argv.slice(2);
const HOME = "/home/pyodide/checker"; // the same place as in checker-worker.js
// Codecs a record's text or a message may ask for by name, loaded or not by the examples.
const CODECS = ["ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32",
  "utf_32_le", "utf_32_be", "cp1252", "cp1251", "idna", "punycode"];
const { loadPyodide } = await import(pathToFileURL(folder + "pyodide.mjs").href);
const lockFileContents = await readFile(lockPath, "utf8");
const referee = new Uint8Array(await readFile(zipPath));
const started = performance.now();

const IMPORT_ALL = `
import gc, importlib, pkgutil, sys
sys.path.insert(0, ${JSON.stringify(HOME)})
import referee, referee.present.web
for found in pkgutil.walk_packages(referee.__path__, "referee."):  # every module in the zip
    importlib.import_module(found.name)
`;

/**
 * Zero the memory nothing uses, so that the snapshot holds zeros (which its format leaves out and
 * brotli packs to nothing) instead of freed bytes. dlmalloc's free blocks: with its footprint limit
 * set to what it holds now, malloc hands out every free block (largest sizes first) and then fails
 * instead of growing the memory; each block is zeroed and all are freed again (free writes only the
 * blocks' headers). The stack: below the current stack pointer no frame lives while JavaScript runs.
 * @param {any} module Pyodide's Emscripten module (pyodide._module)
 */
function zeroMemoryFreed(module) {
  const limit = module._malloc_footprint_limit();
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const taken = [];
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 9, 1 << 6, 16]) {
      for (let block = module._malloc(size); block; block = module._malloc(size)) {
        module.HEAPU8.fill(0, block, block + size);
        taken.push(block);
      }
    }
  } finally {
    for (const block of taken) module._free(block);
    module._malloc_set_footprint_limit(limit);
  }
  module.HEAPU8.fill(0, module._emscripten_stack_get_end(), module._emscripten_stack_get_current() - 256);
}

// 1. What the referee uses of the standard library.
// As the page's worker runs it (checker-worker.js): PYTHONOPTIMIZE=2 compiles no docstrings (and no
// asserts: the referee's are for type checkers), 1 MB less heap, 0.3 MB less on the wire.
const env = { PYTHONOPTIMIZE: "2" };
const full = await loadPyodide({ indexURL: folder, packages: [], lockFileContents, env });
full.unpackArchive(referee, "zip", { extractDir: HOME });
full.FS.writeFile("/tmp/records.json", await readFile(recordsPath));
full.runPython(IMPORT_ALL + `
import json, zipfile
from referee.present import web
for text, lang in json.load(open("/tmp/records.json", encoding="utf-8")):
    for one in ("en", "ru", "de") if lang == "all" else (lang,):
        web.check(text, one)
        web.parse(text, one)
for name in ${JSON.stringify(CODECS)}:
    try:
        importlib.import_module("encodings." + name)
    except ImportError:
        pass
library = next(p for p in sys.path if p.endswith(".zip"))
source = zipfile.ZipFile(library)
names = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(library + "/"):
        names.add(origin[len(library) + 1:])
with zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_STORED) as out:
    for name in sorted(names):
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # the same bytes on every build
        info.external_attr = 0o644 << 16
        out.writestr(info, source.read(name))
`);
const stdlib = full.FS.readFile("/tmp/stdlib.zip");
await writeFile(outStdlib, stdlib);

// 2. The snapshot, on that library.
const pyodide = await loadPyodide({
  indexURL: folder, packages: [], _makeSnapshot: true, lockFileContents, stdLibURL: outStdlib, env,
});
pyodide.unpackArchive(referee, "zip", { extractDir: HOME });
pyodide.runPython(IMPORT_ALL + `
for lang in ("ru", "de"):
    referee.present.web.check("game: yacht\\n", lang)  # an unusable record: its message reads the catalog once
del found, lang
gc.collect()
`);
zeroMemoryFreed(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();
const wasm = new Uint8Array(await readFile(folder + "pyodide.asm.wasm"));
const packed = encodeSnapshot(snapshot, wasm);
const back = decodeSnapshot(packed, wasm);
if (back.length !== snapshot.length || back.some((b, i) => b !== snapshot[i])) {
  throw new Error("the snapshot's file does not give the snapshot back");
}
await writeFile(outSnapshot, packed);
console.log(JSON.stringify({
  bytes: packed.length, snapshot: snapshot.length, stdlib: stdlib.length, ms: Math.round(performance.now() - started),
}));
