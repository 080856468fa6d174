/**
 * The rendering library of the checker and the practice table, in one place: Preact (components
 * that patch the DOM in place, so the element that has the focus is never replaced) and htm
 * (JSX-like tagged templates in plain ES modules: no build step, no eval, so the CSP holds).
 *
 * The files are the npm packages' ES-module builds, pinned in package-lock.json and copied into the
 * site by site_tools/published/checker_runtime.py (LIBRARY_FILES) under assets/checker/lib/.
 *
 *   import { html, render, useState } from "./lib.js";
 *   render(html`<p>${text}</p>`, node);
 */
import { h } from "../../checker/lib/preact.mjs";
import htm from "../../checker/lib/htm.mjs";

export { Component, Fragment, createContext, h, render } from "../../checker/lib/preact.mjs";
export {
  useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState,
} from "../../checker/lib/hooks.mjs";

/** htm bound to Preact's h: html`<div class=${c}>${children}</div>`. */
export const html = htm.bind(h);
