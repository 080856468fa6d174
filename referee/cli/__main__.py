"""``python -m referee.cli``: the same as the ``referee`` command."""

import sys

from referee.cli.command import main

sys.exit(main())
