#!/usr/bin/env bash
# Builds folio-bench (release) for a git revision of this repository, once, and prints the
# binary's path. Each revision gets a worktree and a build folder of its own under
# ${FOLIO_PERF_DIR:-/tmp/folio-perf}, so two revisions can be measured side by side.
#   Scripts/perf/build.sh REV          (REV: a commit, branch or tag; "WORKTREE" builds the
#                                       checkout as it is, uncommitted changes included)
set -euo pipefail
rev=${1:?usage: build.sh REV}
repo=$(cd "$(dirname "$0")/../.." && pwd)
dir=${FOLIO_PERF_DIR:-/tmp/folio-perf}
mkdir -p "$dir"
if [ "$rev" = WORKTREE ]; then
  swift build -c release --package-path "$repo" --scratch-path "$dir/build-worktree" \
    --product folio-bench >&2
  echo "$dir/build-worktree/release/folio-bench"
  exit 0
fi
sha=$(git -C "$repo" rev-parse --short=7 "$rev^{commit}")
bin="$dir/build-$sha/release/folio-bench"
if [ ! -x "$bin" ]; then
  src="$dir/src-$sha"
  [ -d "$src" ] || git -C "$repo" worktree add --detach "$src" "$sha" >&2
  swift build -c release --package-path "$src" --scratch-path "$dir/build-$sha" \
    --product folio-bench >&2
fi
echo "$bin"
