#!/usr/bin/env bash
# Times `folio check` on a store of RECORDS employees of which PROBLEMS link to a department
# removed by hand: PROBLEMS dangling links (issue 31, defect 9). Usage:
#   Scripts/perf/check-problems.sh [FOLIO] [RECORDS] [PROBLEMS...]
# FOLIO defaults to .build/release/folio. Prints "records problems seconds lines" per run.
set -euo pipefail
folio=$(realpath "${1:-.build/release/folio}")
records=${2:-2000}
shift 2 || true
counts=("${@:-0 1500 3000 6000}")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for problems in ${counts[@]}; do
  store="$work/s$problems.folio"
  "$folio" init --store "$store" --schema "$root/Fixtures/company/schema.json" >/dev/null
  echo '[{"id": 1, "name": "Gone"}, {"id": 2, "name": "Kept"}]' \
    | "$folio" sync --store "$store" --entity Department - >/dev/null
  python3 - "$records" "$problems" >"$work/employees.json" <<'PY'
import json, sys
records, problems = int(sys.argv[1]), int(sys.argv[2])
print(json.dumps([{"id": i, "user": {"name": f"E{i}", "email": f"e{i}@x.invalid"}, "active": True,
  "salary": 1.0, "hired_at": "2020-01-01T00:00:00Z", "department_id": 1 if i <= problems else 2}
  for i in range(1, records + 1)]))
PY
  "$folio" sync --store "$store" --entity Employee "$work/employees.json" >/dev/null
  for file in "$store"/Department/*.json; do
    python3 - "$file" <<'PY'
import json, sys
path = sys.argv[1]
records = [r for r in json.load(open(path)) if r.get("id") != 1]
open(path, "w").write(json.dumps(records, indent=2, sort_keys=True) + "\n")
PY
  done
  start=$(date +%s.%N)
  lines=$("$folio" check --store "$store" | wc -l || true)
  end=$(date +%s.%N)
  echo "$records $problems $(echo "$end - $start" | bc) $lines"
done
