"""The site's Content-Security-Policy: scripts, styles, pictures and connections from the site itself only.

Every page carries the policy as ``<meta http-equiv="Content-Security-Policy">``, written first
in its ``<head>`` (``overrides/main.html``), so that it holds wherever the site is served. A host
that can send headers should send the same policy as a header, which also covers what a
``<meta>`` cannot: the pages' framing by other sites (``frame-ancestors``) and the scripts that
run as workers (Pyodide's worker, the search worker, a service worker), which take their policy
from their own response. ``python -m site_tools.published.csp`` prints the header lines for each path.

- ``script-src 'self'``: no inline script, no script from another host; the theme's few inline
  scripts are files (``overrides/partials/javascripts/``); its ``<script id="__config"
  type="application/json">`` is data, which the policy does not run anyway.
- ``'wasm-unsafe-eval'`` only where the score checker runs Python in WebAssembly: the checker's
  page and its worker's script. Nothing anywhere may ``eval`` JavaScript.
- style sheets from the site only; no style attribute (the card pictures colour by class);
- pictures from the site and ``data:`` (the theme's icons are ``data:`` SVG in its stylesheet);
  no frames, no plug-ins, no connection to another host; a form may post only to the site.

>>> "'wasm-unsafe-eval'" in policy(checker=True), "'wasm-unsafe-eval'" in policy()
(True, False)
>>> "frame-ancestors" in policy(), "frame-ancestors" in policy(header=True)
(False, True)
>>> "unsafe-inline" in policy() + policy(checker=True, header=True)
False
"""

from __future__ import annotations

import sys

# Paths (below the site's root) that run Pyodide: the checker's page in every language and its worker.
CHECKER_PAGE = "check-a-score/"
CHECKER_WORKER = "assets/javascripts/checker-worker.js"
TABLE_PAGE = "play-a-hand/"  # the practice table runs the referee in the same worker


def policy(*, checker: bool = False, header: bool = False) -> str:
    """The policy of a page (``checker``: the score checker's page); ``header``: as an HTTP header.

    A ``<meta>`` policy may not hold ``frame-ancestors`` (browsers ignore it there and say so in
    the console), so only the header has it.
    """
    script = "'self' 'wasm-unsafe-eval'" if checker else "'self'"
    directives = [
        "default-src 'self'",
        f"script-src {script}",
        # Style sheets from the site; no style attribute and no <style> element in a page (style-src-attr
        # and -elem fall back to this): injected markup cannot draw an overlay over the page (robustness
        # round 3, #8). The card pictures colour by class (referee/present/draw.py); scripts that
        # place things (the theme's, the checker's) set styles through the CSSOM, which the policy allows.
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "media-src 'self'",
        "frame-src 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
    if header:
        directives.append("frame-ancestors 'self'")
    return "; ".join(directives)


def header_lines() -> list[str]:
    """What a host sends, as comment-and-header lines: one policy for the checker's paths, one for the rest."""
    return [
        "# The score checker: /check-a-score/ and /<lang>/check-a-score/ (its page in each language),",
        "# the practice table: /play-a-hand/ and /<lang>/play-a-hand/,",
        f"# and /{CHECKER_WORKER} (its worker, which runs Pyodide):",
        f"Content-Security-Policy: {policy(checker=True, header=True)}",
        "# Every other path:",
        f"Content-Security-Policy: {policy(header=True)}",
    ]


def main() -> int:
    """Print the header for hosts (send exactly one of the two policies for a path: two policies both apply)."""
    sys.stdout.write("\n".join(header_lines()) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
