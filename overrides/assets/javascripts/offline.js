/*
 * Offline reading: registers the site's service worker (sw.js at the site's root, written by the
 * build from site_tools/sw.js) and tells it what this page loaded, so that the page, its styles and
 * scripts (and, on the score checker's page, Python and the referee) open again without a network.
 * A file of its own: the site's Content-Security-Policy allows no inline script.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) return;
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

  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url)
      .then(function () { return navigator.serviceWorker.ready; })
      .then(keep)
      .catch(function () { /* no service worker here (a private window, a blocked one): the page works online */ });
  });
})();
