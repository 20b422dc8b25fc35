#!/bin/sh
# Submits the build of the $VARIANT database of up to $PIECES pieces into
# $EGDB_DIR (a directory every node shares): an array per level, each
# starting when the whole array before it has succeeded. Prints the arrays'
# job ids, one a line, the last level's last. The variables reach the jobs
# in the environment sbatch exports by default: with --export=ALL,LEVEL=...
# Slurm 22.05's slurmd loaded the user's login environment for every task
# (3-9 s each on the test machine).
set -e
VARIANT=${VARIANT:-american} PIECES=${PIECES:-6} EGDB_DIR=${EGDB_DIR:-/shared/egdb}
export VARIANT PIECES EGDB_DIR
sbatch=$(dirname "$0")/egdb-level.sbatch
levels=$(crown egdb plan --pieces "$PIECES" | sed -n 's/^# .* in \([0-9]*\) levels.*/\1/p')
prev=
for L in $(seq 1 "$levels"); do
  n=$(crown egdb plan --pieces "$PIECES" --level "$L" --names | wc -l)
  prev=$(LEVEL=$L sbatch --parsable ${prev:+--dependency=afterok:$prev} --array=0-$((n - 1)) \
    --job-name="egdb-$VARIANT-$L" "$sbatch")
  echo "$prev"
done
