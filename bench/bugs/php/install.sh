#!/usr/bin/env bash
# install.sh: PHP 8.2's command-line interpreter from Debian bookworm (php8.2-cli, tested
# with 8.2.36-1~deb12u1). Idempotent. Any 8.2.x crashes; 8.3 and later do not.
set -euo pipefail
if command -v php >/dev/null && php -r 'exit(PHP_MAJOR_VERSION == 8 && PHP_MINOR_VERSION == 2 ? 0 : 1);'; then
  echo "$(php -r 'echo "PHP ", PHP_VERSION;') already installed"; exit 0
fi
apt-get -o DPkg::Lock::Timeout=900 update -qq
DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq php8.2-cli
php -r 'echo "PHP ", PHP_VERSION, " installed\n";'
