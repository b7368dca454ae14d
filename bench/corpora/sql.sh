#!/usr/bin/env bash
# SQL corpus and checker for grammars/sql.pest (SQLite and MySQL/MariaDB dialects).
#
#   sql.sh fetch DIR   fill DIR with the MySQL and SQLite schema/upgrade scripts of Debian's
#                      mediawiki, roundcube-core and phpmyadmin (pinned versions), and install
#                      the checkers (sqlite3, mariadb-server)
#   sql.sh check FILE  exit 0 iff SQLite's or MariaDB's parser accepts FILE's syntax
#
# check: SQLite: the file's statements are run one by one (split with sqlite3_complete, as the
# sqlite3 shell splits them) in an empty in-memory database through Python's sqlite3 module (so
# CREATE TABLE makes the tables later statements use); it is rejected iff an error message is a
# parse error (`syntax error`, `incomplete input`, `unrecognized token`); `no such table` and
# other semantic errors are ignored. MariaDB: a private server is started on a socket under /tmp on first use; the file
# is run by `mariadb --force` in a fresh empty database and rejected iff an error is 1064
# (ER_PARSE_ERROR), 1149 (ER_SYNTAX_ERROR), 4161 (ER_UNKNOWN_DATA_TYPE, raised by the parser) or
# the client's `USE`/`DELIMITER must be followed by …`. The file is accepted if either dialect accepts it.
set -euo pipefail

MEDIAWIKI=1:1.39.17-1+deb12u2
ROUNDCUBE=1.6.5+dfsg-1+deb12u13
PHPMYADMIN=4:5.2.1+dfsg-1+deb12u1

MYDIR=/tmp/sql-check-mariadb
SOCK=$MYDIR/mysqld.sock

install_checkers() {
    if ! command -v sqlite3 >/dev/null || ! command -v python3 >/dev/null || ! [ -x /usr/sbin/mariadbd ] || ! command -v mariadb-install-db >/dev/null; then
        apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null 2>&1 || true
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq \
            sqlite3 python3 mariadb-server mariadb-client >/dev/null
    fi
}

start_mariadb() {
    [ -S "$SOCK" ] && mariadb --socket="$SOCK" -u root -e 'select 1' >/dev/null 2>&1 && return 0
    mkdir -p "$MYDIR"
    (
        flock 9
        if [ -S "$SOCK" ] && mariadb --socket="$SOCK" -u root -e 'select 1' >/dev/null 2>&1; then exit 0; fi
        if [ ! -d "$MYDIR/data/mysql" ]; then
            mariadb-install-db --no-defaults --user=root --datadir="$MYDIR/data" \
                --auth-root-authentication-method=normal >/dev/null 2>&1
        fi
        /usr/sbin/mariadbd --no-defaults --user=root --datadir="$MYDIR/data" --socket="$SOCK" \
            --skip-networking --skip-grant-tables --pid-file="$MYDIR/mysqld.pid" \
            --innodb-buffer-pool-size=32M --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 \
            --innodb-flush-method=nosync --skip-log-bin --log-error="$MYDIR/error.log" </dev/null >/dev/null 2>&1 &
        for _ in $(seq 1 100); do
            mariadb --socket="$SOCK" -u root -e 'select 1' >/dev/null 2>&1 && exit 0
            sleep 0.2
        done
        echo "sql.sh: cannot start mariadbd (see $MYDIR/error.log)" >&2
        exit 1
    ) 9>"$MYDIR/lock"
}

# SQLite: the statements are split as the sqlite3 shell splits them (sqlite3_complete) and run
# one by one in an empty in-memory database (ATTACH denied), so one error does not hide the
# rest of its line; only parse errors count. A table that ALTER TABLE (or anything else) misses
# is created with one column and the statement run again, since SQLite looks the table of ALTER
# TABLE up before it has parsed the rest of the statement.
sqlite_accepts() {
    timeout 60 python3 - "$1" <<'PY'
import re, sqlite3, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
con = sqlite3.connect(":memory:", isolation_level=None)
con.set_authorizer(lambda action, *rest: sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_ATTACH else sqlite3.SQLITE_OK)
syntax = re.compile(r"syntax error|incomplete input|unrecognized token")
missing = re.compile(r"^no such table: (?:(\w+)\.)?(.+)$")
def run(chunk):
    for _ in range(4):
        try:
            con.execute(chunk)
            return
        except (sqlite3.Error, sqlite3.Warning) as e:
            msg = str(e)
            if syntax.search(msg):
                sys.exit(1)
            # SQLite looks the table of ALTER TABLE up before it parses the rest: make it and retry.
            m = missing.match(msg)
            if not m:
                return
            schema = '"%s".' % m.group(1).replace('"', '""') if m.group(1) else ""
            try:
                con.execute('CREATE TABLE %s"%s"(x)' % (schema, m.group(2).replace('"', '""')))
            except (sqlite3.Error, sqlite3.Warning):
                return
start = i = 0
while True:
    j = text.find(";", i)
    if j < 0:
        break
    if sqlite3.complete_statement(text[start:j + 1]):
        run(text[start:j + 1])
        start = j + 1
    i = j + 1
if text[start:].strip():
    run(text[start:])
PY
}

