"""Layer 1, reading records: the text (YAML or JSON) read safely with lines kept, and the declarations.

- :mod:`~referee.records.source` reads a record's bytes or text into a :class:`Document` that
  knows the line of every value, within the limits of :mod:`referee.limits`;
  :mod:`~referee.records.quick_yaml` reads plain block YAML fast (:mod:`~referee.records.one_pass`
  the plainest in one pass), :mod:`~referee.records.yaml_events`
  everything else, :mod:`~referee.records.scalars` reads plain scalars as a person writes them
  (decimal numbers, true and false, text); :mod:`~referee.records.bounds` refuses a part larger than
  a game can use before it is read, and :mod:`~referee.records.lookalike` names that print alike
  (Unicode's confusables, from the ``confusable_homoglyphs`` package: the one import from outside).
- :mod:`~referee.records.fields` declares what a record holds (field types, :class:`RecordSpec`),
  and from one declaration gives the JSON Schema, the page tables and the checker's form.

Imports only from the vocabulary (``referee.cards``, ``referee.messages``, …).
"""
