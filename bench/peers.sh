#!/usr/bin/env bash
# Runs other test-case reducers (C-Reduce, C-Vise, picire, Picireny, treereduce) on the same
# benchmark inputs and oracles as `bench run`, and records per run: the tool's version, wall
# time, oracle calls (counted by a wrapper oracle that appends one line per call to a counter
# file), the final size (non-whitespace characters, bytes) and whether the result passes the
# oracle once more. Tools that are not installed are skipped with a message.
#
# Usage:
#   bench/peers.sh [--install] [--cases perses/clang-22382,jrts/3483] [--jobs 2]
#                  [--tools creduce,cvise,picire,picireny,treereduce] [--out docs/bench/peers]
#                  [--timeout-per-run SECS] [--bench-dir DIR]
#
#   --install   first install what this machine can: apt creduce cvise; pip picire picireny
#               (into the venv $PEERS_VENV, default /opt/peers-venv); cargo install
#               treereduce-c treereduce-javascript treereduce-rust treereduce-lua (into
#               $PEERS_CARGO_ROOT, default /opt/peers-cargo). Nothing is vendored into the
#               repository.
#
# The input's extension picks the language: .c is C; .js, .rs and .lua are run with
# C-Reduce's and C-Vise's --not-c and with treereduce-javascript, -rust or -lua; treereduce
# is skipped for other languages.
#
# Picireny needs an ANTLR v4 tool jar and a grammar for the input's language, which cannot be
# fetched from a package registry: it runs only when PICIRENY_ANTLR (the jar) and
# PICIRENY_GRAMMAR_C / PICIRENY_GRAMMAR_JS (the .g4 files, with PICIRENY_START_C /
# PICIRENY_START_JS as start rules) are set.
#
# Writes OUT/peers.jsonl (one line per run, appended), OUT/peers.json and OUT/peers.md (rewritten
# after every run; a later run of the same case, tool and -j replaces an earlier one); reduced
# outputs and the tools' logs stay in a scratch directory ($PEERS_WORK, default /tmp/peers-work).
set -u

cases="perses/timeout-gcc-71632,jrts/3483"
jobs=2
tools="creduce,cvise,picire,picireny,treereduce"
out="docs/bench/peers"
cap=0
install=0
here=$(cd "$(dirname "$0")" && pwd)
bench_dir="${BENCH_DIR:-$(cd "$here/../.." && pwd)/shared/bench}"
venv="${PEERS_VENV:-/opt/peers-venv}"
cargo_root="${PEERS_CARGO_ROOT:-/opt/peers-cargo}"
work="${PEERS_WORK:-/tmp/peers-work}"

while [ $# -gt 0 ]; do
  case "$1" in
    --cases) cases=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --tools) tools=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --timeout-per-run) cap=$2; shift 2 ;;
    --bench-dir) bench_dir=$2; shift 2 ;;
    --install) install=1; shift ;;
    -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "peers.sh: unknown option $1 (see --help)" >&2; exit 1 ;;
  esac
done

say() { printf 'peers: %s\n' "$*" >&2; }

if [ "$install" = 1 ]; then
  if command -v apt-get >/dev/null; then
    say "apt-get install creduce cvise"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q creduce cvise \
      || say "apt-get could not install creduce/cvise"
  fi
  if [ ! -x "$venv/bin/pip" ]; then python3 -m venv "$venv" || say "cannot create $venv"; fi
  "$venv/bin/pip" install -q picire picireny || say "pip could not install picire/picireny"
  for t in treereduce-c treereduce-javascript treereduce-rust treereduce-lua; do
    cargo install --locked --root "$cargo_root" "$t" || say "cargo could not install $t"
  done
fi

PATH="$PATH:$venv/bin:$cargo_root/bin"
mkdir -p "$out" "$work"
out=$(cd "$out" && pwd)
json="$out/peers.json"
md="$out/peers.md"
records="$out/peers.jsonl"   # one line per run; a later run of the same case, tool and -j wins
touch "$records"

loadavg() { cut -d' ' -f1-3 /proc/loadavg | tr ' ' ','; }
nws() { tr -d ' \t\n\r\f\v' < "$1" | wc -c | tr -d ' '; }
jstr() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$1"; }