mysql_accepts() {
    start_mariadb || return 1
    local db="chk_$$_$RANDOM" err
    mariadb --socket="$SOCK" -u root -e "create database \`$db\`" </dev/null >/dev/null 2>&1
    err=$(timeout 60 mariadb --socket="$SOCK" -u root --force --default-character-set=utf8mb4 "$db" <"$1" 2>&1 >/dev/null) || true
    mariadb --socket="$SOCK" -u root -e "drop database if exists \`$db\`" </dev/null >/dev/null 2>&1 || true
    # 1064/1149: the server's parser; 4161 (unknown data type): the parser's check of a type
    # name, which it makes before it reads the rest; `USE`/`DELIMITER` without an argument: the
    # client's.
    ! grep -qE '^ERROR (1064|1149|4161) |^ERROR( at line [0-9]+)?: (USE|DELIMITER) must be followed' <<<"$err"
}

case "${1:-}" in
fetch)
    dir=${2:?usage: sql.sh fetch DIR}
    install_checkers
    mkdir -p "$dir"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # Pinned versions; Debian keeps only the newest point release of a suite, so fall back to
    # the current one (and say so) when a pinned version is gone.
    versions="mediawiki $MEDIAWIKI, roundcube-core $ROUNDCUBE, phpmyadmin $PHPMYADMIN"
    if ! (cd "$work" && apt-get -o DPkg::Lock::Timeout=900 download -qq \
            "mediawiki=$MEDIAWIKI" "roundcube-core=$ROUNDCUBE" "phpmyadmin=$PHPMYADMIN" >/dev/null 2>&1); then
        rm -f "$work"/*.deb
        (cd "$work" && apt-get -o DPkg::Lock::Timeout=900 download -qq mediawiki roundcube-core phpmyadmin >/dev/null 2>&1) || {
            echo "sql.sh: apt-get download of mediawiki, roundcube-core, phpmyadmin failed" >&2
            exit 1
        }
        versions="current versions ($(cd "$work" && ls *.deb | tr '\n' ' ')), pinned ones gone"
    fi
    for deb in "$work"/*.deb; do dpkg -x "$deb" "$work/x"; done
    s=$work/x/usr/share
    n=0
    copy() { # copy SRCDIR PREFIX: the .sql files directly in SRCDIR
        local f
        for f in "$1"/*.sql; do
            [ -f "$f" ] || continue
            cp "$f" "$dir/$2__$(basename "$f")"
            n=$((n + 1))
        done
    }
    copy "$s/mediawiki/maintenance" mediawiki-mysql
    copy "$s/mediawiki/maintenance/archives" mediawiki-mysql-archives
    copy "$s/mediawiki/maintenance/sqlite" mediawiki-sqlite
    copy "$s/mediawiki/maintenance/sqlite/archives" mediawiki-sqlite-archives
    for ext in "$s"/mediawiki/extensions-core/*; do
        e=$(basename "$ext")
        for d in "$ext"/sql/mysql "$ext"/sql/sqlite "$ext"/db_patches/mysql "$ext"/db_patches/sqlite \
                 "$ext"/sql "$ext"/db_patches; do
            [ -d "$d" ] && copy "$d" "mediawiki-$e-$(basename "$d")"
        done
    done
    copy "$s/roundcube/SQL/mysql" roundcube-mysql
    copy "$s/roundcube/SQL/sqlite" roundcube-sqlite
    cp "$s/roundcube/SQL/mysql.initial.sql" "$dir/roundcube__mysql.initial.sql" && n=$((n + 1))
    cp "$s/roundcube/SQL/sqlite.initial.sql" "$dir/roundcube__sqlite.initial.sql" && n=$((n + 1))
    copy "$s/phpmyadmin/sql" phpmyadmin
    echo "sql.sh: $n SQL files (MediaWiki mysql/sqlite schemas and patches, Roundcube mysql/sqlite, phpMyAdmin; $versions) in $dir"
    ;;
check)
    f=${2:?usage: sql.sh check FILE}
    [ -f "$f" ] || { echo "sql.sh: no file $f" >&2; exit 2; }
    exec </dev/null
    if sqlite_accepts "$f"; then exit 0; fi
    if mysql_accepts "$f"; then exit 0; fi
    exit 1
    ;;
*)
    echo "usage: sql.sh fetch DIR | sql.sh check FILE" >&2
    exit 2
    ;;
esac
