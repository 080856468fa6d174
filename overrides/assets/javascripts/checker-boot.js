// Starts the score checker's worker (Pyodide and the referee, checker-worker.js) as soon as this small
// module arrives: the page loads it with `async`, so it runs while the app's modules still load, and
// Python starts that much sooner (on a reload, a third of a second). checker.js takes the client
// from here (the same module, so the same worker).
import { checkerWorkerURL, createWorkerClient } from "./app/worker-client.js";

const root = document.querySelector(".referee-checker");
/** The worker client of this page's checker, or null on a page without one. */
export const client = root ? createWorkerClient(checkerWorkerURL(root, import.meta.url), { lang: root.dataset.lang }) : null;
