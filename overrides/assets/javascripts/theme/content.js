// The theme's partials/javascripts/content.html (Material for MkDocs 9.8.2, MIT licence), moved out of the page:
// the Content-Security-Policy allows no inline script (site_tools/published/csp.py).
var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"))
