"""The two kinds of catalog entry the safety check tells apart: a page's Markdown and a referee
message.
"""

from __future__ import annotations

from typing import Literal

Kind = Literal["page", "message"]
