#!/usr/bin/env bash
# Uploads a package to the Chrome Web Store and submits it for review (release.yml, only when
# the store's secrets exist). Chrome Web Store API v1.1: an OAuth access token from the refresh
# token, PUT the zip to items/ID, POST items/ID/publish.
#
#   CWS_CLIENT_ID=… CWS_CLIENT_SECRET=… CWS_REFRESH_TOKEN=… CWS_EXTENSION_ID=… \
#     scripts/release/chrome-web-store.sh prlens-X.Y.Z-chrome.zip
#
# Secrets never appear in an argument list or the log: curl reads them from stdin or a config
# on stdin, and the access token is masked (::add-mask::) before anything else is printed.
# Source: developer.chrome.com/docs/webstore/using-api (read 2026-12).
set -euo pipefail

zip=${1:?usage: chrome-web-store.sh PACKAGE.zip}
[ -f "$zip" ] || { echo "no package at $zip" >&2; exit 1; }
: "${CWS_CLIENT_ID:?}" "${CWS_CLIENT_SECRET:?}" "${CWS_REFRESH_TOKEN:?}" "${CWS_EXTENSION_ID:?}"
[[ $CWS_EXTENSION_ID =~ ^[a-p]{32}$ ]] || { echo "CWS_EXTENSION_ID is not an extension id" >&2; exit 1; }

token=$(
  printf 'client_id=%s&client_secret=%s&refresh_token=%s&grant_type=refresh_token' \
    "$CWS_CLIENT_ID" "$CWS_CLIENT_SECRET" "$CWS_REFRESH_TOKEN" |
    curl --fail --silent --show-error --proto '=https' --data @- https://oauth2.googleapis.com/token |
    sed -n 's/.*"access_token": *"\([^"]*\)".*/\1/p'
)
[ -n "$token" ] || { echo "no access token from oauth2.googleapis.com" >&2; exit 1; }
echo "::add-mask::$token"

auth() { printf 'header = "Authorization: Bearer %s"\nheader = "x-goog-api-version: 2"\n' "$token"; }
echo "uploading $zip"
auth | curl --fail --silent --show-error --proto '=https' --config - -X PUT -T "$zip" \
  "https://www.googleapis.com/upload/chromewebstore/v1.1/items/$CWS_EXTENSION_ID"
echo
echo "submitting for review"
auth | curl --fail --silent --show-error --proto '=https' --config - -X POST -H "Content-Length: 0" \
  "https://www.googleapis.com/chromewebstore/v1.1/items/$CWS_EXTENSION_ID/publish"
echo
