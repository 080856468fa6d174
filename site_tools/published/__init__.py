"""The published build: the checker's bundle, the snapshot, compression, the service worker, the CSP."""
