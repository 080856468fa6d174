"""Layer 2, the engines: what every game shares.

- :mod:`~referee.engines.game` — the contract: :class:`Game`, its options and rule table, the
  :class:`Reader` that reads a record's fields with their lines, and the outcome
  (:class:`Verdict`, :class:`DealResult`, :class:`Finding`).
- :mod:`~referee.engines.tricks` — the trick engine (follow suit, trumps, who takes a trick).
- :mod:`~referee.engines.replay` — replaying a full-play record trick by trick against it.
- :mod:`~referee.engines.turns` — the turn engine of the layout and fishing games, with the same
  ``legal_moves()`` / ``push()`` shape.

Imports only from the vocabulary and :mod:`referee.records`.
"""
