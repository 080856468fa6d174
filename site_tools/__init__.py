"""Build tools of the site: the translation pipeline and the MkDocs hooks."""
