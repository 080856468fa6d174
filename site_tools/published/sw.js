// The site's service worker: the pages and the score checker keep working offline once read.
// site_tools/published/offline.py writes it to the site's root as sw.js, filling in BUILD (a hash of what the
// build is made from) and CHECKER (the checker's files, relative to this file).
//
// - Content-named files (Pyodide under its version, the referee's zip and the snapshot under their
//   hashes, the theme's hashed bundles) never change under their name: served from the cache first,
//   kept across builds in one cache, the checker's old ones dropped when a new build activates.
// - Everything else (pages, the site's own scripts and styles, the search index) comes from the
//   network first, so a new build is seen at once, and from the cache only when the network fails.
//   That cache is named by the build: a new build's worker deletes the old one on activation.
// - A page tells the worker what it loaded ({type: "keep"}); the worker caches it (and, on the
//   checker's page, the checker's files, which the page's Web Worker fetched), and answers "kept".
const BUILD = "%BUILD%";
const CHECKER = %CHECKER%;
const PAGES = `cardrules-pages-${BUILD}`;
const FILES = "cardrules-files";
const NAMED = /\/assets\/checker\/(pyodide\/[^/]+\/[^/]+|referee-[0-9a-f]+\.zip|snapshot-[0-9a-f]+\.bin)$|\.[0-9a-f]{8}\.min\.(js|css)$/;
const SNAPSHOT = /\/snapshot-[0-9a-f]+\.bin$/;
const checkerFiles = () => CHECKER.map((name) => new URL(name, self.location).href);

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("cardrules-pages-") && name !== PAGES) await caches.delete(name);
    }
    const files = await caches.open(FILES);
    const current = new Set(checkerFiles());
    for (const request of await files.keys()) {
      if (request.url.includes("/assets/checker/") && !current.has(request.url)) await files.delete(request);
    }
    await self.clients.claim();
  })());
});

// The response goes to the page at once; its copy is written to the cache meanwhile (event.waitUntil
// keeps the worker alive for it). Awaiting the write first made the page wait for the whole body to be
// downloaded and stored before it got its first byte: on a first visit, seconds for the snapshot.
async function fromCacheFirst(event, request) {
  const cache = await caches.open(FILES);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(store(cache, request.url, response.clone()).catch(() => {}));
  return response;
}

// The checker's snapshot is gzip in its file (make_snapshot.mjs): it is kept gunzipped (17 MB), so that
// a later visit reads it from the cache and restores it without unzipping it again (0.2-0.4 s). The
// page's worker reads either form. Every other file is kept as it came.
async function store(cache, url, response) {
  if (!SNAPSHOT.test(new URL(url).pathname)) return cache.put(url, response);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const body = gzip ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")) : bytes;
  const headers = { "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" };
  return cache.put(url, new Response(await new Response(body).blob(), { headers }));
}

async function fromNetworkFirst(event, request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    // The same address, else the same file with another query (the checker's worker is started with
    // one; on a first visit the page kept it without, before this worker controlled the page).
    const hit = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }))
      || (await caches.match(request, { ignoreSearch: true }));
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || request.headers.has("range")) return;
  event.respondWith(NAMED.test(url.pathname) ? fromCacheFirst(event, request) : fromNetworkFirst(event, request));
});

async function keep(urls, checker) {
  const wanted = new Set(urls.map((u) => new URL(u, self.location).href));
  if (checker) for (const u of checkerFiles()) wanted.add(u);
  const pages = await caches.open(PAGES);
  const files = await caches.open(FILES);
  await Promise.all([...wanted].map(async (u) => {
    const url = new URL(u);
    if (url.origin !== self.location.origin) return;
    url.hash = "";
    const cache = NAMED.test(url.pathname) ? files : pages;
    if (await cache.match(url.href)) return;
    try {
      const response = await fetch(url.href); // mostly answered by the browser's HTTP cache
      if (response.ok) await store(cache, url.href, response);
    } catch { /* offline already: what is cached stays */ }
  }));
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type !== "keep") return;
  event.waitUntil(keep(Array.isArray(message.urls) ? message.urls : [], Boolean(message.checker))
    .then(() => event.source && event.source.postMessage({ type: "kept", build: BUILD, id: message.id })));
});
