// Brotli for site_tools/precompress.py (Python's standard library has gzip but no brotli; Node's zlib has both).
//   node site_tools/compress.mjs <source> <out.br> [<source> <out.br> ...]
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  const data = readFileSync(args[i]);
  // Quality 11 on the 31 MB snapshot takes a minute; 9 is within a few per cent of it in seconds.
  const quality = data.length > 4_000_000 ? 9 : 11;
  writeFileSync(args[i + 1], brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }));
}
