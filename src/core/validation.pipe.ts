import { type ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { GraphError } from './graph-error';

/** Flattens nested class-validator errors into `field.path: message` lines. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => `${path}: ${message}`);
    return [...own, ...describeValidationErrors(error.children ?? [], path)];
  });
}

type Rules = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>;
const REMEMBERED = Symbol('validation rules remembered per class');

/**
 * class-validator works out a class's rules anew for every object it validates: it filters the
 * class's own rules and then tests the class against every class that has rules (an `instanceof`
 * each, a few hundred DTOs here) for inherited ones, and groups the result by property. That was a
 * third of the validation of a send (3 % of its CPU, docs/performance.md). The rules are fixed once
 * the classes are defined (decorators run at definition, parents before children), so they are
 * worked out once per class and kept, through the library's own storage; calls with validation
 * groups, which the gateway does not use, go through as before. Patched here rather than forked: the
 * library's results are unchanged, only not recomputed.
 */
export function rememberValidationRules(): void {
  const storage = getMetadataStorage() as ReturnType<typeof getMetadataStorage> & { [REMEMBERED]?: true };
  if (storage[REMEMBERED]) return;
  storage[REMEMBERED] = true;
  const rulesOf = storage.getTargetValidationMetadatas.bind(storage);
  const byProperty = storage.groupByPropertyName.bind(storage);
  const kept = new Map<unknown, Map<string, Rules>>();
  const grouped = new WeakMap<Rules, Record<string, Rules>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups?.length) return rulesOf(target, schema, always, strictGroups, groups);
    const key = `${schema}|${always}|${strictGroups}`;
    let forClass = kept.get(target);
    if (!forClass) kept.set(target, (forClass = new Map<string, Rules>()));
    let rules = forClass.get(key);
    if (!rules) forClass.set(key, (rules = rulesOf(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let result = grouped.get(rules);
    if (!result) grouped.set(rules, (result = byProperty(rules)));
    return result;
  };
}

/** Whitelisting, transforming validation whose failures are Graph errors with code 100 naming the field. */
export function createValidationPipe(): ValidationPipe {
  rememberValidationRules();
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
