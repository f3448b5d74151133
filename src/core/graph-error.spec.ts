import type { ValidationError } from '@nestjs/common';
import { plainToInstance, Type } from 'class-transformer';
import { IsInt, IsString, MaxLength, Min, ValidateNested, validateSync } from 'class-validator';
import { ErrorCode, errorTypeFor, GraphError, GraphErrorBody, graphErrorForStatus } from './graph-error';
import { describeValidationErrors } from './validation.pipe';

/** The Graph-shaped body of an error (toBody may also return a replacement body, not used here). */
function graphBody(error: GraphError, fbtraceId: string): GraphErrorBody {
  return error.toBody(fbtraceId) as GraphErrorBody;
}

describe('ErrorCode', () => {
  it('holds the spec 7.2 codes', () => {
    expect(ErrorCode).toMatchObject({
      InvalidToken: 190,
      PermissionDenied: 200,
      TooManyCalls: 4,
      InvalidParameter: 100,
      SendFailure: 131000,
      ReEngagement: 131026,
    });
  });
});

describe('GraphError', () => {
  it.each([
    [190, 401, 'OAuthException'],
    [200, 403, 'OAuthException'],
    [4, 429, 'OAuthException'],
    [100, 400, 'GraphMethodException'],
    [131000, 500, 'GraphMethodException'],
    [131026, 400, 'GraphMethodException'],
  ])('code %i defaults to status %i and type %s', (code, status, type) => {
    const error = new GraphError(code, 'message');
    expect(error.status).toBe(status);
    expect(error.type).toBe(type);
    expect(errorTypeFor(code)).toBe(type);
  });

  it('defaults an unknown code to 400 GraphMethodException (e.g. upstream 132012)', () => {
    const error = new GraphError(132012, '(#132012) Parameter format does not match');
    expect(error.status).toBe(400);
    expect(error.type).toBe('GraphMethodException');
  });

  it('lets the thrower choose the status without changing the type', () => {
    const blacklisted = new GraphError(131000, 'Recipient is blacklisted', {
      status: 422,
      data: { reason: 'recipient_blacklisted' },
    });
    expect(blacklisted.status).toBe(422);
    expect(blacklisted.type).toBe('GraphMethodException');
    const conflict = new GraphError(131000, 'In flight', { status: 409 });
    expect(conflict.status).toBe(409);
  });

  it('is an Error named GraphError carrying its message and code', () => {
    const error = new GraphError(100, '(#100) Bad');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(GraphError);
    expect(error.name).toBe('GraphError');
    expect(error.message).toBe('(#100) Bad');
    expect(error.code).toBe(100);
    expect(error.options).toEqual({});
  });

  describe('factories', () => {
    it('invalidToken: 401 code 190 with a WWW-Authenticate header', () => {
      const error = GraphError.invalidToken();
      expect(error).toMatchObject({
        code: 190,
        status: 401,
        type: 'OAuthException',
        message: 'Invalid OAuth access token.',
      });
      expect(error.options.headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    });

    it('permissionDenied: 403 code 200 with a (#200) message', () => {
      expect(GraphError.permissionDenied('Scope messages:send missing')).toMatchObject({
        code: 200,
        status: 403,
        type: 'OAuthException',
        message: '(#200) Scope messages:send missing',
      });
    });

    it('invalidParameter: 400 code 100, details as error_data only when given', () => {
      const withDetails = GraphError.invalidParameter('Invalid parameter', 'to: must be a phone number');
      expect(withDetails).toMatchObject({
        code: 100,
        status: 400,
        type: 'GraphMethodException',
        message: '(#100) Invalid parameter',
      });
      expect(withDetails.options.data).toEqual({ details: 'to: must be a phone number' });
      expect(GraphError.invalidParameter('Invalid parameter').options.data).toBeUndefined();
    });

    it('notFound: 404 code 100', () => {
      expect(GraphError.notFound('Template 5 does not exist')).toMatchObject({
        code: 100,
        status: 404,
        message: '(#100) Template 5 does not exist',
      });
    });

    it('conflict: 409 code 100 with details', () => {
      const error = GraphError.conflict('Tag limit reached', 'at most 20 tags');
      expect(error).toMatchObject({ code: 100, status: 409, type: 'GraphMethodException' });
      expect(error.options.data).toEqual({ details: 'at most 20 tags' });
    });
  });

  describe('toBody', () => {
    it('writes message, type, code and fbtrace_id, and nothing optional when not given', () => {
      const body = graphBody(new GraphError(100, '(#100) Bad'), 'req-123');
      expect(body).toEqual({
        error: { message: '(#100) Bad', type: 'GraphMethodException', code: 100, fbtrace_id: 'req-123' },
      });
      expect(Object.keys(body.error)).not.toContain('error_subcode');
      expect(Object.keys(body.error)).not.toContain('error_data');
    });

    it('adds error_subcode and error_data when given', () => {
      const error = new GraphError(131000, 'Recipient is blacklisted', {
        status: 422,
        subcode: 2494010,
        data: { reason: 'recipient_blacklisted' },
      });
      expect(graphBody(error, 'trace-1')).toEqual({
        error: {
          message: 'Recipient is blacklisted',
          type: 'GraphMethodException',
          code: 131000,
          error_subcode: 2494010,
          error_data: { reason: 'recipient_blacklisted' },
          fbtrace_id: 'trace-1',
        },
      });
    });

    it('keeps a subcode of 0 (given, though falsy)', () => {
      expect(graphBody(new GraphError(100, 'x', { subcode: 0 }), 't').error.error_subcode).toBe(0);
    });

    it('adds only the subcode when only the subcode is given', () => {
      const body = graphBody(new GraphError(190, 'Invalid OAuth access token.', { subcode: 463 }), 't');
      expect(body.error.error_subcode).toBe(463);
      expect('error_data' in body.error).toBe(false);
    });

    it('never writes the status or the headers into the body', () => {
      const body = graphBody(GraphError.invalidToken(), 't');
      expect(body).toEqual({
        error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 't' },
      });
    });

    it('echoes the given fbtrace_id', () => {
      const error = GraphError.permissionDenied('no');
      expect(graphBody(error, 'a').error.fbtrace_id).toBe('a');
      expect(graphBody(error, 'b').error.fbtrace_id).toBe('b');
    });
  });
});

