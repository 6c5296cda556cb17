#!/bin/sh
# Replays the compute jobs kept by runCompute.ts under SPVRUN_RECORD_DIR on this machine's Vulkan
# device, and compares each job's buffers with the bytes the recording device gave. For a second
# device where Node and the test suite are not at hand: only spvrun and a Vulkan loader are needed.
#
#   replay.sh SPVRUN JOBS     SPVRUN: a built spvrun; JOBS: the SPVRUN_RECORD_DIR folder
#
# Prints the device, each job that failed or gave other bytes, and "N same, N different";
# exits 0 when every job gave the same bytes.
set -u
if [ $# -ne 2 ]; then echo "usage: replay.sh SPVRUN JOBS" >&2; exit 1; fi
spvrun=$(realpath "$1")
"$spvrun" --info || exit 2
same=0
different=0
for job in "$2"/*/; do
  if (cd "$job" && "$spvrun" job.txt >/dev/null 2>stderr.txt && cmp -s out.bin expected.bin); then
    same=$((same + 1))
  else
    different=$((different + 1))
    echo "different: $job"
    cat "$job/stderr.txt"
  fi
done
echo "$same same, $different different"
[ "$different" -eq 0 ]
