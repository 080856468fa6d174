"""The MkDocs hooks (listed in mkdocs.yml), the top layer: they call every other part of the build."""
