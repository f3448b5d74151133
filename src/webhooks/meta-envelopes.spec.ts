import { metaJson } from '../../libs/meta/meta-json';
import { untagCallbackData } from '../messages/callback-data';
import { changeEnvelopes } from './meta-envelopes';

const RECORD = '0b5e7a52-9d0f-4c59-9b57-6f6a1d0c2f11';

describe("Meta's envelopes, one change each, in Meta's bytes", () => {
  it('a single-change delivery is forwarded byte for byte, number precision and escapes included', () => {
    const raw =
      '{"object":"whatsapp_business_account","entry":[{"id":"102290129340398","changes":[{"value":{"message_template_id":12345678901234567890,"name":"Jos\\u00e9 \\ud83d\\ude42","link":"https:\\/\\/x"},"field":"message_template_status_update"}],"time":1700000000}]}';
    expect(changeEnvelopes(raw, untagCallbackData)).toEqual([{ entryIndex: 0, changeIndex: 0, body: raw }]);
  });

  it('a delivery of several entries and changes becomes one envelope per change, other members copied as sent', () => {
    const raw =
      '{"object":"x","entry":[{"id":"1","changes":[{"field":"a","value":{}},{"field":"b","value":{"n":1.50}}],"time":7},{"id":"2","changes":[{"field":"c","value":{}}]}]}';
    expect(changeEnvelopes(raw, untagCallbackData).map((e) => e.body)).toEqual([
      '{"object":"x","entry":[{"id":"1","changes":[{"field":"a","value":{}}],"time":7}]}',
      '{"object":"x","entry":[{"id":"1","changes":[{"field":"b","value":{"n":1.50}}],"time":7}]}',
      '{"object":"x","entry":[{"id":"2","changes":[{"field":"c","value":{}}]}]}',
    ]);
  });

  it("takes the gateway's reference out of biz_opaque_callback_data: the client's value in Meta's bytes, or no member", () => {
    const status = (data: string, last = false) =>
      last
        ? `{"id":"wamid.1","status":"sent","biz_opaque_callback_data":${data}}`
        : `{"id":"wamid.1","biz_opaque_callback_data":${data},"status":"sent"}`;
    const wrap = (statuses: string) =>
      `{"object":"w","entry":[{"id":"1","changes":[{"value":{"statuses":[${statuses}]},"field":"messages"}]}]}`;
    const [withClient] = changeEnvelopes(wrap(status(`"gwr1:${RECORD}:pedido\\/42 \\u2713"`)), untagCallbackData);
    expect(withClient.body).toBe(wrap(status('"pedido\\/42 \\u2713"')));
    const [without] = changeEnvelopes(wrap(status(`"gwr1:${RECORD}"`)), untagCallbackData);
    expect(without.body).toBe(wrap('{"id":"wamid.1","status":"sent"}'));
    const [withoutLast] = changeEnvelopes(wrap(status(`"gwr1:${RECORD}"`, true)), untagCallbackData);
    expect(withoutLast.body).toBe(wrap('{"id":"wamid.1","status":"sent"}'));
    const [foreign] = changeEnvelopes(wrap(status('"their own value"')), untagCallbackData);
    expect(foreign.body).toBe(wrap(status('"their own value"')));
  });

  it('text that is not ASCII (never from Meta) leaves escaped as Meta escapes it, and metaJson writes the same', () => {
    const raw = '{"object":"w","entry":[{"id":"1","changes":[{"field":"messages","value":{"t":"Olá 👋 a/b"}}]}]}';
    const [envelope] = changeEnvelopes(raw, untagCallbackData);
    expect(envelope.body).toBe(
      '{"object":"w","entry":[{"id":"1","changes":[{"field":"messages","value":{"t":"Ol\\u00e1 \\ud83d\\udc4b a/b"}}]}]}',
    );
    expect(metaJson(JSON.parse(raw))).toBe(
      '{"object":"w","entry":[{"id":"1","changes":[{"field":"messages","value":{"t":"Ol\\u00e1 \\ud83d\\udc4b a\\/b"}}]}]}',
    );
    expect(changeEnvelopes('[1]', untagCallbackData)).toEqual([]);
  });
});
