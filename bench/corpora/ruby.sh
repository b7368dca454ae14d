#!/usr/bin/env bash
# Corpus for the Ruby grammar (grammars/ruby.pest).
#
#   ruby.sh fetch DIR   fills DIR with the .rb files of pinned Debian bookworm packages of
#     Ruby gems (rack, i18n, concurrent-ruby, json, rspec-core/-expectations/-mocks/-support,
#     nokogiri, rake, activesupport), extracted with `apt-get download` + `dpkg -x`; each
#     file is named after its package and path. Ruby's own standard library
#     (libruby3.1) is left out on purpose: it is the held-out set.
#   ruby.sh check FILE  exits 0 iff `ruby -c` (MRI 3.1, parse only: "Syntax OK") accepts
#     FILE. It cannot tell apart the few errors MRI's parser reports that are not
#     context-free syntax: dynamic constant assignment (`def f; X = 1; end`), duplicated
#     argument names, invalid regexps (`/a)/`), anonymous block/rest parameters that do not
#     exist; `retry`, `redo`, `break` and `yield` out of place are accepted by `ruby -c`.
set -euo pipefail

PACKAGES=(
    ruby-rack=2.2.22-0+deb12u2
    ruby-i18n=1.10.0-2
    ruby-concurrent=1.1.6+dfsg-5
    ruby-json=2.6.3+dfsg-1
    ruby-rspec-core=3.12.0c0e1m1s0-1
    ruby-rspec-expectations=3.12.0c0e1m1s0-1
    ruby-rspec-mocks=3.12.0c0e1m1s0-1
    ruby-rspec-support=3.12.0c0e1m1s0-1
    ruby-nokogiri=1.13.10+dfsg-2+b1
    rake=13.0.6-3
    ruby-activesupport=2:6.1.7.10+dfsg-1~deb12u4
)

need_tools() {
    if ! command -v ruby >/dev/null; then
        apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null || true
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq ruby >/dev/null
    fi
}

fetch() {
    local dir=$1
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [[ -f $dir/.complete ]]; then
        echo "ruby corpus: $(find "$dir" -maxdepth 1 -name '*.rb' | wc -l) files already in $dir"
        return 0
    fi
    need_tools
    local work=$dir/.work
    rm -rf "$work"
    mkdir -p "$work/deb" "$work/x"
    (cd "$work/deb" && apt-get download -qq "${PACKAGES[@]}" >/dev/null 2>&1) || {
        apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null || true
        (cd "$work/deb" && apt-get download -qq "${PACKAGES[@]}" >/dev/null) ||
            { echo "ruby.sh: apt-get download ${PACKAGES[*]} failed" >&2; exit 1; }
    }
    local deb
    for deb in "$work"/deb/*.deb; do
        local name
        name=$(basename "$deb"); name=${name%%_*}
        dpkg -x "$deb" "$work/x/$name"
        (cd "$work/x/$name" && find . -name '*.rb' -type f | sort) | while read -r f; do
            local rel=${f#./}
            rel=${rel#usr/share/rubygems-integration/all/gems/}
            rel=${rel#usr/lib/ruby/vendor_ruby/}
            rel=${rel#usr/lib/x86_64-linux-gnu/rubygems-integration/*/gems/}
            cp "$work/x/$name/$f" "$dir/${name}__${rel//\//__}"
        done
    done
    rm -rf "$work"
    touch "$dir/.complete"
    echo "ruby corpus: $(find "$dir" -maxdepth 1 -name '*.rb' | wc -l) .rb files of ${PACKAGES[*]} in $dir"
}

check() {
    # `ruby -c` parses and compiles nothing; it prints "Syntax OK" on success.
    local out
    out=$(timeout 60 ruby -c "$1" 2>/dev/null) || return 1
    [[ $out == "Syntax OK" ]]
}

case ${1:-} in
    fetch) [[ $# -eq 2 ]] || { echo "usage: $0 fetch DIR" >&2; exit 2; }; fetch "$2" ;;
    check) [[ $# -eq 2 ]] || { echo "usage: $0 check FILE" >&2; exit 2; }; check "$2" ;;
    *) echo "usage: $0 fetch DIR | check FILE" >&2; exit 2 ;;
esac
