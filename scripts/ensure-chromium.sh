#!/usr/bin/env bash
# The browser journeys run in Debian's Chromium (/usr/bin/chromium). Installs it when missing.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Debian's chromium at /usr/bin/chromium: run 'sudo apt-get install chromium' (or SKIP_E2E=1 npm test)." >&2
exit 1
