import { Type, type TypeHelpOptions } from 'class-transformer';
import { isURL, ValidateBy, ValidateNested, type ValidationArguments, type ValidationOptions } from 'class-validator';

/*
 * Small validation decorators for the send DTOs. Each reports ONE message per failure, worded to
 * follow the field path the global ValidationPipe prefixes (`text.body: must be ...`), which is why
 * they exist instead of stacking IsString + Length + IsNotEmpty (each of those adds its own line).
 */

type Message = string | ((args: ValidationArguments) => string);
type ClassType = new (...args: never[]) => object;

/** Any rule, as one decorator with one message. */
export function Satisfies(
  name: string,
  check: (value: unknown, args: ValidationArguments) => boolean,
  message: Message,
  options?: ValidationOptions,
): PropertyDecorator {
  return rule(name, check, message, options);
}

/** A field Meta refuses in this object (for example a caption on audio): present is an error. */
export function IsAbsent(message: string): PropertyDecorator {
  return rule('isAbsent', (value) => value === undefined, message);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Length in code points, so an emoji counts as one character as it does for a reader. */
function characters(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

function rule(
  name: string,
  validate: (value: unknown, args: ValidationArguments) => boolean,
  message: Message,
  options?: ValidationOptions,
) {
  return ValidateBy(
    { name, validator: { validate, defaultMessage: typeof message === 'function' ? message : () => message } },
    options,
  );
}

/** A string of min..max characters (max may be Infinity). */
export function IsText(min: number, max = Infinity, options?: ValidationOptions): PropertyDecorator {
  let message: string;
  if (max !== Infinity)
    message =
      min === 0 ? `must be a string of at most ${max} characters` : `must be a string of ${min} to ${max} characters`;
  else
    message =
      min === 0
        ? 'must be a string'
        : min === 1
          ? 'must be a non-empty string'
          : `must be a string of at least ${min} characters`;
  return rule(
    'isText',
    (value) => typeof value === 'string' && characters(value) >= min && characters(value) <= max,
    message,
    options,
  );
}

/** One of a fixed set of strings; `ignoreCase` for fields Meta reads case-insensitively. */
export function IsOneOf(
  values: readonly string[],
  options: ValidationOptions & { ignoreCase?: boolean } = {},
): PropertyDecorator {
  const { ignoreCase, ...validationOptions } = options;
  const allowed = new Set(ignoreCase ? values.map((value) => value.toLowerCase()) : values);
  return rule(
    'isOneOf',
    (value) => typeof value === 'string' && allowed.has(ignoreCase ? value.toLowerCase() : value),
    values.length === 1 ? `must be "${values[0]}"` : `must be one of: ${values.join(', ')}`,
    validationOptions,
  );
}

export function IsBooleanValue(options?: ValidationOptions): PropertyDecorator {
  return rule('isBooleanValue', (value) => typeof value === 'boolean', 'must be a boolean', options);
}

/**
 * An absolute http or https URL. Reachability is Meta's business, not ours; no length cap either
 * (pre-signed storage URLs run past validator's default 2083 characters).
 */
export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return rule(
    'isHttpUrl',
    (value) =>
      typeof value === 'string' &&
      isURL(value, {
        protocols: ['http', 'https'],
        require_protocol: true,
        require_valid_protocol: true,
        require_tld: false,
        allow_underscores: true,
        validate_length: false,
      }),
    'must be an http(s) URL',
    options,
  );
}

/**
 * A coordinate: a number, or a decimal string (Meta's own schema types latitude and longitude as
 * strings while its examples send numbers; it accepts both), within [min, max].
 */
export function IsCoordinate(min: number, max: number, options?: ValidationOptions): PropertyDecorator {
  return rule(
    'isCoordinate',
    (value) => {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)
            ? Number(value)
            : NaN;
      return Number.isFinite(number) && number >= min && number <= max;
    },
    `must be a number from ${min} to ${max}`,
    options,
  );
}

/** A JSON object of any shape, for sub-objects the gateway documents but leaves to Meta to check. */
export function IsLooseObject(options?: ValidationOptions): PropertyDecorator {
  return rule('isLooseObject', (value) => isPlainObject(value), 'must be an object', options);
}

/** An array of JSON objects of any shape, with at least `min` items. */
export function IsLooseObjectArray(min = 0, options?: ValidationOptions): PropertyDecorator {
  return rule(
    'isLooseObjectArray',
    (value) => Array.isArray(value) && value.length >= min && value.every(isPlainObject),
    min > 0 ? `must be an array of at least ${min} object${min === 1 ? '' : 's'}` : 'must be an array of objects',
    options,
  );
}

/**
 * Exactly one of this property and `other` is present (`id` / `link`, `name` / `group_name`, ...);
 * when this one is present it must also pass `check`. Put it on one property of the pair, always
 * validated (no IsOptional); the other one carries its own optional type rule.
 */
export function ExactlyOneOf(
  other: string,
  check: (value: unknown) => boolean,
  checkMessage: string,
  options?: ValidationOptions,
): PropertyDecorator {
  const problem = (value: unknown, args: ValidationArguments): string | undefined => {
    const mine = value !== undefined;
    const theirs = (args.object as Record<string, unknown>)[other] !== undefined;
    if (mine && theirs) return `give either ${args.property} or ${other}, not both`;
    if (!mine && !theirs) return `${args.property} or ${other} is required`;
    if (mine && !check(value)) return checkMessage;
    return undefined;
  };
  return rule(
    'exactlyOneOf',
    (value, args) => problem(value, args) === undefined,
    (args) => problem(args.value, args) ?? checkMessage,
    options,
  );
}

export const isNonEmptyString = (value: unknown): boolean => typeof value === 'string' && value.length > 0;

type TypeFunction = (options?: TypeHelpOptions) => ClassType;

/**
 * A nested object validated against a DTO class: class-transformer builds the instance and
 * ValidateNested validates it (primitives are reported as "must be an object"). Missing is
 * reported with `requiredMessage`; arrays, which ValidateNested would walk silently, are refused.
 * Combine with IsOptional or ValidateIf when the object is not always required.
 */
export function NestedObject(type: TypeFunction, requiredMessage: Message = 'is required'): PropertyDecorator {
  return compose(
    Type(type),
    ValidateNested({ message: 'must be an object' }),
    rule(
      'isNestedObject',
      (value) => value !== undefined && value !== null && !Array.isArray(value),
      (args) =>
        args.value === undefined || args.value === null
          ? typeof requiredMessage === 'function'
            ? requiredMessage(args)
            : requiredMessage
          : 'must be an object',
    ),
  );
}

/** An array of min..max nested objects, each validated against a DTO class. */
export function NestedArray(type: TypeFunction, min: number, max = Infinity, noun = 'item'): PropertyDecorator {
  const plural = `${noun}s`;
  let message: string;
  if (max !== Infinity) message = `must be an array of ${min} to ${max} ${plural}`;
  else
    message =
      min === 0 ? `must be an array of ${plural}` : `must be an array of at least ${min} ${min === 1 ? noun : plural}`;
  return compose(
    Type(type),
    ValidateNested({ message: 'must be an object' }),
    rule('isNestedArray', (value) => Array.isArray(value) && value.length >= min && value.length <= max, message),
  );
}

/** A rule over a whole array (totals, uniqueness) reported on the array's own path. */
export function ArrayRule(name: string, check: (items: unknown[]) => boolean, message: string): PropertyDecorator {
  return rule(name, (value) => !Array.isArray(value) || check(value), message);
}
