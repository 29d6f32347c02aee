#!/bin/sh
# npm start. Runs scripts/start.mjs with glibc's allocator told to hand freed memory back to the
# operating system: V8's compiler threads (which compile PGlite's WebAssembly at start) allocate
# from per-thread malloc arenas, and without this those arenas keep ~60-80 MB resident after the
# compilation is over. Blocks of 64 KB or more are mapped and unmapped on their own, and free memory
# at the top of a heap is trimmed past 64 KB. Ignored where the C library is not glibc.
# Measured with bench/cold-start.mjs (issue 18): resident memory after start ~330 MB -> ~270 MB.
GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=65536:glibc.malloc.trim_threshold=65536}"
export GLIBC_TUNABLES
exec node "$(dirname "$0")/start.mjs" "$@"
