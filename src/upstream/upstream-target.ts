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
