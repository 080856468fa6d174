// Starts the score checker's worker (Pyodide and the referee, checker-worker.js) as soon as this small
// module arrives: the head preloads it and its worker client, and the page runs it `async` ahead of
// the theme's scripts, so it runs while those and the app's modules still load. Measured on a cold
// visit, the worker is created at ~0.27 s instead of ~0.7 s after the navigation (on a reload ~0.2 s
// instead of ~0.47 s). checker.js takes the client from here (the same module, so the same worker).
import { checkerWorkerURL, createWorkerClient } from "./app/worker-client.js";

const root = document.querySelector(".referee-checker");
/** The worker client of this page's checker, or null on a page without one. */
export const client = root ? createWorkerClient(checkerWorkerURL(root, import.meta.url), { lang: root.dataset.lang }) : null;
