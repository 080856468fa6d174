/*
 * The site's frame, after the theme's bundle:
 * - switching language keeps the section being read (headings carry the same ids in every language);
 * - a table or code block wider than the screen can be reached by keyboard, and shows that it scrolls;
 * - the theme's code-copy buttons are a group of buttons, not an unnamed navigation landmark;
 * - a table that would be cut off (a phone, three or more players) is stacked instead: each row a
 *   block, each cell a line led by its column's heading (pages.css, table[data-cr-stacked]);
 * - the checker's or the table's app that could not load says so in its status line.
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

  // A table is stacked only when it does not fit: a wide screen keeps the table as written.
  function stackIfCut(table) {
    if (table.offsetParent === null) return;  // in a closed fold: looked at again when it opens
    table.removeAttribute("data-cr-stacked");
    // Cut: wider than its own box, or reaching past the box that clips it (the theme's scrolling
    // wrapper, narrower inside a fold or the edition notes).
    var clip = table.closest(".md-typeset__scrollwrap") || table.parentElement;
    var cut = table.scrollWidth > table.clientWidth + 1 ||
      table.getBoundingClientRect().right > clip.getBoundingClientRect().right + 1;
    if (!cut) return;
    var heads = table.querySelectorAll("thead tr:last-child > *");
    var rows = table.querySelectorAll("tbody tr");
    for (var r = 0; r < rows.length; r++) {
      for (var c = 1; c < rows[r].children.length; c++) {
        var head = heads[c] ? heads[c].textContent.trim() : "";
        if (head) rows[r].children[c].setAttribute("data-label", head);
      }
    }
    table.setAttribute("data-cr-stacked", "");
  }

  function fitTables() {
    var tables = document.querySelectorAll(".md-typeset table:not([class])");
    for (var i = 0; i < tables.length; i++) stackIfCut(tables[i]);
  }

  function refresh() {
    fitTables();
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
  // A fold opened shows its tables for the first time: fit them then.
  document.addEventListener("toggle", function (event) {
    if (event.target.tagName === "DETAILS" && event.target.open) refresh();
  }, true);
  // A page's app whose modules did not all arrive (a connection that dropped on a first visit) never
  // runs, and its status line would say "loading" for ever: it says what happened instead. The app's
  // entry tag names its status line and carries the sentence (overrides/main.html).
  document.addEventListener("error", function (event) {
    var tag = event.target;
    if (!tag || tag.tagName !== "SCRIPT" || !tag.dataset.failed) return;
    var status = document.querySelector(tag.dataset.status);
    if (status) status.textContent = tag.dataset.failed;
  }, true);
})();
