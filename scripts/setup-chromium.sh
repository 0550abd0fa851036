#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (Playwright cannot download browsers here).
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null
fi
/usr/bin/chromium --version
