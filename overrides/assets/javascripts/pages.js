// Game pages (issue 15): a link to a worked example opens its fold.
// A link may point at the example's heading (the fold follows it, up to the next heading) or at
// something inside a fold; either way the fold opens and the target is scrolled into view.
(function () {
  "use strict";
  function foldsFor(target) {
    var found = [];
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS") found.push(el);
    }
    if (/^H[1-6]$/.test(target.tagName)) {
      var level = Number(target.tagName.charAt(1));
      for (var next = target.nextElementSibling; next; next = next.nextElementSibling) {
        if (/^H[1-6]$/.test(next.tagName) && Number(next.tagName.charAt(1)) <= level) break;
        if (next.tagName === "DETAILS") found.push(next);
      }
    }
    return found;
  }
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id || id.indexOf("record=") === 0) return;
    var target = document.getElementById(id);
    if (!target) return;
    var folds = foldsFor(target);
    folds.forEach(function (d) { d.open = true; });
    if (folds.length) target.scrollIntoView();
  }
  window.addEventListener("hashchange", openTarget);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", openTarget);
  else openTarget();
})();

// Rule marks (issue 39): the § at the end of a statement opens what the referee checks there, on a
// tap or from the keyboard (a pointer that hovers opens it by CSS alone); Escape or a tap elsewhere
// closes it. A link to a rule (#g1-r05, from a verdict) opens that rule's mark. The page's switch
// "Show what the referee checks" is remembered for the next page.
(function () {
  "use strict";
  var KEY = "cardrules.showRules";
  function setOpen(mark, open) {
    mark.classList.toggle("cr-open", open);
    var button = mark.querySelector(".rule-mark-button");
    if (button) button.setAttribute("aria-expanded", open ? "true" : "false");
  }
  function closeAll(except) {
    document.querySelectorAll(".rule-mark.cr-open").forEach(function (m) {
      if (m !== except) setOpen(m, false);
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".rule-mark-button");
    var mark = event.target.closest && event.target.closest(".rule-mark");
    if (button) {
      closeAll(mark);
      setOpen(mark, !mark.classList.contains("cr-open"));
    } else if (!mark) {
      closeAll(null);
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") closeAll(null);
  });
  function openRule() {
    var id = decodeURIComponent(location.hash.slice(1));
    var anchor = id && document.getElementById(id);
    if (anchor && anchor.classList.contains("rule-anchor")) {
      closeAll(null);
      setOpen(anchor.closest(".rule-mark"), true);
      // The anchor is at the statement's end: show the whole statement, not only its last line.
      var statement = anchor.closest("p, li") || anchor;
      statement.scrollIntoView({ block: "center" });
    }
  }
  function start() {
    var box = document.getElementById("cr-rule-switch");
    if (box) {
      try { box.checked = localStorage.getItem(KEY) === "1"; } catch (e) { /* storage off */ }
      box.addEventListener("change", function () {
        try { localStorage.setItem(KEY, box.checked ? "1" : "0"); } catch (e) { /* storage off */ }
      });
    }
    openRule();
  }
  window.addEventListener("hashchange", openRule);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

// Print (issue 39): every printed page's footer reads the page's address and date from a custom
// property (pages.css, @page). The build writes the words into data-print-footer; they are set here
// through the CSSOM, as the Content-Security-Policy allows no style attribute in the markup.
(function () {
  "use strict";
  var root = document.documentElement;
  var words = root.getAttribute("data-print-footer");
  if (!words) return;
  var quoted = "'" + words.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, " ") + "'";
  root.style.setProperty("--cr-print-footer", quoted);
})();
