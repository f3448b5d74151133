import { type ValidationError, ValidationPipe } from '@nestjs/common';
import { GraphError } from './graph-error';

/** Flattens nested class-validator errors into `field.path: message` lines. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => `${path}: ${message}`);
    return [...own, ...describeValidationErrors(error.children ?? [], path)];
  });
}

/** Whitelisting, transforming validation whose failures are Graph errors with code 100 naming the field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const details = describeValidationErrors(errors);
      return GraphError.invalidParameter(`Invalid parameter: ${details[0] ?? 'invalid request'}`, details.join('; '));
    },
  });
}