# The version line of a tool, or empty if it is not installed.
version_of() {
  case "$1" in
    creduce) command -v creduce >/dev/null && creduce --version 2>&1 | head -1 ;;
    cvise) command -v cvise >/dev/null && cvise --version 2>&1 | head -1 ;;
    picire) command -v picire >/dev/null && picire --version 2>&1 | tail -1 ;;
    picireny)
      command -v picireny >/dev/null && [ -n "${PICIRENY_ANTLR:-}" ] \
        && picireny --version 2>&1 | tail -1 ;;
    treereduce-*) command -v "$1" >/dev/null && "$1" --version 2>&1 | head -1 ;;
  esac
}

write_reports() {
  python3 - "$records" "$json" "$md" <<'PY'
import json, sys, platform, subprocess
recs = {}
for l in open(sys.argv[1]):
    if l.strip():
        r = json.loads(l)
        recs.pop((r["case"], r["tool"], r["jobs"]), None)
        recs[(r["case"], r["tool"], r["jobs"])] = r
recs = list(recs.values())
def first(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0].strip()
    except Exception:
        return ""
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "")
mem = next((int(l.split()[1]) * 1024 for l in open("/proc/meminfo") if l.startswith("MemTotal")), 0)
os_name = next((l.split("=", 1)[1].strip().strip('"') for l in open("/etc/os-release") if l.startswith("PRETTY_NAME=")), "")
machine = {"cpu_model": cpu, "cores": len(__import__("os").sched_getaffinity(0)), "ram_bytes": mem,
           "os": os_name, "kernel": platform.release(), "gcc": first(["gcc", "--version"]),
           "node": first(["node", "--version"])}
json.dump({"machine": machine, "runs": recs}, open(sys.argv[2], "w"), indent=2)
with open(sys.argv[3], "w") as f:
    f.write("# Other reducers on the same inputs and oracles\n\n")
    f.write("Written by `bench/peers.sh`. Oracle calls are counted by a wrapper oracle (one line "
            "per call), so they include every call the tool made (its initial check too).\n\n")
    f.write(f"Machine: {cpu}, {machine['cores']} cores, {mem / 2**30:.1f} GiB, {os_name}, "
            f"{machine['gcc']}, node {machine['node']}.\n\n")
    f.write("| case | tool | version | -j | outcome | oracle calls | non-ws chars | bytes | wall s | verified | load | started (UTC) |\n")
    f.write("| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | --- | --- | --- |\n")
    for r in recs:
        f.write(f"| {r['case']} | {r['tool']} | {r['version']} | {r['jobs']} | {r['outcome']} | "
                f"{r['oracle_calls']} | {r['non_whitespace_chars']} | {r['bytes']} | "
                f"{r['wall_seconds']:.1f} | {r['verified']} | {r['load_start'][0]:.2f} → {r['load_end'][0]:.2f} | "
                f"{r['started_utc']} |\n")
    f.write("\nCommands:\n\n")
    for r in recs:
        f.write(f"- `{r['command']}`\n")
PY
}

# run_tool TOOL CASE: reduces one case with one tool and appends a record.
run_tool() {
  local tool=$1 case=$2 dir="$bench_dir/$2"
  local input ext
  input=$(ls "$dir"/input.* 2>/dev/null | head -1)
  [ -n "$input" ] || { say "$case: no input in $dir"; return; }
  ext=${input##*.}
  local bin=$tool lang=$ext
  if [ "$tool" = treereduce ]; then
    case "$ext" in
      c) bin=treereduce-c ;;
      js) bin=treereduce-javascript ;;
      rs) bin=treereduce-rust ;;
      lua) bin=treereduce-lua ;;
      *) say "skipping treereduce on $case: no treereduce for .$ext"; return ;;
    esac
  fi
  local version
  version=$(version_of "$bin")
  if [ -z "$version" ]; then
    if [ "$bin" = picireny ]; then
      say "skipping picireny on $case: set PICIRENY_ANTLR (ANTLR jar) and a grammar (see --help)"
    else
      say "skipping $bin on $case: not installed (bench/peers.sh --install)"
    fi
    return
  fi
  if [ "$bin" = picireny ]; then
    local g_var="PICIRENY_GRAMMAR_${lang^^}" s_var="PICIRENY_START_${lang^^}"
    if [ -z "${!g_var:-}" ] || [ -z "${!s_var:-}" ]; then
      say "skipping picireny on $case: set $g_var and $s_var"
      return
    fi
  fi

  local id="${case//\//_}-$bin-j$jobs"
  local run="$work/$id"
  rm -rf "$run"; mkdir -p "$run"
  cp "$input" "$run/input.$ext"
  local counter="$run/oracle-calls"
  : > "$counter"
  # The counting wrapper: one line per call, then the real oracle (with the candidate path
  # if one is given; C-Reduce and C-Vise give none and run in a directory holding input.EXT).
  cat > "$run/oracle.sh" <<EOF
