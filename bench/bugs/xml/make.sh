#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.xsd, the padded lxml 4.9.3 crash input: the W3C
# XML-Signature schema as PyPI xmlschema 3.4.3 ships it (xmlschema/schemas/DSIG/
# xmldsig-core-schema.xsd) with trigger.xsd's two complex types spliced in: CounterType
# (trigger.xsd lines 5-10) after its line 69, SignatureCounter and SignatureCounterType
# (lines 11-21) after its line 286. The schema and the result are checked by sha256.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
PYPKG=xmlschema==3.4.3
XSD_SHA256=32147d410f9649b7f0f0a812e117a329cbeda815aba0c421addc46a5048a3e19
BUG_SHA256=778bd881491849875264ad3abab894c37dda89e111882d068ea487ae473c1837

command -v python3 >/dev/null || { echo "make.sh: python3 (with pip) is required" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! python3 -m pip download --quiet --no-deps --only-binary :all: -d "$tmp/whl" "$PYPKG" 2>"$tmp/err"; then
  echo "make.sh: cannot download $PYPKG from PyPI (offline?):" >&2; tail -5 "$tmp/err" >&2; exit 3
fi
python3 -m zipfile -e "$tmp"/whl/xmlschema-3.4.3-py3-none-any.whl "$tmp/x"
xsd=$tmp/x/xmlschema/schemas/DSIG/xmldsig-core-schema.xsd
echo "$XSD_SHA256  $xsd" | sha256sum -c --quiet - \
  || { echo "make.sh: xmldsig-core-schema.xsd of $PYPKG does not have the expected sha256" >&2; exit 4; }
{
  head -n 69 "$xsd"
  sed -n 5,10p "$here/trigger.xsd"
  sed -n 70,286p "$xsd"
  sed -n 11,21p "$here/trigger.xsd"
  tail -n +287 "$xsd"
} > "$tmp/bug.xsd"
echo "$BUG_SHA256  $tmp/bug.xsd" | sha256sum -c --quiet - \
  || echo "make.sh: warning: bug.xsd differs from the recorded one (trigger.xsd edited?)" >&2
mv "$tmp/bug.xsd" "$out/bug.xsd"
echo "$out/bug.xsd ($(wc -c < "$out/bug.xsd") bytes)"
