#!/usr/bin/env bash
# Instructions per item, counted by callgrind (repeatable, unlike times on a shared machine):
# a day-1 sync-once into a fresh store, then day 2 onto it, each under valgrind's callgrind.
# Prints, per day, the inclusive count of a few functions (summed over the threads that ran
# them) divided by the payload's items, and the whole process's.
#   Scripts/perf/callgrind.sh REV|BINARY [N] [OUT]
# N defaults to 100000; OUT (default /tmp/folio-callgrind-REV) keeps the callgrind files.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rev=${1:?usage: callgrind.sh REV|BINARY [N] [OUT]}; n=${2:-100000}
if [ -x "$rev" ]; then bin=$rev; else bin=$("$here/build.sh" "$rev"); fi
out=${3:-/tmp/folio-callgrind-$(basename "$rev")}
payloads=${FOLIO_PAYLOADS:-/tmp/folio-payloads}
[ -f "$payloads/day2_$n.json" ] || { mkdir -p "$payloads"; "$bin" payload --sizes "$n" --out "$payloads" >&2; }
mkdir -p "$out"; rm -rf "$out/store"
for day in 1 2; do
  valgrind --tool=callgrind --callgrind-out-file="$out/day$day.out" \
    "$bin" sync-once --store "$out/store" --payload "$payloads/day${day}_$n.json" \
    >"$out/day$day.txt" 2>"$out/day$day.log"
done
python3 - "$out" <<'PY'
import re, subprocess, sys
out = sys.argv[1]
phases = [
    ("planner (SyncPlanner.plan)", r"SyncPlanner\.plan<"),
    ("  upsert", r"SyncPlanner\.upsert\(_:_:at:level:\)$"),
    ("  upsert of a row read from the payload", r"SyncPlanner\.upsertRow\(_:_:_:at:level:\)$"),
    ("  delete-missing", r"SyncPlanner\.deleteMissing\(_:scope:maximumShare:\)$"),
    ("  the report, its calling thread (SyncPlanner.finish)", r"SyncPlanner\.finish\(entity:(parts:)?\)$"),
    ("the report's passes, on every core (OutcomeBuilder)", r"OutcomeBuilder\.(tally|build)\("),
    ("parsing thread (ChunkParser.produce)", r"ChunkParser\.produce\(first:\)$"),
    ("open, its file loads on every core (closure in StoreLoader.load)", r"closure #\d+ in StoreLoader\.load\(\)$"),
    ("commit, its calling thread (Store.commit)", r"Store\.commit\(_:backend:\)$"),
    ("writer, on every core (JSONWriter.prettyBytes(ofObjects:))", r"JSONWriter\.prettyBytes\(ofObjects:\)$"),
    # Before the writer on rows: decoding a chunk's records for it, then ordering and writing them.
    ("  records decoded for it (DirectoryBacking.storedRecords)", r"DirectoryBacking\.storedRecords\(_:of:index:\)$"),
    ("  ordered and written (ShardFile.bytes(_:))", r"ShardFile\.bytes\(_:\)$"),
    # The writer on rows (Design/0005 step 3): the whole of it.
    ("writer on rows, on every core (ShardFile.bytes(_:skipping:))", r"ShardFile\.bytes\(_:skipping:\)$"),
]
for day in (1, 2):
    report = open(f"{out}/day{day}.txt").read()
    summary = re.search(r"\(([^)]*)\)", report).group(1)
    counts = {k: int(v) for v, k in re.findall(r"(\d+) (\w+)", summary)}
    items = sum(v for k, v in counts.items() if k != "deleted")
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100",
                           f"{out}/day{day}.out"], capture_output=True, text=True).stdout
    text = subprocess.run(["swift", "demangle", "--simplified"], input=text,
                          capture_output=True, text=True).stdout
    total, rows = None, {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) (?:\([^)]*\))?\s*(.*)", line)
        if not m: continue
        count, name = int(m.group(1).replace(",", "")), m.group(2)
        if "PROGRAM TOTALS" in name:
            total = count
            continue
        symbol = re.sub(r"\s*\[[^\]]*\]$", "", name.split(":", 1)[1] if "???:" in name or re.match(r"^\S+\.swift:", name) else name).strip()
        for label, pattern in phases:
            # A function (not the closures inside it) can be listed once per source file its
            # inlined code came from: its own entry is the largest. A label that matches several
            # functions sums them.
            if re.match(r"(?:specialized |static )*" + pattern, symbol):
                per = rows.setdefault(label, {})
                per[symbol] = max(per.get(symbol, 0), count)
    print(f"day {day} ({summary}; {items} items), instructions an item:")
    print(f"  whole process: {total / items:,.0f}")
    for label, _ in phases:
        if label in rows:
            print(f"  {label}: {sum(rows[label].values()) / items:,.0f}")
PY
