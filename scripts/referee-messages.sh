#!/usr/bin/env bash
# Refresh the referee's Babel catalogs after code changes, then compile them.
#   scripts/referee-messages.sh          extract + update + compile
#   scripts/referee-messages.sh --check  fail if the catalogs are out of date or a translation is unsafe (CI)
# Both end with site_tools.safety on the catalogs: a translation keeps the placeholders, the markup
# and the numbers of its English message. The compiled referee.mo files are not tracked: the
# referee compiles a stale one when it reads it (referee/compiled.py), and this script compiles all.
set -euo pipefail
cd "$(dirname "$0")/.."
pot=locale/referee.pot
extract() {
  pybabel extract -F babel.cfg -k t -k tn:1,2 -k tc:1c,2 -k tnc:1c,2,3 -k N_ --no-default-keywords --no-location \
    --sort-output --omit-header --project=referee -o "$1" . >/dev/null 2>&1
}
if [ "${1:-}" = "--check" ]; then
  tmp=$(mktemp); extract "$tmp"
  diff -q <(grep -v '^"POT-Creation' "$pot") <(grep -v '^"POT-Creation' "$tmp") >/dev/null \
    || { echo "locale/referee.pot is stale: run scripts/referee-messages.sh" >&2; exit 1; }
  # Update a copy and compare: `pybabel update --check` (Babel 2.18) reports every catalog with a
  # msgctxt entry as out of date, because it looks those entries up without their context.
  work=$(mktemp -d); trap 'rm -rf "$work" "$tmp"' EXIT
  for po in locale/*/LC_MESSAGES/referee.po; do
    mkdir -p "$work/$(dirname "$po")"; cp "$po" "$work/$po"
  done
  pybabel update -D referee -i "$pot" -d "$work/locale" --previous --ignore-pot-creation-date --no-wrap \
    --no-fuzzy-matching --ignore-obsolete >/dev/null 2>&1
  for po in locale/*/LC_MESSAGES/referee.po; do
    diff -q <(grep -v '^"PO-Revision-Date' "$po") <(grep -v '^"PO-Revision-Date' "$work/$po") >/dev/null \
      || { echo "$po is out of date: run scripts/referee-messages.sh" >&2; exit 1; }
  done
  python -m site_tools.safety.checks --messages
  exit 0
fi
extract "$pot"
pybabel update -D referee -i "$pot" -d locale --previous --ignore-pot-creation-date --no-wrap --no-fuzzy-matching \
  --ignore-obsolete  # a message gone from the code leaves the catalogs (no #~ clutter)
pybabel compile -D referee -d locale --statistics
python -m site_tools.safety.checks --messages
