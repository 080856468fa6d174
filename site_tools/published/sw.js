// The site's service worker: each file fetched once, and the reader's whole language offline.
// site_tools/published/offline.py writes it to the site's root as sw.js, filling in BUILD (a hash of what the
// build is made from), LANGUAGES (for each language: its address prefix, its pages with their
// titles, and every other file those pages and the score checker load) and WORDS (the offline
// page's words in each language).
//
// - Content-named files (Pyodide under its version, the referee's zip, the snapshot and its standard
//   library under their hashes, the theme's hashed bundles) never change under their name: served
//   from the cache first, kept across builds in one cache ("cardrules-files", which the checker's
//   own worker also fills: checker-start.js), the checker's old ones dropped when a new build
//   activates.
// - Everything else (pages, the site's own scripts and styles, the search index) comes from the
//   network first, so a new build is seen at once, and from the cache only when the network fails.
//   That cache is named by the build: a new build's worker deletes the old one on activation.
// - A page tells the worker what it loaded and its language ({type: "keep"}): the worker keeps
//   those files, then fetches the rest of that language in the background (its pages, pictures, the
//   checker and its Python), once per build, and tells the pages ({type: "offline"}) when the
//   language is available offline. Every fetch of its own asks the browser's HTTP cache first
//   (cache: "force-cache"), so a file the page has just downloaded is not downloaded again.
// - A page neither online nor kept is answered with an offline page in the reader's language (that
//   of the page the link was followed from), which links to the pages that are kept.
const BUILD = "%BUILD%";
const LANGUAGES = %LANGUAGES%;
const WORDS = %WORDS%;
const PAGES = `cardrules-pages-${BUILD}`;
const FILES = "cardrules-files";
const NAMED = /\/assets\/checker\/(pyodide\/[^/]+\/[^/]+|referee-[0-9a-f]+\.zip|snapshot-[0-9a-f]+\.bin|stdlib-[0-9a-f]+\.zip)$|\.[0-9a-f]{8}\.min\.(js|css)$/;
const FILLED = (lang) => new URL(`__filled__/${lang}`, self.registration.scope).href;
const here = (path) => new URL(path, self.registration.scope).href;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("cardrules-pages-") && name !== PAGES) await caches.delete(name);
    }
    const files = await caches.open(FILES);
    const current = new Set(Object.values(LANGUAGES).flatMap((l) => l.files).map(here));
    for (const request of await files.keys()) {
      if (request.url.includes("/assets/checker/") && !current.has(request.url)) await files.delete(request);
    }
    await self.clients.claim();
  })());
});

/** The language whose pages an address belongs to (the default language has no prefix). */
function languageOf(url) {
  const path = url.slice(self.registration.scope.length);
  const entries = Object.entries(LANGUAGES);
  const prefixed = entries.find(([, l]) => l.prefix && path.startsWith(l.prefix));
  return (prefixed || entries.find(([, l]) => !l.prefix) || entries[0])[0];
}

// The response goes to the page at once; its copy is written to the cache meanwhile (event.waitUntil
// keeps the worker alive for it): the page does not wait for the whole body to be stored.
async function fromCacheFirst(event, request) {
  const cache = await caches.open(FILES);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(cache.put(request.url, response.clone()).catch(() => {}));
  return response;
}

async function fromNetworkFirst(event, request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    // The same address, else the same file with another query (the checker's worker is started with one).
    const hit = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }))
      || (await caches.match(request, { ignoreSearch: true }));
    if (hit) return hit;
    if (request.mode === "navigate") return offlinePage(request.url, request.referrer);
    throw error;
  }
}

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/**
 * The offline page: what happened, and links to the pages kept, in the reader's language: that of
 * the page of this site the link was followed from (a Russian reader who follows the language switch
 * to a German page reads Russian), else that of the address.
 */
async function offlinePage(url, referrer) {
  const lang = languageOf(referrer && referrer.startsWith(self.registration.scope) ? referrer : url);
  const words = WORDS[lang];
  const cache = await caches.open(PAGES);
  const order = [lang, ...Object.keys(LANGUAGES).filter((l) => l !== lang)];
  const groups = [];
  for (const l of order) {
    const items = [];
    for (const [path, title] of LANGUAGES[l].pages) {
      if (await cache.match(here(path))) items.push(`<li><a href="${escape(here(path))}">${escape(title)}</a></li>`);
    }
    if (items.length) groups.push(`<ul lang="${l}">${items.join("")}</ul>`);
  }
  const body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(words.title)}</title>
<link rel="stylesheet" href="${escape(here("assets/stylesheets/offline.css"))}"></head>
<body class="cr-offline-page"><main><h1>${escape(words.title)}</h1><p>${escape(words.body)}</p>
<p><a href="${escape(url)}">${escape(words.retry)}</a></p>
${groups.length ? `<h2>${escape(words.kept)}</h2>${groups.join("\n")}` : `<p>${escape(words.none)}</p>`}
</main></body></html>`;
  return new Response(body, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'self'; object-src 'none'; base-uri 'none'",
    },
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || request.headers.has("range")) return;
  event.respondWith(NAMED.test(url.pathname) ? fromCacheFirst(event, request) : fromNetworkFirst(event, request));
});

/** Keep each address (once): from the caches, else from the browser's HTTP cache, else the network. */
async function keepAll(urls) {
  const pages = await caches.open(PAGES);
  const files = await caches.open(FILES);
  let missing = 0;
  const queue = [...new Set(urls)];
  async function next() {
    for (let u = queue.shift(); u !== undefined; u = queue.shift()) {
      const url = new URL(u);
      if (url.origin !== self.location.origin) continue;
      url.hash = "";
      const cache = NAMED.test(url.pathname) ? files : pages;
      if (await cache.match(url.href, { ignoreSearch: NAMED.test(url.pathname) })) continue;
      try {
        // X-Offline-Fill: so that a server's log (the benchmark's) tells these from the page's own.
        const response = await fetch(url.href, { cache: "force-cache", headers: { "X-Offline-Fill": "1" } });
        if (response.ok) await cache.put(url.href, response);
        else missing++;
      } catch {
        missing++; // offline already: what is cached stays
      }
    }
  }
  await Promise.all([next(), next(), next(), next()]); // four at a time, as a browser would
  return missing;
}

const filling = new Map();

/** The whole of a language, once per build: its pages and everything they and the checker load. */
function fill(lang) {
  if (!LANGUAGES[lang]) return Promise.resolve({ complete: false, fresh: false });
  if (!filling.has(lang)) {
    filling.set(lang, (async () => {
      const pages = await caches.open(PAGES);
      if (await pages.match(FILLED(lang))) return { complete: true, fresh: false };
      const { pages: list, files } = LANGUAGES[lang];
      const missing = await keepAll([...list.map(([path]) => here(path)), ...files.map(here)]);
      if (missing === 0) await pages.put(FILLED(lang), new Response("1"));
      return { complete: missing === 0, fresh: true };
    })().finally(() => filling.delete(lang)));
  }
  return filling.get(lang);
}

async function tell(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type !== "keep") return;
  const lang = String(message.lang || "");
  event.waitUntil((async () => {
    await keepAll(Array.isArray(message.urls) ? message.urls : []);
    if (event.source) event.source.postMessage({ type: "kept", build: BUILD, id: message.id });
    const { complete, fresh } = await fill(lang);
    await tell({ type: "offline", lang, complete, fresh, build: BUILD });
  })());
});
