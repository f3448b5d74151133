import { reviewTemplate, type ReviewInput } from './template-review';

const body = (text: string, example?: unknown) => ({ type: 'BODY', text, ...(example !== undefined && { example }) });
const urlButton = (url: string, example: unknown = ['https://x.example.com/42']) => ({
  type: 'BUTTONS',
  buttons: [{ type: 'URL', text: 'Open', url, example }],
});
const review = (
  components: ReviewInput['components'],
  parameterFormat: ReviewInput['parameterFormat'] = 'POSITIONAL',
) => reviewTemplate({ components, parameterFormat });

describe('template review rules', () => {
  it('approves templates without variables, and URL buttons with {{1}} last', () => {
    expect(review([body('Hello there')])).toEqual({ status: 'APPROVED' });
    expect(review([body('Hello'), urlButton('https://x.example.com/track/{{1}}')])).toEqual({ status: 'APPROVED' });
    expect(review([body('Hello'), urlButton('https://x.example.com/static')])).toEqual({ status: 'APPROVED' });
  });

  it.each([
    ['variable not last', 'https://x.example.com/{{1}}/details', /end of the URL/],
    ['query after the variable', 'https://x.example.com/?id={{1}}&x=1', /end of the URL/],
    ['two variables', 'https://x.example.com/{{1}}/{{1}}', /at most one variable/],
    ['a variable other than {{1}}', 'https://x.example.com/{{2}}', /only variable allowed/],
    ['a named variable', 'https://x.example.com/{{code}}', /only variable allowed/],
  ])('rejects a URL button with %s', (_name, url, description) => {
    const outcome = review([body('Hello'), urlButton(url)]);
    expect(outcome).toMatchObject({
      status: 'REJECTED',
      reason: 'INVALID_FORMAT',
      description: expect.stringMatching(description),
    });
  });

  it('rejects a URL variable without an example URL', () => {
    const withoutExample = {
      type: 'BUTTONS',
      buttons: [{ type: 'URL', text: 'Open', url: 'https://x.example.com/{{1}}' }],
    };
    expect(review([body('Hello'), withoutExample])).toMatchObject({ status: 'REJECTED' });
    expect(review([body('Hello'), urlButton('https://x.example.com/{{1}}', [])])).toMatchObject({ status: 'REJECTED' });
  });

  it('requires body examples covering every positional variable', () => {
    expect(review([body('Hi {{1}}, code {{2}}')])).toMatchObject({
      status: 'REJECTED',
      description: expect.stringContaining('example'),
    });
    expect(review([body('Hi {{1}}, code {{2}}', { body_text: [['Ann']] })])).toMatchObject({ status: 'REJECTED' });
    expect(review([body('Hi {{1}}, code {{2}}', { body_text: [['Ann', 'X1']] })])).toEqual({ status: 'APPROVED' });
    expect(review([body('Hi {{1}} and {{3}}', { body_text: [['a', 'b']] })])).toMatchObject({
      status: 'REJECTED',
      description: expect.stringContaining('sequence'),
    });
  });

  it('handles named variables with parameter_format NAMED', () => {
    const named = body('Hi {{first_name}}', { body_text_named_params: [{ param_name: 'first_name', example: 'Ann' }] });
    expect(review([named], 'NAMED')).toEqual({ status: 'APPROVED' });
    expect(review([named], 'POSITIONAL')).toMatchObject({ status: 'REJECTED' });
    expect(review([body('Hi {{first_name}}', { body_text_named_params: [] })], 'NAMED')).toMatchObject({
      status: 'REJECTED',
    });
    expect(review([body('Hi {{1}}', { body_text: [['Ann']] })], 'NAMED')).toMatchObject({ status: 'REJECTED' });
  });

  it('requires an example for a text header variable', () => {
    const header = { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' };
    expect(review([header, body('Hello')])).toMatchObject({ status: 'REJECTED' });
    expect(review([{ ...header, example: { header_text: ['#42'] } }, body('Hello')])).toEqual({ status: 'APPROVED' });
  });

  it('checks media header handles only when asked to', () => {
    const header = { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvcG5n:ARx'] } };
    expect(reviewTemplate({ components: [header, body('Hello')], parameterFormat: 'POSITIONAL' })).toEqual({
      status: 'APPROVED',
    });
    const refuse = () => 'already used';
    expect(
      reviewTemplate({ components: [header, body('Hello')], parameterFormat: 'POSITIONAL' }, refuse),
    ).toMatchObject({
      status: 'REJECTED',
      description: 'already used',
    });
  });
});
