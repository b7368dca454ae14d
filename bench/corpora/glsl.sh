#!/bin/bash
# GLSL corpus and checker for the glsl grammar.
#   glsl.sh fetch DIR   fill DIR with real shaders: Debian's glmark2-data, kodi-data,
#                       minetest-data and openmw-data (all their shader files) and the npm
#                       package lygia 1.4.1 (all its .glsl files, kept in their directories
#                       so that `#include "../math/…"` resolves); installs glslang-tools.
#   glsl.sh check FILE  exit 0 iff glslangValidator (Debian glslang-tools 12) reports no
#                       syntax error in FILE (see check below for what it cannot tell apart).
set -u

DEBS="glmark2-data=2023.01+dfsg-1 kodi-data=2:20.1+dfsg-1 minetest-data=5.6.1+dfsg+~1.9.0mt8+dfsg-2 openmw-data=0.47.0-3"
LYGIA=lygia@1.4.1
SHADER_RE='.*\.\(glsl\|vert\|frag\|geom\|comp\|tesc\|tese\)'

install_checker() {
    command -v glslangValidator >/dev/null 2>&1 && return 0
    apt-get -o DPkg::Lock::Timeout=900 install -y -qq glslang-tools >/dev/null 2>&1 || {
        apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null 2>&1
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq glslang-tools >/dev/null 2>&1
    } || { echo "glsl.sh: cannot install glslang-tools" >&2; return 1; }
}

fetch() {
    local dir=$1
    mkdir -p "$dir" || exit 1
    dir=$(cd "$dir" && pwd)
    install_checker || exit 1
    work=""
    work=$(mktemp -d) || exit 1
    trap 'rm -rf "$work"' EXIT
    if [ ! -f "$dir/.debian-done" ]; then
        for pv in $DEBS; do
            local p=${pv%%=*}
            (cd "$work" && apt-get download "$pv" >/dev/null 2>&1) || {
                apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null 2>&1
                (cd "$work" && apt-get download "$pv" >/dev/null 2>&1)
            } || {
                # a point release replaced the pinned version: take the current one
                echo "glsl.sh: $pv is gone, using the current $p" >&2
                (cd "$work" && apt-get download "$p" >/dev/null 2>&1)
            } || { echo "glsl.sh: cannot download $p" >&2; exit 1; }
            mkdir -p "$work/x-$p" "$dir/debian/$p"
            dpkg -x "$work/${p}_"*.deb "$work/x-$p" || exit 1
            (cd "$work/x-$p" && find . -type f -regex "$SHADER_RE" -print0 | tar --null -T - -cf - | tar -xf - -C "$dir/debian/$p") || exit 1
        done
        touch "$dir/.debian-done"
    fi
    if [ ! -f "$dir/.lygia-done" ]; then
        command -v npm >/dev/null 2>&1 || apt-get -o DPkg::Lock::Timeout=900 install -y -qq npm >/dev/null 2>&1 \
            || { echo "glsl.sh: cannot install npm" >&2; exit 1; }
        (cd "$work" && npm pack --silent "$LYGIA" >/dev/null 2>&1) || { echo "glsl.sh: cannot fetch $LYGIA from npm" >&2; exit 1; }
        mkdir -p "$work/lygia" "$dir/npm/lygia"
        tar xzf "$work"/lygia-*.tgz -C "$work/lygia" || exit 1
        (cd "$work/lygia/package" && find . -type f -name '*.glsl' -print0 | tar --null -T - -cf - | tar -xf - -C "$dir/npm/lygia") || exit 1
        touch "$dir/.lygia-done"
    fi
    local n
    n=$(find "$dir" -type f -regex "$SHADER_RE" | wc -l)
    [ "$n" -ge 300 ] || { echo "glsl.sh: only $n shader files in $dir" >&2; exit 1; }
    echo "glsl corpus: $n shader files in $dir (Debian glmark2-data, kodi-data, minetest-data, openmw-data; npm $LYGIA)"
}

# The stage comes from the extension, else from the name (`*vert*`, `*VS.glsl`, …), else frag.
stage() {
    case "$1" in
        *.vert) echo vert ;; *.frag) echo frag ;; *.geom) echo geom ;;
        *.comp) echo comp ;; *.tesc) echo tesc ;; *.tese) echo tese ;;
        *) case "$(basename "$1")" in
               *vert*|*_vs.*|*.vs.*|*VS.glsl) echo vert ;; *geom*) echo geom ;;
               *comp*) echo comp ;; *tesc*) echo tesc ;; *tese*) echo tese ;; *) echo frag ;;
           esac ;;
    esac
}

# glslangValidator judges semantics too and has no parse-only mode. So: run it with -C
# (cascading errors: without it, glslang stops at the first error, which hides later syntax
# errors behind a semantic one) and reject only on messages that are syntax: bison's
# "syntax error", the preprocessor's structural errors, lexical errors, and a crash or
# timeout (glslang 12 segfaults on some valid syntax, e.g. `atomicAdd(a * 2u, 1u)`: such a
# file counts as rejected). `#include` is enabled (GL_GOOGLE_include_directive, inserted
# after `#version`), resolved from the file's directory. A file is accepted if one of these
# finds no such error: as written; with -V (Vulkan GLSL: `texture2D`, `sampler` and
# `subpassInput` are types there); without a `#version`, with --glsl-version 460.
# Cannot tell apart: a name used as a type that glslang does not know as one (`Foo x;` with
# `Foo` undeclared, or declared in a file that is not included) is a syntax error for glslang;
# keywords of another version than the file's; a semantic error inside a directive; and
# glslang never sees the code of an `#if` branch that the preprocessor drops.
SYNTAX_RE="syntax error|compilation terminated|bad expression|unexpected tokens following directive|missing #endif|#else after|#elif after|mismatched|unexpected end of file|End of input in comment|unexpected token|invalid directive|crash/timeout|Could not process include"

check() {
    local f=$1
    [ -f "$f" ] || { echo "glsl.sh: no file $f" >&2; exit 2; }
    local s t
    s=$(stage "$f")
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"' EXIT
    t=$tmp/input.$s
    if grep -q '^[[:space:]]*#[[:space:]]*include' "$f"; then
        if grep -q '^[[:space:]]*#[[:space:]]*version' "$f"; then
            awk '{print} !d && /^[ \t]*#[ \t]*version/ {print "#extension GL_GOOGLE_include_directive : enable"; d=1}' "$f" > "$t"
        else
            { echo "#extension GL_GOOGLE_include_directive : enable"; cat "$f"; } > "$t"
        fi
    else
        cp "$f" "$t"
    fi
    run() {
        { timeout 20 glslangValidator -C -S "$s" -I"$(dirname "$f")" "$@" "$t" > "$tmp/out" 2>&1; } 2>/dev/null
        local rc=$?
        [ $rc -ge 124 ] && echo "crash/timeout rc=$rc" >> "$tmp/out"
        ! grep -q -E "$SYNTAX_RE" "$tmp/out"
    }
    run && exit 0
    run -V && exit 0
    if ! grep -q '^[[:space:]]*#[[:space:]]*version' "$f"; then
        run --glsl-version 460 && exit 0
    fi
    exit 1
}

case "${1:-}" in
    fetch) [ $# -eq 2 ] || { echo "usage: $0 fetch DIR" >&2; exit 2; }; fetch "$2" ;;
    check) [ $# -eq 2 ] || { echo "usage: $0 check FILE" >&2; exit 2; }; check "$2" ;;
    *) echo "usage: $0 fetch DIR | check FILE" >&2; exit 2 ;;
esac
