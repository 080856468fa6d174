"""The record declarations of the games whose records hold many fields of their own.

A game's :class:`~referee.records.fields.RecordSpec` says which fields its records have, with their
types, help texts, labels and questions (the record documentation, the JSON Schema, the browser
form and ``referee new`` come from it). It is the record's format, not the game's rules: where it is
long, it stands here, in a module named after the game, and the game module imports it as its
``RECORD``; the game's reader stays the authority on what a record means.
"""
