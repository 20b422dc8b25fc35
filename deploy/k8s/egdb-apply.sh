#!/bin/sh
# Builds the $VARIANT database of up to $PIECES pieces on Kubernetes: applies
# egdb-job.yaml for each level in turn and waits for it to complete. A failed
# pod is retried by the Job (backoffLimit). DRY_RUN=1 only checks the
# manifests (kubectl apply --dry-run=client) and waits for nothing.
set -e
VARIANT=${VARIANT:-american} PIECES=${PIECES:-6}
export VARIANT PIECES
manifest=$(dirname "$0")/egdb-job.yaml
levels=$(crown egdb plan --pieces "$PIECES" | sed -n 's/^# .* in \([0-9]*\) levels.*/\1/p')
for L in $(seq 1 "$levels"); do
  JOBS=$(crown egdb plan --pieces "$PIECES" --level "$L" --names | wc -l)
  export LEVEL="$L" JOBS
  envsubst '${VARIANT} ${PIECES} ${LEVEL} ${JOBS}' <"$manifest" |
    kubectl apply ${DRY_RUN:+--dry-run=client --validate=false} -f -
  if [ -z "$DRY_RUN" ]; then
    kubectl wait --for=condition=complete --timeout=24h "job/egdb-$VARIANT-level-$L"
  fi
done
