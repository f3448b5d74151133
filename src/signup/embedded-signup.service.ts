import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { EncryptedSecrets } from '../common/encrypted-secrets';
import { SecretBox } from '../common/secret-box';
import type { Environment } from '../config/environment';
import { MetaApp } from '../config/meta-app';
import { GraphError } from '../core/graph-error';
import { SharedStore } from '../redis/shared-store';
import { OnboardingService } from '../tenancy/onboarding.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { UpstreamTarget } from '../upstream/upstream-target';
import type { CompletedSignupDto, CompleteSignupDto, SignupSettingsDto } from './dto/embedded-signup.dto';
import type { SignupStep } from './number-signup.entity';
import { SignupRepository } from './signup.repository';
import { SignupUpstream } from './signup.upstream';

/** Meta's own SDK, and the origins its signup pages post their messages from. */
const META_SDK = 'https://connect.facebook.net/en_US/sdk.js';
const META_MESSAGE_ORIGINS = ['https://www.facebook.com', 'https://web.facebook.com'];
/** How long one connection of a number may hold it (a second, concurrent one is refused meanwhile). */
const RUN_LEASE_MS = 120_000;

/** Where Meta's SDK comes from and whose messages count: Meta's, or the upstream's stand-in (the sandbox). */
export function signupSdk(
  config: ConfigService<Environment, true>,
  target: UpstreamTarget,
): { sdkUrl: string; origins: string[] } {
  const configured = config.get('META_SDK_URL', { infer: true });
  const upstream = new URL(target.baseUrl);
  const sdkUrl =
    configured ??
    (upstream.hostname === 'graph.facebook.com' ? META_SDK : `${target.baseUrl.replace(/\/+$/, '')}/sdk.js`);
  const origin = new URL(sdkUrl).origin;
  return { sdkUrl, origins: origin === new URL(META_SDK).origin ? META_MESSAGE_ORIGINS : [origin] };
}

/**
 * Embedded Signup finished by the gateway: the business completes Meta's flow in the console (the
 * code and the ids come back to the browser), and the server does the rest, each step once and in
 * Meta's order: the code exchanged for the business token (`exchange_code`), the app subscribed to
 * the account's webhooks and the token kept encrypted (`subscribe_app`, tenancy's onboarding), the
 * number registered for the Cloud API with a two-step PIN kept encrypted (`register_number`), the
 * number added with its limits (`add_number`). A failure names its step and Meta's reason; running
 * the flow again finds what was done (one account row, one number row, one registration).
 */
@Injectable()
export class EmbeddedSignupService {
  private readonly configId?: string;
  private readonly sdk: { sdkUrl: string; origins: string[] };

  constructor(
    private readonly repository: SignupRepository,
    private readonly upstream: SignupUpstream,
    private readonly onboarding: OnboardingService,
    private readonly tenancy: TenancyService,
    private readonly box: SecretBox,
    private readonly store: SharedStore,
    private readonly app: MetaApp,
    private readonly target: UpstreamTarget,
    secrets: EncryptedSecrets,
    config: ConfigService<Environment, true>,
  ) {
    secrets.register('embedded signup PINs', repository.encryptedSecrets());
    this.configId = config.get('EMBEDDED_SIGNUP_CONFIG_ID', { infer: true });
    this.sdk = signupSdk(config, target);
  }

  settings(): SignupSettingsDto {
    return {
      available: this.configId !== undefined,
      app_id: this.app.appId,
      config_id: this.configId ?? null,
      sdk_url: this.sdk.sdkUrl,
      message_origins: this.sdk.origins,
      graph_version: this.target.apiVersion,
    };
  }

  /** The flow's result, finished: one run per number at a time (a concurrent one is 409). */
  async complete(tenantId: string, input: CompleteSignupDto): Promise<CompletedSignupDto> {
    if (this.configId === undefined)
      throw GraphError.invalidParameter(
        'Embedded Signup is not offered here',
        'code: the operator has not set EMBEDDED_SIGNUP_CONFIG_ID',
      );
    // Test mode: a test organization's numbers are the simulator's; Meta's code is never spent for one.
    if (await this.tenancy.isTest(tenantId))
      throw GraphError.invalidParameter(
        'Embedded Signup connects live numbers only',
        'code: a test key connects no number at Meta; create a test number (POST /v1/test/phone_numbers)',
      );
    const lease = `signup:${input.phone_number_id}`;
    if (!(await this.store.acquireLease(lease, RUN_LEASE_MS)))
      throw GraphError.conflict(`phone_number_id: number ${input.phone_number_id} is being connected already`);
    try {
      return await this.run(tenantId, input);
    } finally {
      await this.store.deleteValue(lease).catch(() => undefined);
    }
  }

