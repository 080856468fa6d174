// The "Check a score" page's entry module (overrides/main.html loads it on that page only). The
// checker itself is a small app in ./app/ (Preact + htm, served from this site): the store, the
// worker client, the share-link codec, the page's strings and the form, text and verdict views.
// The referee runs in Pyodide in a Web Worker (checker-worker.js); every file comes from this site,
// and the record never leaves the browser (a shared link carries it in the fragment, after "#").
//
// The worker is started first, from this module and the small worker client alone, and the app's
// modules are loaded while Python starts: the worker no longer waits for the whole app to load and
// run (on a reload that was a third of a second before Python began to start).
import { checkerWorkerURL, createWorkerClient } from "./app/worker-client.js";

const root = document.querySelector(".referee-checker");
if (root) {
  const client = createWorkerClient(checkerWorkerURL(root, import.meta.url), { lang: root.dataset.lang });
  import("./app/checker-app.js").then(({ mountChecker }) => mountChecker(root, client));
}
