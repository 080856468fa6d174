// Starting Pyodide for the score checker: its files fetched once and kept, and the memory snapshot.
//
// An ES module with no browser-only names at its top, so that site_tools/published/make_snapshot.mjs (Node)
// imports the snapshot's format from here and writes exactly what the page's worker reads.
//
// - Each file once. The worker's own fetches (the WebAssembly, the standard library, the snapshot,
//   the referee's zip) look in the site's cache of content-named files first (Cache Storage, the
//   same cache the service worker serves them from) and put what they download there. So the
//   service worker, which starts while the page loads and cannot see the worker's fetches, finds
//   them kept and never fetches them again, and a reload reads them from that cache even before the
//   service worker controls the page.
// - The snapshot (site_tools/published/make_snapshot.mjs makes it at build time) is Pyodide's memory after the
//   referee is imported. Of its 30 MiB, what the file leaves out is rebuilt here: the zero pages, and
//   the pages still equal to the WebAssembly's own initial memory (its data segments: 3.3 MB that
//   would otherwise travel twice, once in the .wasm and once in the snapshot). The file is not
//   compressed in itself: the host sends it brotli or gzip (site_tools/published/precompress.py), and brotli
//   makes it a quarter smaller than gzip could.
//
// Format of the file ("PSS2"): uint32 MAGIC, uint32 size of the snapshot, uint32 where the
// WebAssembly memory starts in it (Pyodide puts a header first), uint32 count of runs, count ×
// (uint32 offset, uint32 length) of the runs of 4 KiB pages kept, then those runs' bytes.

export const MAGIC = 0x32535350; // "PSS2" read as little-endian bytes
export const PAGE = 4096;
/** The service worker's cache of files that never change under their name (site_tools/published/sw.js). */
export const FILES_CACHE = "cardrules-files";
// The network's fetch, kept before startPyodide answers Pyodide's own fetches with fetchOnce.
const networkFetch = globalThis.fetch;

/**
 * The active data segments of a WebAssembly module: what its memory holds before it runs.
 * @param {Uint8Array} wasm the module's bytes
 * @returns {Array<[number, Uint8Array]>} (offset, bytes) pairs
 */
export function dataSegments(wasm) {
  let at = 8; // after the magic number and the version
  const leb = () => {
    let result = 0;
    let shift = 0;
    let byte;
    do {
      byte = wasm[at++];
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return result;
  };
  const segments = [];
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    if (id === 11) { // the data section
      for (let count = leb(); count > 0; count--) {
        const flags = leb();
        if (flags !== 0 || wasm[at] !== 0x41) throw new Error("a data segment this reader does not know");
        at++; // i32.const
        const offset = leb(); // a signed LEB128; the offsets are small positive numbers
        if (wasm[at++] !== 0x0b) throw new Error("a data segment offset this reader does not know");
        const length = leb();
        segments.push([offset, wasm.subarray(at, at + length)]);
        at += length;
      }
    }
    at = end;
  }
  return segments;
}

/** The snapshot's bytes as they would be before anything ran: zeros and the data segments. */
function initial(size, heapStart, wasm) {
  const out = new Uint8Array(size);
  for (const [offset, bytes] of dataSegments(wasm)) out.set(bytes, heapStart + offset);
  return out;
}

/**
 * The file for a Pyodide snapshot: the pages that differ from the initial memory (format above).
 * @param {Uint8Array} snapshot what pyodide.makeMemorySnapshot() returned
 * @param {Uint8Array} wasm pyodide.asm.wasm
 */
export function encodeSnapshot(snapshot, wasm) {
  const heapStart = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  const base = initial(snapshot.length, heapStart, wasm);
  const runs = [];
  for (let at = 0; at < snapshot.length; at += PAGE) {
    const end = Math.min(at + PAGE, snapshot.length);
    let same = true;
    for (let i = at; i < end; i++) if (snapshot[i] !== base[i]) { same = false; break; }
    if (same) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === at) last[1] += end - at;
    else runs.push([at, end - at]);
  }
  const head = new Uint32Array(4 + 2 * runs.length);
  head.set([MAGIC, snapshot.length, heapStart, runs.length]);
  runs.forEach(([at, length], i) => head.set([at, length], 4 + 2 * i));
  const out = new Uint8Array(head.byteLength + runs.reduce((n, r) => n + r[1], 0));
  out.set(new Uint8Array(head.buffer));
  let to = head.byteLength;
  for (const [at, length] of runs) {
    out.set(snapshot.subarray(at, at + length), to);
    to += length;
  }
  return out;
}

/**
 * Pyodide's snapshot from the file (the inverse of encodeSnapshot).
 * @param {Uint8Array} packed the file
 * @param {Uint8Array} wasm pyodide.asm.wasm, the same version the snapshot was made with
 */
export function decodeSnapshot(packed, wasm) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.length < 16 || view.getUint32(0, true) !== MAGIC) throw new Error("not a checker snapshot");
  const size = view.getUint32(4, true);
  const out = initial(size, view.getUint32(8, true), wasm);
  const runs = view.getUint32(12, true);
  let from = 16 + 8 * runs;
  for (let i = 0; i < runs; i++) {
    const at = view.getUint32(16 + 8 * i, true);
    const length = view.getUint32(20 + 8 * i, true);
    if (at + length > size || from + length > packed.length) throw new Error("a damaged checker snapshot");
    out.set(packed.subarray(from, from + length), at);
    from += length;
  }
  return out;
}

