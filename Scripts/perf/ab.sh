#!/usr/bin/env bash
# Side by side: two builds' whole sync-once processes alternate on the same payloads, day 1
# into a fresh store then day 2 onto it, REPS times (the order of the two swaps each round, so
# neither always runs on a warmer machine). Prints each run, then the medians of wall time and
# peak RSS per build and day, and B/A.
#   Scripts/perf/ab.sh A B REPS N [WORK]
# A, B: revisions (see build.sh) or paths to folio-bench binaries. N: the payload size.
# WORK (default /dev/shm/folio-ab: tmpfs, so the disk's fsyncs do not add their noise) holds the
# stores; payloads are made once in ${FOLIO_PAYLOADS:-/tmp/folio-payloads} by folio-bench payload.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
a=${1:?usage: ab.sh A B REPS N [WORK]}; b=${2:?}; reps=${3:?}; n=${4:?}
work=${5:-/dev/shm/folio-ab}
binary() { if [ -x "$1" ]; then echo "$1"; else "$here/build.sh" "$1"; fi; }
bin_a=$(binary "$a"); bin_b=$(binary "$b")
payloads=${FOLIO_PAYLOADS:-/tmp/folio-payloads}
if [ ! -f "$payloads/day2_$n.json" ]; then
  mkdir -p "$payloads"
  "$bin_a" payload --sizes "$n" --out "$payloads" >&2
fi
mkdir -p "$work"
results=$(mktemp)
run() {  # run LABEL BIN DAY STORE
  local out
  out=$( { /usr/bin/time -f "%e %M" "$2" sync-once --store "$4" --payload "$payloads/day$3_$n.json" \
    >/dev/null; } 2>&1 | tail -1)
  echo "$1 day$3 $out" | tee -a "$results"
}
for r in $(seq 1 "$reps"); do
  if [ $((r % 2)) -eq 1 ]; then order="A B"; else order="B A"; fi
  for label in $order; do
    if [ "$label" = A ]; then bin=$bin_a; else bin=$bin_b; fi
    rm -rf "$work/store-$label"
    run "$label" "$bin" 1 "$work/store-$label"
    run "$label" "$bin" 2 "$work/store-$label"
  done
done
rm -rf "$work/store-A" "$work/store-B"
python3 - "$results" "$a" "$b" "$n" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
def median(label, day, column):
    return statistics.median(float(r[column]) for r in rows if r[0] == label and r[1] == day)
print(f"N={sys.argv[4]}  A={sys.argv[2]}  B={sys.argv[3]}  runs={len(rows)//4} each")
for day in ("day1", "day2"):
    ta, tb = median("A", day, 2), median("B", day, 2)
    ma, mb = median("A", day, 3) / 1024, median("B", day, 3) / 1024
    print(f"{day}: {ta:.3f} s -> {tb:.3f} s (B/A {tb/ta:.3f}); peak {ma:.1f} -> {mb:.1f} MiB")
PY
rm -f "$results"
