import type { NextFunction, Request, Response } from 'express';
import { GraphError } from './graph-error';

export interface BodyShapeLimits {
  /**
   * Paths whose text is not checked here: Meta's webhook deliveries, which are acknowledged and
   * kept when they hold what cannot be stored (a 400 would only make Meta deliver them again).
   */
  textUncheckedPaths?: readonly string[];
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most elements in one array. */
  maxArrayLength: number;
}

/**
 * The first limit a JSON text breaks, in words, or undefined. One pass over the bytes, counting
 * brackets outside strings, so a hostile body is refused before anything walks the parsed value
 * (class-transformer recurses, and a few thousand levels overflow its stack).
 */
export function jsonShapeProblem(raw: Buffer, limits: BodyShapeLimits): string | undefined {
  // For each open bracket: whether it is an array, the elements seen in it so far, and the key it is
  // the value of (as [start, end) of its bytes, or -1: none), to name an array that is too long.
  const arrays: boolean[] = [];
  const elements: number[] = [];
  const keys: number[] = [];
  let inString = false;
  // The last string's bytes, and the key the next value belongs to (after a colon).
  let stringStart = -1;
  let stringEnd = -1;
  let keyStart = -1;
  let keyEnd = -1;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // backslash: skip the escaped character
      else if (byte === 0x22) {
        inString = false;
        stringEnd = i;
      }
      continue;
    }
    switch (byte) {
      case 0x22: // "
        inString = true;
        stringStart = i + 1;
        markElement(arrays, elements);
        break;
      case 0x3a: // :
        keyStart = stringStart;
        keyEnd = stringEnd;
        break;
      case 0x5b: // [
      case 0x7b: // {
        markElement(arrays, elements);
        arrays.push(byte === 0x5b);
        elements.push(0);
        // The key of an object's member; an array's elements are named by none.
        keys.push(arrays.length > 1 && !arrays[arrays.length - 2] ? keyStart : -1, keyEnd);
        if (arrays.length > limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels (BODY_MAX_DEPTH)`;
        break;
      case 0x5d: // ]
      case 0x7d: // }
        arrays.pop();
        elements.pop();
        keys.length -= 2;
        break;
      case 0x2c: // ,
        if (arrays[arrays.length - 1]) {
          elements[elements.length - 1] = -Math.abs(elements[elements.length - 1]); // the next value starts a new element
        }
        break;
      default:
        if (byte > 0x20) markElement(arrays, elements);
    }
    const top = elements.length - 1;
    if (top >= 0 && arrays[top] && elements[top] > limits.maxArrayLength) {
      const key = keys[2 * top] >= 0 ? raw.toString('utf8', keys[2 * top], keys[2 * top + 1]) : undefined;
      return `${key !== undefined && /^[\w.-]{1,64}$/.test(key) ? `${key}: ` : ''}an array with more than ${limits.maxArrayLength} elements (BODY_MAX_ARRAY_LENGTH)`;
    }
  }
  return undefined;
}

/**
 * Counts an element when a value starts inside an array: the count is kept negative between a
 * comma and the next value (and zero before the first), and turns positive, one higher, when it starts.
 */
function markElement(arrays: boolean[], elements: number[]): void {
  const top = elements.length - 1;
  if (top < 0 || !arrays[top] || elements[top] > 0) return;
  elements[top] = Math.abs(elements[top]) + 1;
}

/** Why PostgreSQL could not store a text: the NUL character, or half of a surrogate pair (not UTF-8). */
export const UNSTORABLE_TEXT = 'must not contain the NUL character (\\u0000) or an unpaired surrogate';

/** Whether PostgreSQL can store `text` in a text or jsonb column. */
export function storableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** `text` as PostgreSQL can store it: NUL written as the escape `\u0000`, an unpaired surrogate as U+FFFD. */
export function storableVersion(text: string): string {
  return text.replaceAll('\u0000', '\\u0000').toWellFormed();
}

/**
 * The path of the first string (or object key) in `value` that PostgreSQL cannot store, written the
 * way validation errors name fields (`template.components[0].parameters[1].text`), or undefined.
 */
export function unstorableTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return storableText(value) ? undefined : path || 'body';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const where = path ? `${path}.${key}` : key;
      if (!storableText(key)) return where;
      const found = unstorableTextPath(item, where);
      if (found) return found;
    }
  }
  return undefined;
}

/** `\u0000` or a `\uD800`–`\uDFFF` escape: only a JSON text holding one can parse into unstorable text. */
const SUSPECT_ESCAPE = /\\u(0000|d[89a-f])/i;

/** Whether a JSON text may parse into text PostgreSQL cannot store (a cheap test of its bytes). */
export function mayHoldUnstorableText(raw: Buffer): boolean {
  return raw.includes('\\u') && SUSPECT_ESCAPE.test(raw.toString('latin1'));
}

/**
 * Express middleware after the body parsers: a JSON body beyond the limits is 400 code 100 naming
 * the limit, before any guard, pipe or transformation sees it; so is a query value or a body (JSON
 * or form) holding text PostgreSQL cannot store, naming the field: every route, whatever it
 * does with the text, answers 400 rather than failing in the database. The common case costs one
 * scan of the bytes for a backslash-u escape (a raw NUL byte is not valid JSON, and bytes that are
 * not UTF-8 parse into U+FFFD, which is storable).
 */
export function bodyShapeLimits(limits: BodyShapeLimits) {
  const unchecked = new Set(limits.textUncheckedPaths ?? []);
  return (req: Request & { rawBody?: Buffer }, _res: Response, next: NextFunction): void => {
    const url = req.originalUrl ?? req.url;
    const checkText = !unchecked.has(req.path);
    // The query only: a path id holding NUL names nothing, and answers like any id that does not
    // exist (spec 5.8: 401 code 190, no hint); every route checks its path ids' form before a query.
    const query = url.indexOf('?');
    if (checkText && query >= 0 && url.includes('%00', query))
      return next(unstorable(queryFieldOf(url.slice(query + 1))));
    if (req.rawBody && req.rawBody.length > 0 && req.is(['json', '+json'])) {
      const problem = jsonShapeProblem(req.rawBody, limits);
      if (problem)
        return next(
          GraphError.invalidParameter(
            'Request body too complex',
            problem.includes(': an array') ? problem : `body: ${problem}`,
          ),
        );
      if (checkText && mayHoldUnstorableText(req.rawBody)) {
        const field = unstorableTextPath(req.body);
        if (field) return next(unstorable(field));
      }
    } else if (checkText && req.body && typeof req.body === 'object' && req.is('urlencoded')) {
      const field = unstorableTextPath(req.body);
      if (field) return next(unstorable(field));
    }
    next();
  };
}

function unstorable(field: string): GraphError {
  return GraphError.invalidParameter('Invalid parameter', `${field}: ${UNSTORABLE_TEXT}`);
}

/** The query parameter whose name or value holds an encoded NUL ("query" when its name cannot be told). */
function queryFieldOf(query: string): string {
  for (const pair of query.split('&')) {
    if (!pair.includes('%00')) continue;
    const name = pair.split('=')[0];
    let decoded: string;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      decoded = name;
    }
    return storableText(decoded) && decoded ? decoded : 'query';
  }
  return 'query';
}
