#!/bin/sh
# Replays the compute and mesh jobs kept by spvrun.ts under SPVRUN_RECORD_DIR on this machine's
# Vulkan device, and compares each job's buffers with the bytes the recording device gave. For a
# second device where Node and the test suite are not at hand: only spvrun and a Vulkan loader are
# needed.
#
#   replay.sh SPVRUN JOBS     SPVRUN: a built spvrun; JOBS: the SPVRUN_RECORD_DIR folder
#
# Prints the device, each job that failed or gave other bytes, each job this device cannot run
# (spvrun exit code 3: no mesh or task shaders, a workgroup beyond its limits), how many of the
# jobs that ran were mesh jobs, and last "N same, N different"; exits 0 when every job that this
# device can run gave the same bytes.
set -u
if [ $# -ne 2 ]; then echo "usage: replay.sh SPVRUN JOBS" >&2; exit 1; fi
spvrun=$(realpath "$1")
"$spvrun" --info || exit 2
same=0
different=0
unsupported=0
mesh=0
for job in "$2"/*/; do
  (cd "$job" && "$spvrun" job.txt >/dev/null 2>stderr.txt)
  rc=$?
  if [ "$rc" -eq 3 ]; then
    unsupported=$((unsupported + 1))
    echo "cannot run here: $job $(cat "$job/stderr.txt")"
    continue
  fi
  grep -q '^mesh ' "$job/job.txt" && mesh=$((mesh + 1))
  if [ "$rc" -eq 0 ] && cmp -s "$job/out.bin" "$job/expected.bin"; then
    same=$((same + 1))
  else
    different=$((different + 1))
    echo "different: $job"
    cat "$job/stderr.txt"
  fi
done
echo "$mesh of the jobs that ran were mesh jobs; $unsupported could not run on this device"
echo "$same same, $different different"
[ "$different" -eq 0 ]
