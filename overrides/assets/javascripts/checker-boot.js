// Starts the score checker's worker (Pyodide and the referee, checker-worker.js) as soon as this small
// module arrives: its tag is in the head (`async`, with its worker client preloaded beside it), so it
// runs while the parser still reads the body and the theme's and the app's scripts still load.
// Measured on a cold visit: the worker is created ~0.09 s after the navigation (~0.7 s when the app
// created it, ~0.18 s when this tag stood at the end of the body). checker.js takes the client from
// here (the same module, so the same worker).
import { checkerWorkerURL, createWorkerClient } from "./app/worker-client.js";

// What the worker needs is on this module's own tag in the head (overrides/main.html), which is parsed
// before the module runs; the checker's element comes after the page's text and the games'
// declarations (~250 KB), which the parser reaches ~0.1 s later on a cold visit.
const source = document.querySelector("script[data-pyodide]");
/** The worker client of this page's checker, or null on a page without one. */
export const client = source ? createWorkerClient(checkerWorkerURL(source, import.meta.url), { lang: source.dataset.lang }) : null;
