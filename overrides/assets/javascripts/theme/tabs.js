// The theme's partials/javascripts/content.html (Material for MkDocs 9.8.2, MIT licence), moved out of the page:
// the Content-Security-Policy allows no inline script (site_tools/published/csp.py).
var tabs=__md_get("__tabs");if(Array.isArray(tabs))e:for(var set of document.querySelectorAll(".tabbed-set")){var labels=set.querySelector(".tabbed-labels");for(var tab of tabs)for(var label of labels.getElementsByTagName("label"))if(label.innerText.trim()===tab){var input=document.getElementById(label.htmlFor);input.checked=!0;continue e}}
