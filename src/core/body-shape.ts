import type { NextFunction, Request, Response } from 'express';
import { GraphError } from './graph-error';

export interface BodyShapeLimits {
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
  // For each open bracket: whether it is an array, and the elements seen in it so far.
  const arrays: boolean[] = [];
  const elements: number[] = [];
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === 0x5c) i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
      continue;
    }
    switch (byte) {
      case 0x22: // "
        inString = true;
        markElement(arrays, elements);
        break;
      case 0x5b: // [
      case 0x7b: // {
        markElement(arrays, elements);
        arrays.push(byte === 0x5b);
        elements.push(0);
        if (arrays.length > limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels (BODY_MAX_DEPTH)`;
        break;
      case 0x5d: // ]
      case 0x7d: // }
        arrays.pop();
        elements.pop();
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
    if (top >= 0 && arrays[top] && elements[top] > limits.maxArrayLength) return `an array with more than ${limits.maxArrayLength} elements (BODY_MAX_ARRAY_LENGTH)`;
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

/**
 * Express middleware after the body parsers: a JSON body beyond the limits is 400 code 100 naming
 * the limit, before any guard, pipe or transformation sees it.
 */
export function bodyShapeLimits(limits: BodyShapeLimits) {
  return (req: Request & { rawBody?: Buffer }, _res: Response, next: NextFunction): void => {
    if (req.rawBody && req.rawBody.length > 0 && req.is(['json', '+json'])) {
      const problem = jsonShapeProblem(req.rawBody, limits);
      if (problem) return next(GraphError.invalidParameter('Request body too complex', `body: ${problem}`));
    }
    next();
  };
}
