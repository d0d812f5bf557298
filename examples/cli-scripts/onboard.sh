#!/usr/bin/env bash
# Grants a new hire view and create rights on their team's channels, plus the global calendar view.
# Usage: onboard.sh EMAIL CHANNEL [CHANNEL…]     (run `cadence login` first, or set CADENCE_TOKEN)
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 EMAIL CHANNEL [CHANNEL…]" >&2
  exit 2
fi
email=$1
shift
channels=()
for channel in "$@"; do channels+=(--channel "$channel"); done

cadence permissions grant "$email" global_view
cadence permissions grant "$email" channel_view "${channels[@]}"
cadence permissions grant "$email" channel_create "${channels[@]}"
cadence permissions show "$email"
