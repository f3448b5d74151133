/**
 * Where upstream calls go: Meta's Graph API, or the in-process sandbox (whose port is known only
 * once it listens, hence a function).
 */
export class UpstreamTarget {
  constructor(
    readonly baseUrl: () => string,
    readonly apiVersion: string,
    readonly timeoutMs: number,
    readonly connections: number,
    readonly appId: string,
  ) {}
}
