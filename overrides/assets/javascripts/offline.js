/*
 * Offline reading: registers the site's service worker (sw.js at the site's root, written by the
 * build from site_tools/published/sw.js) and tells it what this page loaded and in which language. The worker
 * keeps those files, then fetches the rest of that language in the background (every page, its
 * pictures, the score checker and its Python), and says when it is done: the home page shows it
 * under its index of games, and any page where it happens says so at its foot.
 * A file of its own: the site's Content-Security-Policy allows no inline script.
 *
 * On the score checker's page the worker is told only once the checker is up: the checker's own
 * Web Worker fetches Python and the snapshot and keeps them (checker-start.js), and the service
 * worker, told earlier, would fetch them a second time while they are still arriving.
 *
 * For the tests and the curious: html[data-offline] is "kept" once this page is kept, "ready" once
 * the whole language is, "partial" when some file could not be fetched.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;
  var url = script.dataset.sw;
  var words = script.dataset;
  var lang = document.documentElement.lang || "";

  /* The home page's line under its index of games: where a reader sees every game listed. */
  function homeStatus() {
    var heading = document.getElementById("games");
    var index = heading && heading.nextElementSibling;
    while (index && index.tagName !== "UL") index = index.nextElementSibling;
    if (!index) return null;
    var box = document.createElement("p");
    box.className = "cr-keep";
    var status = document.createElement("span");
    status.setAttribute("role", "status");
    status.className = "cr-keep-status";
    box.append(status);
    index.after(box);
    return status;
  }

  /* Elsewhere, a line at the foot of the page, only when the language became available just now. */
  function footStatus() {
    var article = document.querySelector("article.md-content__inner") || document.querySelector("main");
    if (!article) return null;
    var status = document.createElement("p");
    status.setAttribute("role", "status");
    status.className = "cr-keep-status";
    article.append(status);
    return status;
  }

  function say(status, text) {
    if (status) status.textContent = text;
  }

  /* Once the referee's worker has its files (the checker and the table set data-start when it is up), or a minute. */
  function checkerUp() {
    var root = document.querySelector(".referee-checker, .referee-table");
    if (!root || root.dataset.start) return Promise.resolve();
    return new Promise(function (resolve) {
      var observer = new MutationObserver(function () {
        if (root.dataset.start) { observer.disconnect(); resolve(); }
      });
      observer.observe(root, { attributes: true, attributeFilter: ["data-start"] });
      setTimeout(function () { observer.disconnect(); resolve(); }, 60000);
    });
  }

  function keep(registration) {
    var home = homeStatus();
    var here = location.href.split("#")[0];
    var urls = [here];
    performance.getEntriesByType("resource").forEach(function (entry) {
      if (entry.name.indexOf(location.origin + "/") === 0) urls.push(entry.name);
    });
    var id = "keep-" + Date.now();
    var shown = false;
    var timer = setTimeout(function () { shown = true; say(home, words.keepWorking); }, 400);
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.type === "kept" && data.id === id) document.documentElement.dataset.offline = "kept";
      if (data.type !== "offline" || data.lang !== lang) return;
      clearTimeout(timer);
      document.documentElement.dataset.offline = data.complete ? "ready" : "partial";
      var text = data.complete ? words.keepDone : words.keepPartial;
      if (home) say(home, text);
      else if (data.fresh) say(footStatus(), text);
      else if (shown) say(home, text);
    });
    registration.active.postMessage({ type: "keep", id: id, urls: urls, lang: lang });
  }

  if (!url) return; // a writer's preview (./run serve) has no service worker
  if (!("serviceWorker" in navigator)) {
    var cannot = function () { say(homeStatus(), words.keepCannot); };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", cannot);
    else cannot();
    return;
  }
  window.addEventListener("load", function () {
    // updateViaCache "all": the browser's check for a new sw.js may be answered by its HTTP cache (as
    // long as the host's Cache-Control allows, at most a day): without it, Chromium fetched sw.js
    // twice on a first visit. Pages come from the network first anyway, so a new build shows at once.
    navigator.serviceWorker.register(url, { updateViaCache: "all" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) { return checkerUp().then(function () { return registration; }); })
      .then(keep)
      .catch(function () { /* no service worker here (a private window, a blocked one): the page works online */ });
  });
})();
