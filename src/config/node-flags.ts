/**
 * The Node.js flags the gateway's process runs with. The demo, the bench and the specs that start the
 * gateway as a process take them from here; package.json's start scripts, the Dockerfile and
 * compose.yaml spell them out (Node refuses V8 flags such as this one in NODE_OPTIONS).
 *
 * `--single-threaded-gc`: V8 collects garbage on the main thread alone instead of handing parts of
 * each collection to helper threads. The gateway's heap is small (a young-generation collection
 * takes well under a millisecond) and it shares a few cores with PostgreSQL, Redis and its
 * neighbours, so the hand-offs cost more than they save. Measured on 2 cores (docs/performance.md,
 * "Garbage collection on the main thread alone"): the no-op route 67 → 34 µs of CPU a request and
 * 17,842 → 28,792 requests/s; a text send at saturation 413 → 368 µs; a message's whole life at
 * 100/s 5–11 % less of the gateway's CPU. On a machine with idle cores to spare, it may be dropped.
 */
export const GATEWAY_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];
