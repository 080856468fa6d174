// Brotli for site_tools/published/precompress.py, with Node's own zlib (nothing to install: Node is already
// what the build runs Pyodide's snapshot with; Python's standard library has gzip but no brotli).
//   node site_tools/published/compress.mjs <source> <out.br> [<source> <out.br> ...]
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  const data = readFileSync(args[i]);
  // CPU measured on the build machine: quality 11 costs 45 s on the 2.7 MB standard library and
  // minutes on the 12 MB snapshot for 10 % fewer bytes, and 100 s for the site's 135 pages and scripts
  // under load; quality 9 gives most of it in seconds. Above 1 MB, a 16 MB window (the largest a
  // browser takes): the snapshot and the WebAssembly repeat themselves far apart.
  // The snapshot is the largest file of a visit to the checker and made again whenever the referee
  // changes: quality 10 sends it 9 % smaller (3.98 MB at 9, 3.63 MB at 10, measured) for about a
  // minute of one core under load, once per snapshot (precompress.py keeps the copies).
  const large = data.length > 1_000_000;
  const snapshot = /snapshot-[0-9a-f]+\.bin$/.test(args[i]);
  writeFileSync(args[i + 1], brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: snapshot ? 10 : 9,
      [constants.BROTLI_PARAM_LGWIN]: large ? 24 : 22,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }));
}
