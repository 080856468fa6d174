/*
 * Search in the reader's language only.
 *
 * One search index holds the pages of every language: English at the root, the others under
 * their folder ("ru/...", "de/..."). Material hands that index to its search worker in a
 * "setup" message (type 0); this script, loaded before the theme's bundle, keeps only the
 * documents whose location lies in the language of the page being read, and asks the worker
 * for that language's stemmer (with English for the segments not yet translated).
 *
 * It also makes the search see text entered without a key press (see the input listener below).
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || typeof Worker === "undefined") return;
  var lang = script.dataset.lang || "en";
  var fallback = script.dataset.default || "en";
  var folders = (script.dataset.languages || "").split(/\s+/).filter(function (code) {
    return code && code !== fallback;
  });

  function languageOf(location) {
    for (var i = 0; i < folders.length; i++) {
      if (location === folders[i] || location.indexOf(folders[i] + "/") === 0) return folders[i];
    }
    return fallback;
  }

  // The theme reads the query on key-up only. Text that arrives without a key-up (pasted with the
  // mouse, composed with an input method, typed by a test driver in letters not on a US keyboard)
  // was never searched once the index was ready. Hand every input in the search box on as a key-up.
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (box instanceof HTMLInputElement && box.matches(".md-search__input")) {
      box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    }
  }, true);

  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    var args = Array.prototype.slice.call(arguments);
    if (message && message.type === 0 && message.data && Array.isArray(message.data.docs)) {
      var data = Object.assign({}, message.data);
      data.docs = data.docs.filter(function (doc) {
        return languageOf(String(doc.location || "")) === lang;
      });
      data.config = Object.assign({}, data.config, {
        lang: lang === fallback ? [fallback] : [fallback, lang]
      });
      args[0] = Object.assign({}, message, { data: data });
    }
    return post.apply(this, args);
  };
})();
