import { setTimeout as sleep } from 'node:timers/promises';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { MetricsService } from '../metrics/metrics.service';
import { MemoryStore } from '../redis/memory-store';
import type { StoreScript } from '../redis/store-script';
import { NumberPaceService, type PacedNumber } from './number-pace.service';

/** A store whose replies come late by the next delay of a list (then at once): a busy loop's reads. */
class LateStore extends MemoryStore {
  calls = 0;
  constructor(private readonly delays: number[]) {
    super();
  }

  override async run(script: StoreScript, keys: string[], args: Array<string | number>): Promise<unknown> {
    this.calls++;
    const answer = await super.run(script, keys, args);
    const delay = this.delays.shift() ?? 0;
    if (delay) await sleep(delay);
    return answer;
  }
}

const config = (values: Partial<Environment>) =>
  ({ get: (name: keyof Environment) => values[name] }) as unknown as ConfigService<Environment, true>;

const number: PacedNumber = {
  phoneNumberId: '1001',
  businessAccountId: '2001',
  limits: {
    throughputLevel: 'HIGH',
    isOnBizApp: false,
    messagingLimitTier: null,
    qualityRating: null,
    throughputOverrideMps: null,
  },
};

describe('NumberPaceService.waitForTurn: a send read late by a busy loop', () => {
  const pace = (store: LateStore) =>
    new NumberPaceService(store, new MetricsService(), config({ PACE_MAX_WAIT_MS: 2000, PACE_MARGIN_PERCENT: 20 }));

  it('goes within half of what the margin leaves (125 ms at 20 %): one turn, not a new one per late reply', async () => {
    // The first reply sets the clock's offset; the second comes 30 ms late (later than an interval of
    // HIGH, about 1 ms, and than the 5 ms floor, within the 125 ms a 20 % margin gives; wide, so that
    // a loaded machine's timers do not decide the test).
    const store = new LateStore([0, 30]);
    const service = pace(store);
    await service.waitForTurn(number, '15550000001', { businessInitiated: false });
    await service.waitForTurn(number, '15550000002', { businessInitiated: false });
    expect(store.calls).toBe(2);
  });

  it('takes a new turn when it comes later than that, so a stalled burst does not reach Meta bunched', async () => {
    const store = new LateStore([0, 300]);
    const service = pace(store);
    await service.waitForTurn(number, '15550000001', { businessInitiated: false });
    await service.waitForTurn(number, '15550000002', { businessInitiated: false });
    expect(store.calls).toBe(3);
  });

  it('goes after one new turn that came at once, however late its reply: a third round trip would be as late', async () => {
    const store = new LateStore([0, 300, 300, 300]);
    const service = pace(store);
    await service.waitForTurn(number, '15550000001', { businessInitiated: false });
    await service.waitForTurn(number, '15550000002', { businessInitiated: false });
    expect(store.calls).toBe(3);
  });
});
