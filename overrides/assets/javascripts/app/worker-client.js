/**
 * The worker client: one Web Worker that runs the referee in Pyodide (checker-worker.js), asked
 * by requests that carry an id and answered by the answer with the same id, so that requests may
 * overlap and each answer finds its caller.
 *
 *   const client = createWorkerClient(workerURL, { lang: "ru", onProgress: (stage, msg) => … });
 *   const answer = await client.call("check", { text });       // a string (JSON) from referee.present.web
 *
 * Requests ("op"): "start" (answers once the referee is ready), "check" ({text}), "decode"
 * ({bytes}: a record's bytes in base64, read as the command line reads a file), "parse" ({text}),
 * "dump" ({data}: the form's record as JSON). Answers are JSON text from referee.present.web. Progress messages ({type: "progress", stage}) come before
 * the first answer: "download", "start", "referee", "ready" (with `start`: "snapshot" or "plain").
 */

/**
 * The worker's address with what it needs to start, from the checker's markup (site_tools/published/checker.py).
 * @param {HTMLElement} root the element with data-pyodide, data-bundle, data-lock, data-snapshot
 * @param {string} moduleURL import.meta.url of a module in assets/javascripts/
 */
export function checkerWorkerURL(root, moduleURL) {
  const here = new URL(moduleURL);
  const url = new URL("checker-worker.js", here);
  url.searchParams.set("pyodide", new URL(`../checker/pyodide/${root.dataset.pyodide}/`, here).href);
  url.searchParams.set("bundle", new URL(`../checker/${root.dataset.bundle}`, here).href);
  url.searchParams.set("lock", root.dataset.lock); // so that pyodide-lock.json is not fetched
  if (root.dataset.snapshot) url.searchParams.set("snapshot", new URL(`../checker/${root.dataset.snapshot}`, here).href);
  // ?start=snapshot or ?start=plain on the page's address chooses how Pyodide starts (tests, benchmark).
  url.searchParams.set("start", new URLSearchParams(location.search).get("start") || "snapshot");
  return url;
}

/**
 * @param {URL|string} url the worker's script (a module worker)
 * @param {{lang: string, onProgress?: (stage: string, message: object) => void}} options
 * @returns {{call: (op: string, payload?: object) => Promise<any>, ready: Promise<void>,
 *   listen: (onProgress: (stage: string, message: object) => void) => void}}
 *   `listen` sets the progress listener later (the page's entry starts the worker before the app's
 *   modules load, and the app listens once it runs): the messages so far are given to it at once.
 */
export function createWorkerClient(url, { lang, onProgress = null }) {
  const worker = new Worker(url, { type: "module" });
  const heard = [];
  const pending = new Map();
  let nextId = 1;
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "progress") {
      // The worker's start, stage by stage, on the page's timeline (the browser's performance panel,
      // the benchmark): marks "referee:<stage>" at the worker's absolute times.
      for (const [name, at] of msg.stages || []) {
        try { performance.mark(`referee:${name}`, { startTime: at - performance.timeOrigin }); } catch { /* an old browser */ }
      }
      if (onProgress) onProgress(msg.stage, msg);
      else heard.push(msg);
      return;
    }
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    // The answer's arrival on the page's timeline, with the worker's time in Python (the benchmark
    // splits a move's time into the Python, the messages, and the page's drawing).
    if (msg.ms !== undefined) {
      try { performance.mark("referee:answer", { detail: { id: msg.id, python: msg.ms } }); } catch { /* an old browser */ }
    }
    if (msg.ok) job.resolve(msg.answer);
    else job.reject(new Error(msg.error));
  };
  const call = (op, payload = {}) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, op, lang, ...payload });
  });
  const listen = (fn) => {
    onProgress = fn;
    for (const msg of heard.splice(0)) fn(msg.stage, msg);
  };
  return { call, ready: call("start"), listen };
}
