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
