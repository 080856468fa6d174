/*
 * The site's frame, after the theme's bundle:
 * - switching language keeps the section being read (headings carry the same ids in every language);
 * - a table or code block wider than the screen can be reached by keyboard, and shows that it scrolls;
 * - the theme's code-copy buttons are a group of buttons, not an unnamed navigation landmark.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var hint = (script && script.dataset.scrollHint) || "";

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.md-select__link[hreflang]");
    if (link && location.hash && link.href.indexOf("#") < 0) {
      link.href = link.href + location.hash;
    }
  }, true);

  function markScrollable(box) {
    var wide = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle("cr-scrolls", wide);
    if (wide) {
      box.setAttribute("tabindex", "0");  // a keyboard can reach it and scroll it with the arrow keys
      if (hint) box.setAttribute("title", hint);
    } else if (box.classList.contains("md-typeset__scrollwrap")) {
      box.removeAttribute("tabindex");
      box.removeAttribute("title");
    }
  }

  function refresh() {
    var boxes = document.querySelectorAll(".md-typeset__scrollwrap, .md-typeset pre > code, .md-typeset .cr-scroll");
    for (var i = 0; i < boxes.length; i++) markScrollable(boxes[i]);
    // The copy button's container is a <nav> in the theme, one unnamed landmark per code block;
    // it is a group of buttons, not a way through the site.
    var navs = document.querySelectorAll(".md-typeset nav.md-code__nav");
    for (var j = 0; j < navs.length; j++) {
      var box = document.createElement("div");
      box.className = navs[j].className;
      while (navs[j].firstChild) box.appendChild(navs[j].firstChild);
      navs[j].replaceWith(box);
    }
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { setTimeout(refresh, 0); });
  } else {
    document.addEventListener("DOMContentLoaded", refresh);
  }
  window.addEventListener("resize", function () { refresh(); });
})();
