"""Layer 4, presenting: a checked record and the rules as people read them.

- :mod:`~referee.present.verdicts` — a record's text to a verdict, and the verdict as JSON.
- :mod:`~referee.present.explain` — the verdict in sentences, with house rules that would agree.
- :mod:`~referee.present.web` — the checker's entry in the browser (Pyodide).
- :mod:`~referee.present.blocks`, :mod:`~referee.present.draw`, :mod:`~referee.present.pictures`,
  :mod:`~referee.present.example_text`, :mod:`~referee.present.template`,
  :mod:`~referee.present.verdict_schema` — the site's generated blocks, card pictures, localized
  example records, blank records and the schema of ``--json``.

Imports from every layer below; nothing below imports from here.
"""
