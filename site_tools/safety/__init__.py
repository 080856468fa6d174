"""The safety check: what a translation may not bring into a page or a message."""