  private async run(tenantId: string, input: CompleteSignupDto): Promise<CompletedSignupDto> {
    const { waba_id: wabaId, phone_number_id: phoneNumberId } = input;
    // Another organization's account or number is refused before the code is spent.
    const account = await this.tenancy.findBusinessAccount(wabaId);
    if (account && account.tenantId !== tenantId)
      throw GraphError.conflict(`waba_id: business account ${wabaId} is connected to another organization`);
    const phone = await this.tenancy.findPhoneNumber(phoneNumberId);
    const earlier = await this.repository.find(phoneNumberId);
    if ((phone && phone.tenantId !== tenantId) || (earlier && earlier.tenantId !== tenantId))
      throw GraphError.conflict(`phone_number_id: number ${phoneNumberId} is connected to another organization`);
    if (earlier && earlier.wabaId !== wabaId)
      throw GraphError.invalidParameter(
        'Invalid parameter',
        `waba_id: number ${phoneNumberId} belongs to business account ${earlier.wabaId}`,
      );
    const steps: CompletedSignupDto['steps'] = [];
    const done = (step: SignupStep, outcome: 'done' | 'skipped' = 'done') => steps.push({ step, outcome });

    const exchanged = await this.step('exchange_code', undefined, () => this.upstream.exchangeCode(input.code));
    if (typeof exchanged.access_token !== 'string' || exchanged.access_token === '')
      throw stepError('exchange_code', 'Meta answered no access_token');
    const token = exchanged.access_token;
    done('exchange_code');

    await this.step('subscribe_app', undefined, () =>
      account
        ? this.onboarding.updateBusinessAccount(tenantId, wabaId, { accessToken: token })
        : this.onboarding.addBusinessAccount({ tenantId, wabaId, accessToken: token }),
    );
    done('subscribe_app');

    const row = await this.repository.start({
      phoneNumberId,
      tenantId,
      wabaId,
      pinEncrypted: this.box.encrypt(input.pin ?? newPin()),
    });
    if (row.registeredAt) done('register_number', 'skipped');
    else {
      const pin = input.pin ?? this.box.decrypt(row.pinEncrypted);
      await this.step('register_number', phoneNumberId, () => this.upstream.register(phoneNumberId, token, pin));
      await this.repository.registered(phoneNumberId, this.box.encrypt(pin));
      done('register_number');
    }

    let display: string;
    if (phone) {
      display = (await this.onboarding.getPhoneNumber(tenantId, phoneNumberId)).displayPhoneNumber;
      done('add_number', 'skipped');
    } else {
      const about = await this.step('add_number', phoneNumberId, () => this.upstream.describe(phoneNumberId, token));
      display = typeof about.display_phone_number === 'string' ? about.display_phone_number : phoneNumberId;
      await this.step('add_number', phoneNumberId, () =>
        this.onboarding.addPhoneNumber({ tenantId, wabaId, phoneNumberId, displayPhoneNumber: display }),
      );
      done('add_number');
    }
    await this.repository.connected(phoneNumberId);
    return {
      waba_id: wabaId,
      phone_number_id: phoneNumberId,
      display_phone_number: display,
      status: 'connected',
      steps,
    };
  }

  /** Runs a step; its failure names it (kept on the number's row when there is one) with Meta's reason. */
  private async step<T>(step: SignupStep, phoneNumberId: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const named = error instanceof GraphError ? withStep(step, error) : stepError(step, (error as Error).message);
      if (phoneNumberId) await this.repository.failed(phoneNumberId, step, named.message).catch(() => undefined);
      throw named;
    }
  }
}

/** A six-digit PIN nobody chose (crypto's uniform draw). */
function newPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function stepError(step: SignupStep, reason: string): GraphError {
  return new GraphError(1, `${step} failed: ${reason}`, { status: 502, data: { step, details: `${step}: ${reason}` } });
}

/** The error as it was (Meta's code and status), with the step named in `error_data`. */
function withStep(step: SignupStep, error: GraphError): GraphError {
  const details = typeof error.options.data?.details === 'string' ? error.options.data.details : error.message;
  return new GraphError(error.code, error.message, {
    ...error.options,
    data: { ...error.options.data, step, details: `${step}: ${details}` },
  });
}