describe('graphErrorForStatus', () => {
  it('401 → the invalid-token error', () => {
    const error = graphErrorForStatus(401, 'Unauthorized');
    expect(error).toMatchObject({
      code: 190,
      status: 401,
      type: 'OAuthException',
      message: 'Invalid OAuth access token.',
    });
    expect(error.options.headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  });

  it('403 → code 200, keeping the message or a default', () => {
    expect(graphErrorForStatus(403, 'Forbidden resource')).toMatchObject({
      code: 200,
      status: 403,
      message: '(#200) Forbidden resource',
    });
    expect(graphErrorForStatus(403)).toMatchObject({ code: 200, status: 403, message: '(#200) Permission denied' });
  });

  it('404 → code 100 with status 404', () => {
    expect(graphErrorForStatus(404, 'Cannot GET /nope')).toMatchObject({
      code: 100,
      status: 404,
      type: 'GraphMethodException',
      message: '(#100) Cannot GET /nope',
    });
    expect(graphErrorForStatus(404).message).toBe('(#100) Unknown path components');
  });

  it('413 → code 100 with status 413 and the original message as details', () => {
    const error = graphErrorForStatus(413, 'request entity too large');
    expect(error).toMatchObject({ code: 100, status: 413, message: '(#100) Request body too large' });
    expect(error.options.data).toEqual({ details: 'request entity too large' });
    expect(graphErrorForStatus(413).options.data).toBeUndefined();
  });

  it('429 → code 4 OAuthException', () => {
    expect(graphErrorForStatus(429, 'ThrottlerException: Too Many Requests')).toMatchObject({
      code: 4,
      status: 429,
      type: 'OAuthException',
      message: '(#4) Application request limit reached',
    });
  });

  it('400 → code 100 with status 400', () => {
    expect(graphErrorForStatus(400, 'Unexpected token } in JSON')).toMatchObject({
      code: 100,
      status: 400,
      message: '(#100) Unexpected token } in JSON',
    });
    expect(graphErrorForStatus(400).message).toBe('(#100) Invalid parameter');
  });

  it('other 4xx keep their status with code 100', () => {
    expect(graphErrorForStatus(415)).toMatchObject({ code: 100, status: 415 });
    expect(graphErrorForStatus(405, 'Method not allowed')).toMatchObject({ code: 100, status: 405 });
  });

  it.each([500, 502, 503, 504])('%i → 500 code 131000 without leaking the internal message', (status) => {
    const error = graphErrorForStatus(status, 'connect ECONNREFUSED 10.0.0.5:5432');
    expect(error).toMatchObject({
      code: 131000,
      status: 500,
      type: 'GraphMethodException',
      message: 'An unknown error occurred',
    });
    expect(JSON.stringify(graphBody(error, 't'))).not.toContain('ECONNREFUSED');
  });
});

describe('describeValidationErrors', () => {
  function validationError(
    property: string,
    constraints?: Record<string, string>,
    children: ValidationError[] = [],
  ): ValidationError {
    return { property, constraints, children };
  }

  it('lists each constraint of a top-level field as "field: message"', () => {
    const errors = [validationError('to', { isString: 'to must be a string', maxLength: 'to is too long' })];
    expect(describeValidationErrors(errors)).toEqual(['to: to must be a string', 'to: to is too long']);
  });

  it('prefixes nested children with their parent path', () => {
    const errors = [
      validationError('template', undefined, [
        validationError('language', undefined, [validationError('code', { isString: 'code must be a string' })]),
        validationError('name', { isNotEmpty: 'name should not be empty' }),
      ]),
      validationError('type', { isIn: 'type must be one of: text, template' }),
    ];
    expect(describeValidationErrors(errors)).toEqual([
      'template.language.code: code must be a string',
      'template.name: name should not be empty',
      'type: type must be one of: text, template',
    ]);
  });

  it("lists a parent's own constraints before those of its children", () => {
    const errors = [
      validationError('text', { isObject: 'text must be an object' }, [
        validationError('body', { isString: 'body must be a string' }),
      ]),
    ];
    expect(describeValidationErrors(errors)).toEqual([
      'text: text must be an object',
      'text.body: body must be a string',
    ]);
  });

  it('uses the given parent path', () => {
    expect(
      describeValidationErrors([validationError('code', { isString: 'code must be a string' })], 'language'),
    ).toEqual(['language.code: code must be a string']);
  });

  it('returns nothing for no errors or errors without constraints', () => {
    expect(describeValidationErrors([])).toEqual([]);
    expect(describeValidationErrors([validationError('x')])).toEqual([]);
  });

  it('describes real class-validator output, with array indexes in the path', () => {
    class Parameter {
      @IsString()
      type: string;
    }
    class Component {
      @IsString()
      type: string;

      @ValidateNested({ each: true })
      @Type(() => Parameter)
      parameters: Parameter[];
    }
    class Template {
      @IsString()
      @MaxLength(5)
      name: string;

      @IsInt()
      @Min(1)
      version: number;

      @ValidateNested({ each: true })
      @Type(() => Component)
      components: Component[];
    }

    const dto = plainToInstance(Template, {
      name: 'too long',
      version: 1,
      components: [{ type: 'body', parameters: [{ type: 'text' }, { type: 7 }] }],
    });
    const lines = describeValidationErrors(validateSync(dto));
    expect(lines).toEqual([
      'name: name must be shorter than or equal to 5 characters',
      'components.0.parameters.1.type: type must be a string',
    ]);
  });
});