#!/bin/sh
echo x >> '$counter'
exec '$dir/oracle.sh' "\$@"
EOF
  chmod +x "$run/oracle.sh"

  local result cmd
  case "$bin" in
    creduce)
      result="$run/input.$ext"
      cmd="creduce --n $jobs $( [ "$lang" != c ] && echo --not-c ) $run/oracle.sh input.$ext" ;;
    cvise)
      result="$run/input.$ext"
      cmd="cvise --n $jobs $( [ "$lang" != c ] && echo --not-c ) $run/oracle.sh input.$ext" ;;
    picire)
      result="$run/out/input.$ext"
      cmd="picire -i input.$ext --test ./oracle.sh --parallel -j $jobs --cache content --atom both -o out -q" ;;
    picireny)
      result="$run/out/input.$ext"
      local g_var="PICIRENY_GRAMMAR_${lang^^}" s_var="PICIRENY_START_${lang^^}"
      cmd="picireny -i input.$ext --test ./oracle.sh --parallel -j $jobs --cache content -o out -q --antlr ${PICIRENY_ANTLR} -g ${!g_var} -s ${!s_var}" ;;
    treereduce-*)
      result="$run/reduced.$ext"
      cmd="$bin --jobs $jobs --source input.$ext --output reduced.$ext -- ./oracle.sh @@.$ext" ;;
  esac

  say "$case: $bin -j $jobs ($version)"
  local load_start load_end started t0 t1 status outcome=ok
  load_start=$(loadavg)
  started=$(date -u +%FT%TZ)
  t0=$(date +%s.%N)
  if [ "$cap" != 0 ]; then
    (cd "$run" && timeout -s INT -k 60 "$cap" $cmd > "$run/log" 2>&1)
  else
    (cd "$run" && $cmd > "$run/log" 2>&1)
  fi
  status=$?
  t1=$(date +%s.%N)
  load_end=$(loadavg)
  [ "$status" = 124 ] && outcome=capped
  [ "$status" != 0 ] && [ "$outcome" != capped ] && outcome="error (exit $status)"
  local calls bytes chars verified=not-run
  calls=$(wc -l < "$counter" | tr -d ' ')
  if [ -f "$result" ]; then
    bytes=$(wc -c < "$result" | tr -d ' ')
    chars=$(nws "$result")
    cp "$result" "$work/$id.result.$ext"
    local vdir; vdir=$(mktemp -d)
    if (cd "$vdir" && "$dir/oracle.sh" "$result" >/dev/null 2>&1); then verified=pass; else verified=FAIL; fi
    rm -rf "$vdir"
  else
    bytes=0; chars=0; outcome="error (no result)"
  fi
  printf '{"case": %s, "tool": %s, "version": %s, "jobs": %s, "outcome": %s, "exit_code": %s, "oracle_calls": %s, "non_whitespace_chars": %s, "bytes": %s, "wall_seconds": %s, "verified": %s, "load_start": [%s], "load_end": [%s], "started_utc": %s, "command": %s, "result_file": %s}\n' \
    "$(jstr "$case")" "$(jstr "$bin")" "$(jstr "$version")" "$jobs" "$(jstr "$outcome")" "$status" \
    "$calls" "$chars" "$bytes" "$(awk "BEGIN { printf \"%.3f\", $t1 - $t0 }")" "$(jstr "$verified")" \
    "$load_start" "$load_end" "$(jstr "$started")" "$(jstr "(cd $run && $cmd)")" \
    "$(jstr "$work/$id.result.$ext")" >> "$records"
  say "$case: $bin: $outcome, $calls oracle calls, $chars non-ws chars, verified $verified"
  # An oracle that passes `-o /dev/null` to a compiler run as root can replace the device with
  # a regular file (rustc renames its output over the path): say so at once.
  [ -c /dev/null ] || say "WARNING: /dev/null is no longer a character device after $case" \
    "(an oracle wrote over it); restore it: rm /dev/null; mknod -m 666 /dev/null c 1 3"
  write_reports
}

IFS=, read -r -a case_list <<< "$cases"
IFS=, read -r -a tool_list <<< "$tools"
for c in "${case_list[@]}"; do
  for t in "${tool_list[@]}"; do
    run_tool "$t" "$c"
  done
done
write_reports
say "results in $json and $md"
