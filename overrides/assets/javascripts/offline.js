/*
 * Offline reading: registers the site's service worker (sw.js at the site's root, written by the
 * build from site_tools/published/sw.js) and tells it what this page loaded, so that the page, its styles and
 * scripts (and, on the score checker's page, Python and the referee) open again without a network.
 * A file of its own: the site's Content-Security-Policy allows no inline script.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;
  var url = script.dataset.sw;

  function keep(registration) {
    var here = location.href.split("#")[0];
    var urls = [here];
    performance.getEntriesByType("resource").forEach(function (entry) {
      if (entry.name.indexOf(location.origin + "/") === 0) urls.push(entry.name);
    });
    navigator.serviceWorker.addEventListener("message", function (event) {
      // For the tests and the curious: the worker holds this page now.
      if (event.data && event.data.type === "kept") document.documentElement.dataset.offline = "kept";
    });
    registration.active.postMessage({ type: "keep", urls: urls, checker: !!document.querySelector(".referee-checker") });
  }

  /*
   * "Save every game's rules for offline": on the home page, right under its index of games. That is
   * where a phone reader chooses a game and sees all of them listed (the index's links are the pages
   * saved, in this page's language); a button at the foot of every game page would sit below long
   * rules, where a phone reader rarely scrolls, and say the same thing thirteen times. The page's
   * own styles and scripts, which every game page shares, were kept when this page loaded.
   */
  function offerToKeep() {
    var heading = document.getElementById("games");
    var index = heading && heading.nextElementSibling;
    while (index && index.tagName !== "UL") index = index.nextElementSibling;
    if (!index) return;
    var pages = [];
    index.querySelectorAll(":scope > li a[href]").forEach(function (a) {
      var href = a.href.split("#")[0];
      if (pages.indexOf(href) < 0) pages.push(href);
    });
    if (!pages.length) return;
    var words = script.dataset;
    var box = document.createElement("p");
    box.className = "cr-keep";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button";
    button.textContent = words.keepButton;
    var status = document.createElement("span");
    status.setAttribute("role", "status");
    status.className = "cr-keep-status";
    box.append(button, " ", status);
    index.after(box);
    button.addEventListener("click", function () {
      if (!("serviceWorker" in navigator) || !window.caches) {
        status.textContent = words.keepCannot;
        return;
      }
      button.disabled = true;
      status.textContent = words.keepWorking;
      var id = "keep-" + Date.now();
      navigator.serviceWorker.ready.then(function (registration) {
        return new Promise(function (resolve) {
          navigator.serviceWorker.addEventListener("message", function answer(event) {
            if (!event.data || event.data.type !== "kept" || event.data.id !== id) return;
            navigator.serviceWorker.removeEventListener("message", answer);
            resolve();
          });
          registration.active.postMessage({ type: "keep", id: id, urls: pages });
        });
      }).then(function () {
        // Counted from the caches themselves, so "saved" means what will open offline.
        return Promise.all(pages.map(function (u) { return caches.match(u); }));
      }).then(function (hits) {
        var kept = hits.filter(Boolean).length;
        status.textContent = (kept === pages.length ? words.keepDone : words.keepPartial)
          .replace("{n}", String(pages.length)).replace("{k}", String(kept));
        document.documentElement.dataset.offlineGames = String(kept);
        button.disabled = false;
      }, function () {
        status.textContent = words.keepCannot;
        button.disabled = false;
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", offerToKeep);
  else offerToKeep();

  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url)
      .then(function () { return navigator.serviceWorker.ready; })
      .then(keep)
      .catch(function () { /* no service worker here (a private window, a blocked one): the page works online */ });
  });
})();
