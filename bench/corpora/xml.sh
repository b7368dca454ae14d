#!/bin/bash
# XML corpus for grammars/xml.pest.
#
#   xml.sh fetch DIR   fill DIR with the XML files of ten pinned Debian (bookworm) packages
#   xml.sh check FILE  exit 0 iff `xmllint --noout --nonet` (libxml2) accepts FILE
#
# The files: DocBook XSL stylesheets (XSLT, XML, SVG), Wayland protocols, fontconfig
# configuration, GSettings schemas, DocBook XML catalogs, iso-codes tables, XKB rules,
# the shared-mime-info database, polkit actions; about 720 files, 17 MB. Files that are not
# UTF-8 are left out (the reducer reads text); files that xmllint rejects are kept (a few
# DocBook stylesheets use entities of an external subset, iso-codes ships an empty file):
# the test counts only the files `check` accepts.
#
# `check` judges well-formedness: xmllint does not load the external DTD (no --loaddtd), so
# validity is not checked, and an undeclared entity is an error only where XML makes it one
# (no external subset). Namespace errors are warnings for xmllint (exit status 0).
set -euo pipefail

PKGS=(
    docbook-xsl=1.79.2+dfsg-2
    wayland-protocols=1.31-1
    libwayland-dev=1.21.0-1
    fontconfig-config=2.14.1-4
    gsettings-desktop-schemas=43.0-1
    docbook-xml=4.5-12
    iso-codes=4.15.0-1
    xkb-data=2.35.1-1
    shared-mime-info=2.2-1
    polkitd=122-3
)

need_xmllint() {
    command -v xmllint >/dev/null && return 0
    apt-get -o DPkg::Lock::Timeout=900 install -y -qq libxml2-utils >/dev/null 2>&1 || {
        apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null 2>&1 || true
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq libxml2-utils >/dev/null
    }
}

# The files of one extracted package that the corpus keeps (regular files only: the packages
# also ship symbolic links to the same files).
select_files() {
    local root=$1 pkg=$2
    case $pkg in
        docbook-xsl) find "$root/usr/share/xml/docbook/stylesheet" -type f \( -name '*.xsl' -o -name '*.xml' -o -name '*.svg' \) ;;
        wayland-protocols) find "$root/usr/share/wayland-protocols" -type f -name '*.xml' ;;
        libwayland-dev) find "$root/usr/share/wayland" -type f -name '*.xml' ;;
        fontconfig-config) find "$root/usr/share/fontconfig" "$root/etc/fonts" -type f -name '*.conf' ;;
        gsettings-desktop-schemas) find "$root/usr/share/glib-2.0/schemas" -type f -name '*.xml' ;;
        docbook-xml) find "$root/usr/share/xml" -type f -name '*.xml' ;;
        iso-codes) find "$root/usr/share/xml/iso-codes" -type f -name '*.xml' ;;
        xkb-data) find "$root/usr/share/X11/xkb/rules" -type f -name '*.xml' ;;
        shared-mime-info) find "$root/usr/share/mime/packages" -type f -name '*.xml' ;;
        polkitd) find "$root/usr/share/polkit-1/actions" -type f -name '*.policy' ;;
    esac
}

fetch() {
    local dir=$1
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    local stamp="$dir/.xml-corpus" spec
    spec=$(printf '%s\n' "${PKGS[@]}")
    need_xmllint
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$spec" ]; then
        echo "xml corpus: $(find "$dir" -type f ! -name .xml-corpus | wc -l) files already in $dir"
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
    ) || { echo "xml.sh: cannot download ${PKGS[*]}" >&2; exit 1; }
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
        done < <(select_files "$work/x/$pkg" "$pkg" | LC_ALL=C sort)
    done
    if [ "$n" -lt 300 ]; then
        echo "xml.sh: only $n files fetched" >&2
        exit 1
    fi
    echo "$spec" > "$stamp"
    echo "xml corpus: $n files from ${#PKGS[@]} Debian packages into $dir ($skipped non-UTF-8 files skipped)"
}

case ${1:-} in
    fetch) [ $# -eq 2 ] || { echo "usage: $0 fetch DIR" >&2; exit 2; }; fetch "$2" ;;
    check)
        [ $# -eq 2 ] || { echo "usage: $0 check FILE" >&2; exit 2; }
        need_xmllint
        exec timeout 60 xmllint --noout --nonet "$2" >/dev/null 2>&1
        ;;
    *) echo "usage: $0 fetch DIR | check FILE" >&2; exit 2 ;;
esac
