import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { request } from 'undici';
import type { Environment } from '../config/environment';
import { MetaApp } from '../config/meta-app';
import { deadline } from '../core/deadline';
import { GraphError } from '../core/graph-error';
import { upstreamFailure } from '../upstream/graph-transport';
import { SimulatorTarget } from '../upstream/upstream-target';

/**
 * The simulator's control API (`/_sandbox/...` of the sandbox app run as test mode's simulator): what
 * Meta's own tools do for a real account (create an account and a number, play the customer, review a
 * template) is done there for a test one. Graph calls to the simulator go through GraphTransport like
 * any (simulator-token.ts); only these control calls come from here, each with the upstream's timeout.
 */
@Injectable()
export class SimulatorControl {
  private readonly timeoutMs: number;

  constructor(
    private readonly target: SimulatorTarget,
    private readonly app: MetaApp,
    config: ConfigService<Environment, true>,
  ) {
    this.timeoutMs = config.get('UPSTREAM_TIMEOUT_MS', { infer: true });
  }

  /** Whether this gateway runs a simulator (SIMULATOR_BASE_URL); without one, test mode has no numbers. */
  get available(): boolean {
    return this.target.baseUrl !== null;
  }

  /** Refuses (400 code 100) what needs the simulator when the gateway runs none. */
  require(field: string): void {
    if (!this.available)
      throw GraphError.invalidParameter(
        'Test mode’s simulator is not running on this gateway',
        `${field}: the operator has not set SIMULATOR_BASE_URL, so test numbers cannot be made or played`,
      );
  }

  /** Makes a business account and its number at the simulator, as they exist at Meta before onboarding. */
  async createNumber(number: {
    wabaId: string;
    accessToken: string;
    accountName: string;
    phoneNumberId: string;
    displayPhoneNumber: string;
    verifiedName: string;
  }): Promise<void> {
    // The simulator acts as the gateway's own Meta app (META_APP_ID), however it was started: the
    // subscription onboarding then checks, and the uploads' app id, name that app as at Meta.
    await this.call('PUT', '/_sandbox/app', { app_id: this.app.appId });
    await this.call('PUT', `/_sandbox/business_accounts/${number.wabaId}`, {
      access_token: number.accessToken,
      name: number.accountName,
    });
    await this.call('PUT', `/_sandbox/phone_numbers/${number.phoneNumberId}`, {
      waba_id: number.wabaId,
      display_phone_number: number.displayPhoneNumber,
      verified_name: number.verifiedName,
    });
  }

  /**
   * One control call; its refusal is the simulator's message as 404 code 100 (an unknown message or
   * template) or 400 code 100, anything else 500 code 131000.
   */
  async call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, json?: unknown): Promise<T> {
    this.require('simulator');
    const timeout = deadline(this.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await request(`${this.target.baseUrl}${path}`, {
        method,
        headers: json === undefined ? {} : { 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: timeout.signal,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      const name = (error as { name?: string }).name;
      throw upstreamFailure(
        name === 'TimeoutError' || name === 'AbortError'
          ? `the simulator did not answer within ${this.timeoutMs} ms`
          : `the simulator could not be reached: ${(error as Error).message}`,
      );
    } finally {
      timeout.clear();
    }
    const body = parse(text);
    if (status >= 200 && status < 300) return body as T;
    const message = (body as { error?: { message?: string } } | undefined)?.error?.message ?? text.slice(0, 200);
    if (status === 404) throw GraphError.notFound(`The simulator does not know it: ${message}`);
    if (status >= 400 && status < 500)
      throw GraphError.invalidParameter('The simulator refused the request', `simulator: ${message}`);
    throw upstreamFailure(`the simulator answered HTTP ${status}`);
  }
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}
