// The "Play a hand" page's entry module (overrides/main.html loads it on that page only). The practice
// table is a small app in ./app/ (table-app.js, table-view.js) on the checker's modules: the store, the
// worker client (the same Pyodide worker, checker-worker.js, whose "table" request calls
// referee.simulate.practice), the page's strings and the share codec. Every file comes from this site.
import { mountTable } from "./app/table-app.js";

const root = document.querySelector(".referee-table");
if (root) mountTable(root);
