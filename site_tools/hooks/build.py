"""What the hooks ask MkDocs about the build in progress: the language being built and a page's name.

>>> from types import SimpleNamespace as Ns
>>> page_name(Ns(file=Ns(src_uri="catch-the-ten.md")))
'catch-the-ten'
>>> language(Ns(plugins={}))
'en'
"""

from __future__ import annotations

import posixpath
from typing import Any

from site_tools.languages import DEFAULT_LANGUAGE


def language(config: Any) -> str:
    """The language of the build in progress (static-i18n builds each language in turn)."""
    plugin = config.plugins.get("i18n")
    return getattr(plugin, "current_language", None) or DEFAULT_LANGUAGE


def page_name(page: Any) -> str:
    """The page as a path without ``.md`` relative to its language folder (``catch-the-ten``)."""
    uri = getattr(page.file, "norm_src_uri", None) or page.file.src_uri
    return posixpath.splitext(uri)[0]
