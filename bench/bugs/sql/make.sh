#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.sql, the padded DuckDB 0.7.1 input: Roundcube's SQLite
# schema (Debian bookworm roundcube-core, SQL/sqlite.initial.sql), two INSERTs, six TPC-DS
# queries (PyPI sqllineage 1.5.3, sqllineage/data/tpcds) with trigger.sql between the third
# and the fourth. The result is checked against the recorded sha256.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
DEB=roundcube-core
DEB_VERSION=1.6.5+dfsg-1+deb12u13
PYPKG=sqllineage==1.5.3
BUG_SHA256=2963c0f8742a495fc3ed0c4cb656e1f1a03f77c6109f23cc22729ff54140edf0

for c in apt-get dpkg python3; do
  command -v $c >/dev/null || { echo "make.sh: $c is required" >&2; exit 2; }
done
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Debian package (the pinned version; if the archive has moved on, the current one, whose
# SQL schema is checked through the final sha256)
if ! (cd "$tmp" && apt-get -o APT::Sandbox::User=root download "$DEB=$DEB_VERSION" >/dev/null 2>"$tmp/err"); then
  echo "make.sh: $DEB=$DEB_VERSION not downloadable, trying the current $DEB" >&2
  if ! (cd "$tmp" && apt-get -o APT::Sandbox::User=root download "$DEB" >/dev/null 2>>"$tmp/err"); then
    echo "make.sh: cannot download $DEB from the Debian archive (offline? apt-get update?):" >&2
    tail -5 "$tmp/err" >&2; exit 3
  fi
fi
dpkg -x "$tmp"/${DEB}_*.deb "$tmp/deb"
schema=$tmp/deb/usr/share/roundcube/SQL/sqlite.initial.sql

if ! python3 -m pip download --quiet --no-deps --only-binary :all: -d "$tmp/whl" "$PYPKG" 2>"$tmp/err"; then
  echo "make.sh: cannot download $PYPKG from PyPI (offline?):" >&2; tail -5 "$tmp/err" >&2; exit 3
fi
python3 -m zipfile -e "$tmp"/whl/sqllineage-1.5.3-py3-none-any.whl "$tmp/whl/x"
tpcds=$tmp/whl/x/sqllineage/data/tpcds

{
  cat "$schema"
  echo
  cat <<'SQL'
INSERT INTO users (user_id, username, mail_host, created, language, preferences) VALUES (1, 'alice', 'localhost', '2024-01-01 00:00:00', 'en_US', 'a:0:{}');
INSERT INTO identities (user_id, changed, del, standard, name, organization, email, "reply-to", bcc, signature, html_signature) VALUES (1, '2024-01-01 00:00:00', 0, 1, 'Alice', '', 'alice@example.org', '', '', '', 0);
SQL
  cat "$tpcds/query01.sql"; echo
  cat "$tpcds/query03.sql"; echo
  cat "$tpcds/query07.sql"; echo
  cat "$here/trigger.sql"
  cat "$tpcds/query19.sql"; echo
  cat "$tpcds/query42.sql"; echo
  cat "$tpcds/query52.sql"; echo
} > "$tmp/bug.sql"
echo "$BUG_SHA256  $tmp/bug.sql" | sha256sum -c --quiet - \
  || echo "make.sh: warning: bug.sql differs from the recorded one (other package version, or trigger.sql edited)" >&2
mv "$tmp/bug.sql" "$out/bug.sql"
echo "$out/bug.sql ($(wc -c < "$out/bug.sql") bytes)"
