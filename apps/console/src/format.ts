import { metaErrorCode } from '../../../src/core/meta-error-codes';

export const time = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/** A Graph error's code, Meta's title and the plain-language hint (the API's own table of Meta's codes). */
export function explainError(error: Record<string, unknown> | null | undefined) {
  if (!error) return undefined;
  const code = typeof error.code === 'number' ? error.code : undefined;
  const known = code === undefined ? undefined : metaErrorCode(code);
  const message =
    typeof error.message === 'string' ? error.message : typeof error.title === 'string' ? error.title : '';
  return { code, title: known?.title ?? message, message, hint: known?.hint };
}
