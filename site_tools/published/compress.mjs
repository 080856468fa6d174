// Brotli for site_tools/published/precompress.py (Python's standard library has gzip but no brotli; Node's zlib has both).
//   node site_tools/published/compress.mjs <source> <out.br> [<source> <out.br> ...]
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  const data = readFileSync(args[i]);
  // CPU measured on the build machine: quality 11 costs 4.3 s on the 2.4 MB search index (9: 0.2 s,
  // 16 % larger); on the 31 MB snapshot 9 costs 6.8 s and 5 costs 1.2 s for 6 % more bytes. The
  // snapshot changes with every change to the referee, so the large files get the quick setting.
  const quality = data.length > 4_000_000 ? 5 : data.length > 1_000_000 ? 9 : 11;
  writeFileSync(args[i + 1], brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }));
}
