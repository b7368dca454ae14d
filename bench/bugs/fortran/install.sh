#!/usr/bin/env bash
# install.sh: GNU Fortran 12.2 from Debian bookworm (gfortran-12 12.2.0-14+deb12u1; the
# `gfortran` package points to it). Idempotent.
set -euo pipefail
if command -v gfortran >/dev/null && gfortran -dumpversion | grep -q '^12\.'; then
  echo "$(gfortran --version | head -1) already installed"; exit 0
fi
apt-get -o DPkg::Lock::Timeout=900 update -qq
DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq gfortran-12
command -v gfortran >/dev/null || ln -s gfortran-12 /usr/bin/gfortran
gfortran --version | head -1
