/**
 * The rules Meta's template review applies that the sandbox reproduces. Pure functions: the
 * templates service runs them when a review finishes.
 */

export type ReviewOutcome =
  { status: 'APPROVED' } | { status: 'REJECTED' | 'PAUSED' | 'DISABLED'; reason: string; description: string };

export interface ReviewInput {
  components: Array<Record<string, unknown>>;
  parameterFormat: 'POSITIONAL' | 'NAMED';
}

/**
 * Optional check of media header handles (spec: a handle serves one template; a media id from the
 * messages media endpoint is no handle). Returns why the handle is refused, or undefined.
 */
export type HeaderHandleCheck = (handle: string) => string | undefined;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

function variables(text: string): Array<{ token: string; name: string }> {
  return [...text.matchAll(VARIABLE)].map((match) => ({ token: match[0], name: match[1] }));
}

function reject(description: string): ReviewOutcome {
  return { status: 'REJECTED', reason: 'INVALID_FORMAT', description };
}

export function reviewTemplate(template: ReviewInput, checkHeaderHandle?: HeaderHandleCheck): ReviewOutcome {
  for (const component of template.components) {
    const outcome = reviewComponent(component, template.parameterFormat, checkHeaderHandle);
    if (outcome) return outcome;
  }
  return { status: 'APPROVED' };
}

function reviewComponent(
  component: Record<string, unknown>,
  parameterFormat: ReviewInput['parameterFormat'],
  checkHeaderHandle: HeaderHandleCheck | undefined,
): ReviewOutcome | undefined {
  const example = isObject(component.example) ? component.example : undefined;
  switch (component.type) {
    case 'BODY':
      return typeof component.text === 'string' ? reviewBody(component.text, example, parameterFormat) : undefined;
    case 'HEADER':
      if (component.format === 'TEXT' && typeof component.text === 'string') {
        return reviewHeaderText(component.text, example, parameterFormat);
      }
      if (checkHeaderHandle && ['IMAGE', 'VIDEO', 'DOCUMENT'].includes(String(component.format))) {
        const handles = example?.header_handle;
        if (!Array.isArray(handles) || handles.length !== 1 || typeof handles[0] !== 'string') {
          return reject(`The ${String(component.format)} header needs example.header_handle with one upload handle.`);
        }
        const refusal = checkHeaderHandle(handles[0]);
        return refusal ? reject(refusal) : undefined;
      }
      return undefined;
    case 'BUTTONS':
      for (const button of Array.isArray(component.buttons) ? component.buttons : []) {
        if (isObject(button) && button.type === 'URL' && typeof button.url === 'string') {
          const outcome = reviewUrlButton(button);
          if (outcome) return outcome;
        }
      }
      return undefined;
    default:
      return undefined;
  }
}

/** URL buttons: at most one variable, only {{1}}, last in the URL, with an example URL. */
function reviewUrlButton(button: Record<string, unknown>): ReviewOutcome | undefined {
  const url = String(button.url);
  const label = typeof button.text === 'string' ? `"${button.text}"` : 'URL button';
  const found = variables(url);
  if (found.length === 0) return undefined;
  if (found.length > 1) {
    return reject(`URL button ${label} has ${found.length} variables; a URL may contain at most one variable, {{1}}.`);
  }
  if (found[0].name !== '1') {
    return reject(
      `URL button ${label} uses the variable ${found[0].token}; the only variable allowed in a URL is {{1}}.`,
    );
  }
  if (!url.trimEnd().endsWith(found[0].token)) {
    return reject(`URL button ${label}: the variable {{1}} must be at the end of the URL, with nothing after it.`);
  }
  const example: unknown = button.example;
  const sample: unknown = Array.isArray(example) ? example[0] : example;
  if (typeof sample !== 'string' || sample.trim() === '') {
    return reject(`URL button ${label} has a variable but no example URL.`);
  }
  return undefined;
}

function reviewBody(
  text: string,
  example: Record<string, unknown> | undefined,
  parameterFormat: ReviewInput['parameterFormat'],
): ReviewOutcome | undefined {
  const found = variables(text);
  if (found.length === 0) return undefined;
  const shape = variableShape(found, parameterFormat, 'BODY');
  if (typeof shape !== 'string') return shape;
  if (shape === 'POSITIONAL') {
    const count = new Set(found.map((variable) => variable.name)).size;
    const row: unknown = Array.isArray(example?.body_text) ? example.body_text[0] : undefined;
    if (!Array.isArray(row) || row.length < count || row.some((value) => typeof value !== 'string')) {
      return reject(
        `The BODY has ${count} variable${count === 1 ? '' : 's'} but no example values for them (example.body_text).`,
      );
    }
    return undefined;
  }
  return namedExampleMissing(found, example?.body_text_named_params, 'BODY', 'example.body_text_named_params');
}

function reviewHeaderText(
  text: string,
  example: Record<string, unknown> | undefined,
  parameterFormat: ReviewInput['parameterFormat'],
): ReviewOutcome | undefined {
  const found = variables(text);
  if (found.length === 0) return undefined;
  if (found.length > 1) return reject('A TEXT header may contain at most one variable.');
  const shape = variableShape(found, parameterFormat, 'HEADER');
  if (typeof shape !== 'string') return shape;
  if (shape === 'POSITIONAL') {
    const values = example?.header_text;
    if (!Array.isArray(values) || typeof values[0] !== 'string') {
      return reject('The HEADER has a variable but no example value for it (example.header_text).');
    }
    return undefined;
  }
  return namedExampleMissing(found, example?.header_text_named_params, 'HEADER', 'example.header_text_named_params');
}

/** Positional ({{1}}, {{2}}, sequential) or named ({{first_name}}), never mixed, matching parameter_format. */
function variableShape(
  found: Array<{ token: string; name: string }>,
  parameterFormat: ReviewInput['parameterFormat'],
  where: string,
): 'POSITIONAL' | 'NAMED' | ReviewOutcome {
  const positional = found.filter((variable) => /^\d+$/.test(variable.name));
  const named = found.filter((variable) => /^[a-z_][a-z0-9_]*$/.test(variable.name));
  if (positional.length + named.length !== found.length) {
    const bad = found.find((variable) => !positional.includes(variable) && !named.includes(variable));
    return reject(`The ${where} has a malformed variable ${bad?.token ?? ''}.`);
  }
  if (positional.length && named.length) return reject(`The ${where} mixes positional and named variables.`);
  if (positional.length) {
    if (parameterFormat === 'NAMED')
      return reject(`The ${where} uses positional variables but parameter_format is NAMED.`);
    const numbers = [...new Set(positional.map((variable) => Number(variable.name)))].sort((a, b) => a - b);
    if (numbers.some((number, index) => number !== index + 1)) {
      return reject(`The ${where} variables must be numbered in sequence from {{1}}.`);
    }
    return 'POSITIONAL';
  }
  if (parameterFormat !== 'NAMED')
    return reject(`The ${where} uses named variables but parameter_format is not NAMED.`);
  return 'NAMED';
}

function namedExampleMissing(
  found: Array<{ name: string }>,
  params: unknown,
  where: string,
  field: string,
): ReviewOutcome | undefined {
  const covered = new Set(
    (Array.isArray(params) ? params : [])
      .filter((param): param is Record<string, unknown> => isObject(param) && typeof param.example === 'string')
      .map((param) => param.param_name),
  );
  const missing = found.find((variable) => !covered.has(variable.name));
  return missing ? reject(`The ${where} variable {{${missing.name}}} has no example value (${field}).`) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
