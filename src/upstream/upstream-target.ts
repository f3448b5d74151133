/**
 * Where upstream calls go: the base URL (Meta's Graph API in production; the sandbox app, a server
 * of its own, in the demo, the tests and the benchmark), the version in every path, and the limits
 * of every call. The gateway knows nothing else of its upstream.
 */
export class UpstreamTarget {
  constructor(
    readonly baseUrl: string,
    readonly apiVersion: string,
    readonly timeoutMs: number,
    readonly connections: number,
    readonly appId: string,
  ) {}
}

/**
 * Test mode's upstream (SIMULATOR_BASE_URL): the Cloud API simulator that answers for test
 * organizations' accounts. Null when the gateway runs without one (test numbers are then refused).
 * Calls to it keep the upstream's version, timeout and connection pool.
 */
export class SimulatorTarget {
  constructor(readonly baseUrl: string | null) {}
}
