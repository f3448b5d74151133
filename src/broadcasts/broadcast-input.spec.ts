import { GraphError } from '../core/graph-error';
import type { CatalogTemplate } from '../templates/template-send-rules';
import { checkRecipients, MAX_RECIPIENTS_PER_REQUEST, parseBroadcast } from './broadcast-input';

const template: CatalogTemplate = {
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  parameterFormat: 'POSITIONAL',
  components: [{ type: 'BODY', text: 'Hello {{1}}', example: { body_text: [['Ada']] } }],
};
const reference = { name: 'order_update', language: { code: 'en_US' } };
const body = (name: string) => [{ type: 'body', parameters: [{ type: 'text', text: name }] }];

function errorOf(run: () => unknown): GraphError {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('a broadcast request, checked', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('takes name, template, recipients and an optional time', () => {
    const input = parseBroadcast(
      { name: ' Promo ', template: reference, recipients: [{ to: '1' }], scheduled_at: '2026-11-27T10:00:00Z' },
      now,
    );
    expect(input).toEqual({
      name: 'Promo',
      template: reference,
      recipients: [{ to: '1' }],
      scheduledAt: new Date('2026-11-27T10:00:00Z'),
    });
  });

  it.each([
    [{ template: reference, recipients: [{}] }, 'name'],
    [{ name: 'x', template: { name: 'a' }, recipients: [{}] }, 'template.language.code'],
    [{ name: 'x', template: { ...reference, components: [] }, recipients: [{}] }, 'template.components'],
    [{ name: 'x', template: reference, recipients: [] }, 'recipients'],
    [{ name: 'x', template: reference, recipients: 'all' }, 'recipients'],
    [{ name: 'x', template: reference, recipients: [{}], scheduled_at: 'tomorrow' }, 'scheduled_at'],
    [{ name: 'x', template: reference, recipients: [{}], scheduled_at: '2026-11-25T10:00:00Z' }, 'scheduled_at'],
    [{ name: 'x', template: reference, recipients: [{}], segment: 'vip' }, 'segment'],
  ])('refuses %j naming %s', (request, field) => {
    const error = errorOf(() => parseBroadcast(request, now));
    expect(error.code).toBe(100);
    expect(String(error.options.data?.details)).toMatch(new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}:`));
  });

  it(`refuses more than ${MAX_RECIPIENTS_PER_REQUEST} recipients`, () => {
    const many = Array.from({ length: MAX_RECIPIENTS_PER_REQUEST + 1 }, () => ({}));
    expect(
      errorOf(() => parseBroadcast({ name: 'x', template: reference, recipients: many }, now)).options.data?.details,
    ).toContain('recipients: at most 10000');
  });

  it('normalizes each number, and names the recipient whose number, place or parameters are wrong', () => {
    expect(checkRecipients(template, reference, [{ to: '+1 (555) 123-4567', components: body('Ada') }])).toEqual([
      { recipient: '15551234567', components: body('Ada') },
    ]);
    const malformed = errorOf(() =>
      checkRecipients(template, reference, [{ to: '1555123456', components: body('a') }, { to: 'x' }]),
    );
    expect(malformed.options.data?.details).toMatch(/^recipients\[1\]\.to:/);
    const twice = errorOf(() =>
      checkRecipients(template, reference, [
        { to: '15551234567', components: body('a') },
        { to: '+15551234567', components: body('b') },
      ]),
    );
    expect(twice.options.data?.details).toBe('recipients[1].to: 15551234567 is already recipients[0]');
    const existing = errorOf(() =>
      checkRecipients(template, reference, [{ to: '15551234567', components: body('a') }], new Set(['15551234567'])),
    );
    expect(existing.options.data?.details).toContain('already a recipient of this broadcast');
    const parameters = errorOf(() => checkRecipients(template, reference, [{ to: '15551234567' }]));
    expect(parameters.code).toBe(132000);
    expect(parameters.options.data?.details).toMatch(/^recipients\[0\]: /);
  });
});
