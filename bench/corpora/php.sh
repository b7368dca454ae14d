#!/bin/bash
# PHP corpus for grammars/php.pest.
#
#   php.sh fetch DIR   fill DIR with the .php files of eight pinned Debian (bookworm) packages
#   php.sh check FILE  exit 0 iff PHP's own parser accepts FILE (php-cli, PHP 8.2)
#
# The files: Twig, Symfony Console and HttpFoundation, Guzzle PSR-7, league/commonmark,
# composer/semver, Monolog (libraries, PHP 7.2-8.1 style: attributes, enums, readonly,
# match, named arguments, first-class callables), and Roundcube (an application mixing
# inline HTML and PHP, older style); about 1,000 files, 6 MB.
#
# `check` runs the parser only: token_get_all($src, TOKEN_PARSE) (ext/tokenizer, part of
# php-cli) throws ParseError (or a CompileError raised while parsing, such as "Multiple
# access type modifiers are not allowed") on a syntax error, and does not compile the file,
# so compile-time errors that `php -l` reports (assignment to a non-variable `f() = 1`,
# `[]` used for reading, empty array elements, `break 0`, duplicate declarations, a
# namespace declaration that is not first) are accepted, as they are by the grammar.
set -euo pipefail

PKGS=(
    php-twig=3.5.1-1+deb12u3
    php-symfony-console=5.4.53+dfsg-0+deb12u1
    php-symfony-http-foundation=5.4.53+dfsg-0+deb12u1
    php-guzzlehttp-psr7=2.4.5-1+deb12u1
    php-league-commonmark=2.3.9-1+deb12u1
    php-composer-semver=3.3.2-1
    php-monolog=2.9.1-1
    roundcube-core=1.6.5+dfsg-1+deb12u13
)

need_php() {
    command -v php >/dev/null && php -r 'exit(function_exists("token_get_all") ? 0 : 1);' 2>/dev/null && return 0
    apt-get -o DPkg::Lock::Timeout=900 install -y -qq php-cli >/dev/null 2>&1 || {
        apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null 2>&1 || true
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq php-cli >/dev/null
    }
}

fetch() {
    local dir=$1
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    local stamp="$dir/.php-corpus" spec
    spec=$(printf '%s\n' "${PKGS[@]}")
    need_php
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$spec" ]; then
        echo "php corpus: $(find "$dir" -type f ! -name .php-corpus | wc -l) files already in $dir"
        return 0
    fi
    local work
    work=$(mktemp -d)
    WORK=$work
    trap 'rm -rf "$WORK"' EXIT
    (
        cd "$work"
        # apt-get download runs as the _apt user where it can; a world-writable directory
        # avoids its warning.
        chmod 777 "$work"
        apt-get download "${PKGS[@]}" >/dev/null 2>&1 || {
            apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null 2>&1 || true
            apt-get download "${PKGS[@]}" >/dev/null
        }
    ) || { echo "php.sh: cannot download ${PKGS[*]}" >&2; exit 1; }
    local p pkg deb n=0 skipped=0 f rel
    for p in "${PKGS[@]}"; do
        pkg=${p%%=*}
        deb=$(ls "$work/${pkg}_"*.deb)
        mkdir -p "$work/x/$pkg"
        dpkg -x "$deb" "$work/x/$pkg"
        while IFS= read -r f; do
            if ! iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then
                skipped=$((skipped + 1))
                continue
            fi
            rel=${f#"$work/x/"}
            mkdir -p "$dir/$(dirname "$rel")"
            cp "$f" "$dir/$rel"
            n=$((n + 1))
        done < <(find "$work/x/$pkg" -type f -name '*.php' | LC_ALL=C sort)
    done
    if [ "$n" -lt 300 ]; then
        echo "php.sh: only $n files fetched" >&2
        exit 1
    fi
    echo "$spec" > "$stamp"
    echo "php corpus: $n files from ${#PKGS[@]} Debian packages into $dir ($skipped non-UTF-8 files skipped)"
}

case ${1:-} in
    fetch) [ $# -eq 2 ] || { echo "usage: $0 fetch DIR" >&2; exit 2; }; fetch "$2" ;;
    check)
        [ $# -eq 2 ] || { echo "usage: $0 check FILE" >&2; exit 2; }
        [ -f "$2" ] || { echo "php.sh: no file $2" >&2; exit 1; }
        need_php
        exec timeout 60 php -d display_errors=0 -d error_reporting=0 -r '
            try { token_get_all(file_get_contents($argv[1]), TOKEN_PARSE); }
            catch (\Throwable $e) { exit(1); }
            exit(0);' "$2" >/dev/null 2>&1
        ;;
    *) echo "usage: $0 fetch DIR | check FILE" >&2; exit 2 ;;
esac
