// The theme's partials/javascripts/announce.html (Material for MkDocs 9.8.2, MIT licence), moved out of the page:
// the Content-Security-Policy allows no inline script (site_tools/published/csp.py).
var el=document.querySelector("[data-md-component=announce]");if(el){var content=el.querySelector(".md-typeset");__md_hash(content.innerHTML)===__md_get("__announce")&&(el.hidden=!0)}
