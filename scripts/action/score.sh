#!/usr/bin/env bash
# Step 2 of the prlens GitHub Action (action.yml): score the pull request with the binary step 1
# installed. prlens itself writes the job summary ($GITHUB_STEP_SUMMARY) and, in Actions, one
# `::warning file=…,line=…::` annotation per high or critical finding; this step writes the
# SARIF file and the outputs, and fails the job when --fail-on is reached (after writing all).
#
# Inputs (environment, mapped by action.yml): PRLENS_REPOSITORY (OWNER/REPO), PRLENS_PULL (the
# number), PRLENS_FAIL_ON (empty, low, medium, high or critical), PRLENS_SARIF (the file to
# write), PRLENS_API_URL (empty: api.github.com), PRLENS_CA_CERT (empty or a PEM file),
# GITHUB_TOKEN (read-only is enough). Every value is checked before use and passed to prlens as
# one argument; none is ever evaluated.
set -euo pipefail

fail() {
  printf '::error title=prlens::%s\n' "$*"
  exit 1
}

repository=${PRLENS_REPOSITORY:-}
pull=${PRLENS_PULL:-}
fail_on=${PRLENS_FAIL_ON:-}
sarif=${PRLENS_SARIF:-prlens.sarif}
[[ $repository =~ ^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+$ ]] || fail "not a repository: '$repository'"
[[ $pull =~ ^[1-9][0-9]{0,9}$ ]] || fail "no pull request number: the Action scores the pull request of a pull_request event (or set the pull-request input)"
case "$fail_on" in "" | low | medium | high | critical) ;; *) fail "fail-on must be low, medium, high or critical, not '$fail_on'" ;; esac

args=(analyze "$repository#$pull" --format sarif)
[ -n "${PRLENS_API_URL:-}" ] && args+=(--api-url "$PRLENS_API_URL")
[ -n "${PRLENS_CA_CERT:-}" ] && args+=(--ca-cert "$PRLENS_CA_CERT")
[ -n "$fail_on" ] && args+=(--fail-on "$fail_on")

mkdir -p "$(dirname "$sarif")"
status=0
prlens "${args[@]}" >"$sarif" || status=$?
if [ "$status" != 0 ] && [ "$status" != 3 ]; then
  rm -f "$sarif"
  fail "prlens could not score $repository#$pull (exit $status; its message is above)"
fi

# The verdict, from the run's properties (prlens writes one key per line).
risk=$(sed -n 's/^ *"risk": "\([a-z]*\)",\{0,1\}$/\1/p' "$sarif" | head -1)
score=$(sed -n 's/^ *"score": \([0-9.]*\),\{0,1\}$/\1/p' "$sarif" | head -1)
{
  echo "risk=$risk"
  echo "score=$score"
  echo "sarif-file=$sarif"
} >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
echo "prlens: $repository#$pull is $risk risk (score $score); SARIF written to $sarif"
if [ "$status" = 3 ]; then
  printf '::error title=prlens::risk is %s, at or above fail-on %s\n' "$risk" "$fail_on"
  exit 3
fi