/**
 * A response for a content-named file of the site: from the site's cache, else from the network
 * (and then kept in that cache, so that nothing fetches it a second time).
 * @param {string} url
 * @returns {Promise<Response>}
 */
export async function fetchOnce(url) {
  let cache = null;
  try {
    cache = await caches.open(FILES_CACHE);
    const hit = await cache.match(url);
    if (hit) return hit;
  } catch { /* no Cache Storage here (a private window, a file: page): the network only */ }
  const response = await networkFetch.call(globalThis, url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  // Not awaited: the caller reads the body as it arrives (the WebAssembly compiles while it downloads).
  if (cache) cache.put(url, response.clone()).catch(() => {});
  return response;
}

/**
 * The standard library the snapshot was made with (its zipimport directory is in the snapshot's
 * heap, so it must be this very file): named like the snapshot, ``stdlib-<hash>.zip`` beside it.
 */
export function stdlibFor(snapshotUrl) {
  return snapshotUrl.replace(/snapshot-([0-9a-f]+)\.bin$/, "stdlib-$1.zip");
}

/**
 * When each stage of the start ended, as absolute times (performance.timeOrigin + now, so that the
 * page can place them on its own timeline): what the benchmark reports for a reload and a cold
 * visit (scripts/bench_browser.py), and what a reader's browser shows in its performance panel.
 */
export const stages = [];
const stage = (name) => stages.push([name, performance.timeOrigin + performance.now()]);

/**
 * Start Pyodide: from the snapshot when ``snapshot`` is given, else plainly.
 *
 * Pyodide fetches its WebAssembly and standard library itself, with ``fetch``: while it starts,
 * this worker's ``fetch`` answers those two from fetchOnce, and hands the WebAssembly's bytes to
 * the snapshot's decoder too, so that the file is downloaded once for both.
 * @param {{pyodide: string, lock?: string, snapshot?: string, stdlib?: string, env?: object}} where
 *   the files are (URLs), and Python's environment variables
 * @returns {Promise<{pyodide: any, snapshot: boolean}>}
 */
export async function startPyodide({ pyodide, lock, snapshot, stdlib, env = {} }) {
  const indexURL = new URL(pyodide, self.location.href).href;
  const wasmUrl = new URL("pyodide.asm.wasm", indexURL).href;
  const stdlibUrl = stdlib ? new URL(stdlib, self.location.href).href : null;
  const wasm = fetchOnce(wasmUrl);
  wasm.then(() => stage("wasm-file"), () => {});
  // The snapshot and the standard library asked for at once too, alongside the WebAssembly and
  // Pyodide's script, rather than after that script has loaded: the four download together.
  const snapshotFile = snapshot ? fetchOnce(new URL(snapshot, self.location.href).href) : null;
  const stdlibFile = stdlibUrl ? fetchOnce(stdlibUrl) : null;
  for (const early of [snapshotFile, stdlibFile]) if (early) early.catch(() => {}); // reported where awaited
  const before = self.fetch;
  // Timed only: Pyodide compiles and instantiates the WebAssembly as it streams in.
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = (...args) => {
    stage("wasm-compile-start");
    return streaming.apply(WebAssembly, args).then((result) => { stage("wasm-compiled"); return result; });
  };
  self.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === wasmUrl) return wasm.then((r) => r.clone());
    if (url === stdlibUrl) return stdlibFile.then((r) => r.clone()).catch(() => fetchOnce(url));
    return before.call(self, input, init);
  };
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    stage("pyodide-script");
    const options = { indexURL, packages: [], lockFileContents: lock, env: { ...env } };
    if (stdlibUrl) options.stdLibURL = stdlibUrl;
    let file = null;
    if (snapshot) {
      try {
        file = await snapshotFile;
      } catch (error) { // a build that could make no snapshot has no smaller library either
        console.warn("checker: no snapshot, starting plainly:", error);
        delete options.stdLibURL;
      }
    }
    if (file) {
      options._loadSnapshot = Promise.all([file.arrayBuffer(), wasm.then((r) => r.clone().arrayBuffer())])
        .then(([packed, bytes]) => {
          stage("snapshot-file");
          const heap = decodeSnapshot(new Uint8Array(packed), new Uint8Array(bytes));
          stage("snapshot-decoded");
          return heap;
        });
      options._loadSnapshot.catch(() => {}); // its failure is loadPyodide's to report
      try {
        const started = await loadPyodide(options);
        stage("snapshot-restored");
        return { pyodide: started, snapshot: true };
      } catch (error) { // a snapshot this browser cannot restore: the plain start gives the same answers
        console.warn("checker: no snapshot restored, starting plainly:", error);
        delete options._loadSnapshot;
        // A damaged copy must not be kept: the next visit fetches it again.
        caches.open(FILES_CACHE).then((c) => c.delete(new URL(snapshot, self.location.href).href)).catch(() => {});
      }
    }
    const started = await loadPyodide(options);
    stage("python-started");
    return { pyodide: started, snapshot: false };
  } finally {
    self.fetch = before;
    WebAssembly.instantiateStreaming = streaming;
  }
}
