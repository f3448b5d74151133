// The Redis Cluster slot of a key, as ioredis computes it (its own dependency, which ships no types).
declare module 'cluster-key-slot' {
  export default function calculateSlot(key: string | Buffer): number;
}
