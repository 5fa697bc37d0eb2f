#!/bin/sh
# Installs the system Chromium and its driver that the browser tests (tests/web/) drive
# through Playwright. Idempotent: does nothing when both are already there. Never downloads
# a browser build of its own (`playwright install` is not used): Debian's packages only.
set -eu

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core
else
    echo "The browser tests need Debian's chromium and chromium-driver. Install them with:" >&2
    echo "    sudo apt-get install chromium chromium-driver fonts-dejavu-core" >&2
    echo "(the tests in tests/web/ are skipped until /usr/bin/chromium exists)" >&2
fi
