// The "Check a score" page's entry module (overrides/main.html loads it on that page only). The
// checker itself is a small app in ./app/ (Preact + htm, served from this site): the store, the
// worker client, the share-link codec, the page's strings and the form, text and verdict views.
// The referee runs in Pyodide in a Web Worker (checker-worker.js); every file comes from this site,
// and the record never leaves the browser (a shared link carries it in the fragment, after "#").
// The worker was started already by checker-boot.js (loaded with `async`, ahead of the app).
import { client } from "./checker-boot.js";
import { mountChecker } from "./app/checker-app.js";

const root = document.querySelector(".referee-checker");
if (root) mountChecker(root, client);
