import { HttpStatus } from '@nestjs/common';
import { GraphError } from '../core/graph-error';
import { metaErrorCode } from '../core/meta-error-codes';
import { TemplateRuleBroken, validateTemplateCreate, type ValidatedTemplate } from './template-create-rules';

/** The template errors of a send (their titles and hints: core/meta-error-codes.ts). */
export const TemplateErrorCode = {
  /** (#132000) Number of parameters does not match the expected number of params. */
  ParameterCount: 132000,
  /** (#132001) Template name does not exist in the translation (no APPROVED template of that name and language). */
  TemplateNotFound: 132001,
  /** (#132012) Parameter format does not match format in the created template. */
  ParameterFormat: 132012,
  /** (#100) Invalid parameter: structural errors. */
  InvalidParameter: 100,
} as const;

/** A template error in Meta's words (`(#code) title`), with `details` naming what is wrong. */
export function templateError(code: number, details: string, status?: number): GraphError {
  const title = metaErrorCode(code)?.title ?? 'Invalid parameter';
  return new GraphError(code, `(#${code}) ${title}`, { status, data: { details } });
}

/** 132001 (HTTP 404, as Meta): no APPROVED template of that name and language in the catalog. */
export function templateNotFound(name: string, language: string): GraphError {
  return templateError(
    TemplateErrorCode.TemplateNotFound,
    `template "${name}" (${language}) is not an APPROVED template of this business account`,
    HttpStatus.NOT_FOUND,
  );
}

/** 132001 for a send naming a template (or a smart-template group) the catalog has no APPROVED member of. */
export function noApprovedTemplate(what: string, language: string): GraphError {
  return templateError(TemplateErrorCode.TemplateNotFound, `No APPROVED ${what} in language ${language}`);
}

/** A broken create rule as the API answers it: 400 code 100 `Invalid template`, the field and the rule in details. */
export function invalidTemplate(broken: TemplateRuleBroken): GraphError {
  return GraphError.invalidParameter('Invalid template', broken.message);
}

/** The create rules (template-create-rules.ts), a broken one answered as 400 code 100. */
export function checkedTemplate(body: unknown): ValidatedTemplate {
  try {
    return validateTemplateCreate(body);
  } catch (error) {
    throw error instanceof TemplateRuleBroken ? invalidTemplate(error) : error;
  }
}
