#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (Playwright cannot download browsers here): the
# browser (Lighthouse, screenshots) and its headless shell, which the browser tests prefer (decision 0065).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null
fi
/usr/bin/chromium --version
/usr/bin/chromium-headless-shell --version
