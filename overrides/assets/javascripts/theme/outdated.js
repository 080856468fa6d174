// The theme's partials/javascripts/outdated.html (Material for MkDocs 9.8.2, MIT licence), moved out of the page:
// the Content-Security-Policy allows no inline script (site_tools/published/csp.py).
var el=document.querySelector("[data-md-component=outdated]"),base=new URL(document.currentScript.dataset.base,location),outdated=__md_get("__outdated",sessionStorage,base);!0===outdated&&el&&(el.hidden=!1)
