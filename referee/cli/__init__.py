"""Layer 5, the command line: ``referee games|check|new|schema|rules`` (:mod:`referee.cli.command`)."""

from referee.cli.command import main

__all__ = ["main"]
