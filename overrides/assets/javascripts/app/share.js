/**
 * The share-link codec: a record travels in the link's fragment (after "#", which browsers never
 * send to a server), as `record=` + zlib's deflate of its bytes, base64url without padding — the
 * form site_tools/checker.py's pack_record writes for "Open in the checker".
 *
 *   const fragment = await packRecord(text);             // "eJxLz…"
 *   const { text, bytes } = await unpackRecord(fragment); // text null when the bytes are not UTF-8
 *
 * unpackRecord throws DamagedLink for anything that is not such a fragment (another alphabet,
 * padding, raw deflate, gzip, a cut or over-long stream) and TooLarge past the referee's 2 MB.
 * Bytes that are not UTF-8 come back as bytes (text null): the referee then reads them as the
 * command line reads a file, and says which byte it cannot read.
 */

/** The referee reads at most 2 MB (referee/limits.py MAX_BYTES), as the command line does. */
export const MAX_RECORD_BYTES = 2_000_000;

export class DamagedLink extends Error {}
export class TooLarge extends Error {}

/** Bytes as standard base64, padded (the worker's "decode" takes a record's bytes so). */
export function toBase64(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const toB64url = (bytes) => toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromB64url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) throw new DamagedLink("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A record's text as a fragment value. */
export async function packRecord(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate"));
  return toB64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/**
 * A fragment value back as the record: inflated only as far as the referee reads (a small link
 * cannot fill the tab's memory), refused whole when damaged.
 * @returns {Promise<{text: string|null, bytes: Uint8Array}>}
 */
export async function unpackRecord(packed) {
  const raw = fromB64url(packed);
  const reader = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_RECORD_BYTES) {
        reader.cancel().catch(() => {});
        throw new TooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof TooLarge) throw error;
    throw new DamagedLink(String(error)); // not zlib's deflate, cut short, or junk after its end
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length; }
  let text = null;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch { /* not UTF-8 (or UTF-16): the referee reads the bytes, as the command line does */ }
  return { text, bytes };
}

/** What the page's address asks for: {record} (packed), {game}, or nothing. */
export function readFragment(hash = location.hash) {
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  return { record: fragment.get("record"), game: fragment.get("game") };
}
