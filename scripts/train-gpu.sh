#!/usr/bin/env bash
# Generate training scenes and cut their corner crops in parallel, then train the index
# classifier on a GPU: the fast path on a lent many-core GPU machine. The 2-core path, one
# `nainjaune synth` and one `nainjaune train`, is in models/MODEL_CARD.md.
#
# usage: scripts/train-gpu.sh WORK JOBS SCENES_PER_JOB FIRST_SEED HOURS INIT [NAME]
#   WORK            folder for scenes, crops, the run and its ONNX export (not in git)
#   JOBS            parallel synth/crop processes, and data loader workers
#   SCENES_PER_JOB  scenes per process; each process has its own seed (FIRST_SEED, FIRST_SEED+1, ...)
#   HOURS           training time; ultralytics re-fits the epoch count after the first epoch
#   INIT            checkpoint to start from (a .pt of an earlier run)
# Environment: PYTHON (default python3), DEVICE (default 0), BATCH (default 512), LR0 (default 0.004),
# FRENCH (share of French-index scenes, default 0.3), RESTYLE (share of restyled indices, default 0.6).
set -euo pipefail

if [ $# -lt 6 ]; then
    sed -n '6,13p' "$0" >&2
    exit 2
fi
work=$1 jobs=$2 per_job=$3 first_seed=$4 hours=$5 init=$6 name=${7:-gpu}
py=${PYTHON:-python3}
mkdir -p "$work"
seeds=$(seq "$first_seed" $((first_seed + jobs - 1)))

run_all() {  # run "$@" SEED for every seed in parallel; fail if any fails
    local pids=() seed
    for seed in $seeds; do
        "$@" "$seed" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid"
    done
}

synth() {
    "$py" -m nainjaune synth --out "$work/scenes-$1" --count "$per_job" --seed "$1" --split train \
        --french-indices "${FRENCH:-0.3}" --restyle-indices "${RESTYLE:-0.6}" >"$work/synth-$1.log" 2>&1
}

crops() {
    "$py" -c 'import sys; from pathlib import Path
from vision.training.dataset import build_classifier_dataset
print(sum(build_classifier_dataset([Path(sys.argv[1])], Path(sys.argv[2]), seed=int(sys.argv[3])).values()))' \
        "$work/scenes-$1" "$work/crops-$1" "$1" >"$work/crops-$1.log" 2>&1
}

echo "$(date +%T) generating $jobs x $per_job scenes"
run_all synth
echo "$(date +%T) cutting corner crops"
run_all crops
mkdir -p "$work/crops"
for seed in $seeds; do
    cp -al "$work/crops-$seed/." "$work/crops/"
done
echo "$(date +%T) $(find "$work/crops" -name '*.png' | wc -l) crops; training for $hours h"
"$py" -m nainjaune train --data "$work"/scenes-* --crops "$work/crops" --imgsz 64 --batch "${BATCH:-512}" \
    --lr0 "${LR0:-0.004}" --device "${DEVICE:-0}" --workers "$jobs" --cache none --threads 4 --hours "$hours" \
    --init "$init" --name "$name" --runs "$work/runs" --out "$work/export"
echo "$(date +%T) done"
