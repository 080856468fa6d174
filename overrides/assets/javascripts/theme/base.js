// The theme's partials/javascripts/base.html (Material for MkDocs 9.8.2, MIT licence), moved out of the page:
// the Content-Security-Policy allows no inline script (site_tools/published/csp.py).
__md_scope=new URL(document.currentScript.dataset.scope,location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}}
