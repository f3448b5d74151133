import {
  CLIENT_CALLBACK_DATA_MAX,
  tagBroadcastCallbackData,
  tagCallbackData,
  untagCallbackData,
  UPSTREAM_CALLBACK_DATA_MAX,
} from './callback-data';

const ID = '0b6f3c1e-2a4d-4c8e-9f00-1234567890ab';

describe('biz_opaque_callback_data reference', () => {
  it.each([
    ['no client value', undefined],
    ['an empty client value', ''],
    ['a plain value', 'order-1042'],
    ['a value with colons and a newline', 'a:b:c\nd'],
    ['a value that looks like a reference itself', `gwr1:${ID}:x`],
    ['emoji', '\u{1F600} order'],
  ])('round-trips %s', (_label, client) => {
    const tagged = tagCallbackData(ID, client);
    expect(untagCallbackData(tagged)).toEqual({ recordId: ID, clientValue: client });
  });

  it('round-trips a broadcast send: its record and its broadcast, no client value', () => {
    const broadcast = '7c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
    const tagged = tagBroadcastCallbackData(ID, broadcast);
    expect(tagged).toBe(`gwb1:${ID}:${broadcast}`);
    expect(untagCallbackData(tagged)).toEqual({ recordId: ID, broadcastId: broadcast, clientValue: undefined });
    expect(untagCallbackData(`gwb1:${ID}`)).toBeUndefined();
    expect(untagCallbackData(`gwb1:${ID}:${broadcast}:extra`)).toBeUndefined();
  });

  it("leaves the longest client value within Meta's limit", () => {
    const longest = tagCallbackData(ID, 'x'.repeat(CLIENT_CALLBACK_DATA_MAX));
    expect(longest).toHaveLength(UPSTREAM_CALLBACK_DATA_MAX);
  });

  it.each([
    ['a value of a send made without the gateway', 'order-1042'],
    ['a reference with an upper-case id', `gwr1:${ID.toUpperCase()}`],
    ['a reference with a short id', 'gwr1:0b6f3c1e'],
    ['another prefix', `gwr2:${ID}`],
    ['not a string', 42],
    ['absent', undefined],
  ])('is not read from %s', (_label, value) => {
    expect(untagCallbackData(value)).toBeUndefined();
  });
});
