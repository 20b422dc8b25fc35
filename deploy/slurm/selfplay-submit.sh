#!/bin/sh
# Submits self-play of each rule set in $VARIANTS, $GAMES games each played as
# an array of $SHARDS shards writing a file each in $DATA_DIR, and a fit on
# them all that starts when every shard has succeeded. Prints the arrays'
# job ids and then the fit's, one a line.
set -e
VARIANTS=${VARIANTS:-american pool} GAMES=${GAMES:-10000} SHARDS=${SHARDS:-50} DATA_DIR=${DATA_DIR:-/shared/selfplay}
export VARIANTS GAMES DATA_DIR
here=$(dirname "$0")
deps=
for v in $VARIANTS; do
  id=$(VARIANT=$v sbatch --parsable --array=0-$((SHARDS - 1)) --job-name="selfplay-$v" \
    "$here/selfplay.sbatch")
  echo "$id"
  deps=$deps:$id
done
sbatch --parsable --dependency=afterok$deps "$here/fit.sbatch"
