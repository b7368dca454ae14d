#!/usr/bin/env bash
# install.sh: RuboCop 1.39.0 from Debian bookworm (rubocop 1.39.0+dfsg-1: Parser 3.1.3.0,
# rubocop-ast 1.24.0, MRI 3.1). Idempotent.
set -euo pipefail
VERSION=1.39.0+dfsg-1
if [ "$(dpkg-query -W -f='${Version}' rubocop 2>/dev/null)" = "$VERSION" ]; then
  echo "rubocop $VERSION already installed"; exit 0
fi
apt-get -o DPkg::Lock::Timeout=900 update -qq
DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq "rubocop=$VERSION"
rubocop -V
