/*
 * Search in the reader's language only.
 *
 * One search index holds the pages of every language: English at the root, the others under
 * their folder ("ru/...", "de/..."). Material hands that index to its search worker in a
 * "setup" message (type 0); this script, loaded before the theme's bundle, keeps only the
 * documents whose location lies in the language of the page being read, and asks the worker
 * for that language's stemmer (with English for the segments not yet translated).
 *
 * It also makes the search see text entered without a key press (see the input listener below), and
 * fetches the index only when search is first opened (see wantIndex).
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;

  /*
   * The head lists each page's language alternates with absolute URLs (for search engines), and the
   * theme looks for a sitemap beside every alternate it finds. The site has one sitemap, at its root,
   * listing every page with its alternates; send those look-ups there, so that no request leaves
   * the site's own origin (a copy served from localhost would otherwise ask the public host).
   */
  var root = new URL("../../", script.src);
  var open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url) {
    var args = Array.prototype.slice.call(arguments);
    this.crSearchIndex = false;
    try {
      var target = new URL(String(url), location.href);
      if (/\/sitemap\.xml$/.test(target.pathname) && target.href !== new URL("sitemap.xml", root).href) {
        args[1] = new URL("sitemap.xml", root).href;
      }
      this.crSearchIndex = /\/search\/search_index\.json$/.test(target.pathname);
    } catch (error) { /* not a URL: leave it to the browser */ }
    return open.apply(this, args);
  };

  /*
   * The search index (every language's pages, over 2 MB) is fetched when search is first opened,
   * not with every page: a reader at the table who never searches never downloads it. The theme
   * (Material 9.8) asks for it at load with no setting to defer it, so its request is held here
   * until the search box gets the focus or the search toggle is switched on (the "s" and "/" keys
   * do both). A page opened from a search result (?h=…) highlights the words at once, and needs it.
   */
  var indexWanted = /[?&]h=/.test(location.search);
  var held = [];
  function wantIndex() {
    if (indexWanted) return;
    indexWanted = true;
    held.splice(0).forEach(function (go) { go(); });
  }
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () {
    var request = this, args = arguments;
    if (request.crSearchIndex && !indexWanted) {
      held.push(function () { send.apply(request, args); });
      return undefined;
    }
    return send.apply(request, args);
  };
  document.addEventListener("focusin", function (event) {
    if (event.target instanceof HTMLInputElement && event.target.matches(".md-search__input")) wantIndex();
  }, true);
  document.addEventListener("change", function (event) {
    var toggle = event.target;
    if (toggle instanceof HTMLInputElement && toggle.getAttribute("data-md-toggle") === "search" && toggle.checked) {
      wantIndex();
    }
  }, true);
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("label[for='__search'], .md-search")) wantIndex();
  }, true);
  // On the score checker's page the index comes only when the search is used: a visit there is for
  // a verdict, and its bandwidth goes to Python and the referee (the service worker fetches the
  // index in the background afterwards, with the rest of the language, for searching offline).

  if (typeof Worker === "undefined") return;
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

  /*
   * Cards. The pages print a card as its rank and a suit sign ("10♥", "Д♠", "D♠"), which the
   * search index would cut down to the rank alone. So every card on a page is also indexed as a
   * plain word ("crd10h", "crdqs": rank and suit in English letters), in a field of its own that
   * results never show; and a card in a query, written as a reader of any of the three languages
   * writes it ("10♥", "10h", "10ч", "Herz 10", "Pik D"), is searched as that word.
   */
  var SUIT = {"♥": "h", "♦": "d", "♠": "s", "♣": "c", "h": "h", "d": "d", "s": "s", "c": "c",
              "ч": "h", "б": "d", "п": "s", "т": "c", "herz": "h", "karo": "d", "pik": "s", "kreuz": "c"};
  var RANKS = {
    en: {"a": "a", "k": "k", "q": "q", "j": "j", "t": "10"},
    ru: {"т": "a", "к": "k", "д": "q", "в": "j", "a": "a", "k": "k", "q": "q", "j": "j"},
    de: {"a": "a", "k": "k", "d": "q", "b": "j", "ass": "a", "könig": "k", "dame": "q", "bube": "j"}
  };
  function word(rank, suit) {
    var r = String(rank).toLowerCase();
    var known = /^(10|[2-9])$/.test(r) ? r : (RANKS[lang] || RANKS.en)[r];
    var s = SUIT[String(suit).toLowerCase()];
    return known && s ? "crd" + known + s : null;
  }
  function cardWords(text) {
    var out = [];
    String(text).replace(/(10|[2-9]|[A-Za-zА-Яа-яЁё])([♥♦♠♣])/g, function (_, r, s) {
      var w = word(r, s);
      if (w && out.indexOf(w) < 0) out.push(w);
      return _;
    });
    return out.join(" ");
  }
  var R = "(10|[2-9]|[a-zа-яё]|ass|könig|dame|bube)";
  function queryCards(query) {
    function swap(match, space, r, s) { var w = word(r, s); return w ? space + w : match; }
    function swapBack(match, space, s, r) { return swap(match, space, r, s); }
    return String(query)
      .replace(new RegExp("(^|\\s)(herz|karo|pik|kreuz)\\s+" + R + "(?=\\s|$)", "giu"), swapBack)
      .replace(new RegExp("(^|\\s)" + R + "\\s+(herz|karo|pik|kreuz)(?=\\s|$)", "giu"), swap)
      .replace(new RegExp("(^|\\s)" + R + "([♥♦♠♣hdscчбпт])(?=\\s|$)", "giu"), swap);
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
      data.docs = data.docs.map(function (doc) {
        return Object.assign({}, doc, { cards: cardWords((doc.title || "") + " " + (doc.text || "")) });
      });
      data.config = Object.assign({}, data.config, {
        lang: lang === fallback ? [fallback] : [fallback, lang],
        fields: Object.assign({}, data.config.fields, { cards: { boost: 10 } })
      });
      args[0] = Object.assign({}, message, { data: data });
    } else if (message && message.type === 2 && typeof message.data === "string") {
      args[0] = Object.assign({}, message, { data: queryCards(message.data) });
    }
    return post.apply(this, args);
  };
})();
