#!/usr/bin/env bash
# A real Slurm cluster of one node on this machine, from Debian's packages
# (slurmctld, slurmd, munge; no containers), and sharded sweeps run on it as
# array jobs with `--shard auto`:
#
#   --array=1-4        a plain array
#   --array=1-7:2      a stepped array (tasks 1, 3, 5, 7)
#   --array=0-9:3%1    a stepped array throttled to one task at a time (the node has 2 CPUs, so the throttle shows)
#
# For each, the parts are merged with `faultsim merge` and the table is
# compared byte for byte with the same sweep run in one process. The daemons
# run from a temporary directory and are stopped on exit.
#
# Usage: bash scripts/cluster/slurm-single-node.sh <faultsim binary>
# Exits 0 when every table matches; 1 when one does not or Slurm fails;
# 2 (with a message) when Slurm's packages cannot be installed here.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "${1:?usage: slurm-single-node.sh <faultsim binary>}")
SECONDS=0

need=()
for program in slurmctld slurmd munged sbatch; do
  command -v "$program" >/dev/null 2>&1 || need+=("$program")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get install -y -qq slurm-wlm munge >/dev/null 2>&1 ||
      (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq slurm-wlm munge >/dev/null 2>&1)) || true
  fi
  for program in slurmctld slurmd munged sbatch; do
    if ! command -v "$program" >/dev/null 2>&1; then
      echo "SKIP: $program is not installed and Debian's slurm-wlm/munge packages could not be installed here"
      exit 2
    fi
  done
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "SKIP: starting slurmctld, slurmd and munged needs root (this machine's CI runs as root)"
  exit 2
fi

work=$(mktemp -d /tmp/faultsim-slurm.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# munge: a key of our own, a socket of our own.
# munged runs as root here, so root owns its key and directory.
mkdir -p "$work/munge" "$work/spool" "$work/state" "$work/log"
chmod 700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
munged --force --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/seed"
pids+=("$(cat "$work/munge/munged.pid")")

node=$(hostname -s)
cpus=$(nproc)
cat >"$work/slurm.conf" <<CONF
ClusterName=faultsim-ci
SlurmctldHost=$node
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$node CPUs=$cpus State=UNKNOWN
PartitionName=ci Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
# No cgroups: processes are tracked by their parent (proctrack/linuxproc)
# and tasks are not confined (task/none), so slurmd needs no cgroup
# hierarchy of its own. Slurm 22.05 still loads a cgroup plugin at start;
# cgroup/v1 is the one this machine's mounts offer.
cat >"$work/cgroup.conf" <<CONF
CgroupPlugin=cgroup/v1
CgroupMountpoint=/sys/fs/cgroup
CONF
export SLURM_CONF="$work/slurm.conf"

slurmctld -D -i >"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D >"$work/log/slurmd.out" 2>&1 &
pids+=($!)

show_logs() {
  for log in "$work"/log/*; do echo "--- $log"; tail -20 "$log"; done
}
state=""
for _ in $(seq 1 60); do
  state=$(sinfo -h -n "$node" -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 1
done
if [ "$state" != idle ]; then
  echo "FAIL: the Slurm node did not come up (state '$state')"
  show_logs
  exit 1
fi
echo "Slurm $(sinfo --version | awk '{print $2}'): node $node idle with $cpus CPUs after ${SECONDS}s"

scenario=$(realpath scenarios/checkout-reference.json)
sweep=(sweep "$scenario" --seeds '0..<24' --set workload.operations=2000 --vary 'network.responseLoss=0.05,0.2'
  --jobs 1 --quiet)
"$bin" "${sweep[@]}" --out "$work/single.csv"

status=0
for array in 1-4 1-7:2 0-9:3%1; do
  parts="$work/parts-${array//[:%]/_}"
  mkdir -p "$parts"
  # The task script: what a user submits with `sbatch --array=...`.
  cat >"$parts/sweep.sh" <<JOB
#!/bin/bash
#SBATCH --output=$parts/task-%a.log
echo "start \$(date +%s%N)" >"$parts/times-\${SLURM_ARRAY_TASK_ID}"
'$bin' $(printf "'%s' " "${sweep[@]}") --shard auto --out "$parts/part-\${SLURM_ARRAY_TASK_ID}.csv"
echo "end \$(date +%s%N)" >>"$parts/times-\${SLURM_ARRAY_TASK_ID}"
JOB
  job_start=$SECONDS
  if ! sbatch --wait --array="$array" --chdir="$parts" "$parts/sweep.sh" >"$parts/sbatch.out" 2>&1; then
    echo "FAIL: --array=$array: a task failed"
    cat "$parts/sbatch.out" "$parts"/task-*.log
    status=1
    continue
  fi
  tasks=$(cd "$parts" && ls part-*.csv | sed 's/part-\(.*\)\.csv/\1/' | sort -n | paste -sd, -)
  # The most tasks that ran at once, from their start and end instants.
  overlap=$(cat "$parts"/times-* | sort -k2,2n -k1,1r | awk '$1 == "start" { n++; if (n > m) m = n } $1 == "end" { n-- } END { print m }')
  case $array in
  *%*)
    limit=${array##*%}
    if [ "$overlap" -gt "$limit" ]; then
      echo "FAIL: --array=$array ran $overlap tasks at once"
      status=1
    fi
    ;;
  esac
  "$bin" merge "$parts"/part-*.csv --out "$parts/table.csv"
  if cmp -s "$parts/table.csv" "$work/single.csv"; then
    echo "ok: --array=$array: tasks $tasks (at most $overlap at once) with --shard auto, merged, byte-identical to one process ($((SECONDS - job_start))s)"
  else
    echo "FAIL: --array=$array: the merged table differs from the single-process table"
    diff "$work/single.csv" "$parts/table.csv" | head -20
    status=1
  fi
done
echo "Slurm check done in ${SECONDS}s"
exit $status
