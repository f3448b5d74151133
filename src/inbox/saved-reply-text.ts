import { GraphError } from '../core/graph-error';

/** A saved reply's shortcut: typed as `/name` in the composer. */
export const SAVED_REPLY_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** `{{ contact.name }}`: a variable, spaces inside the braces allowed. */
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const ATTRIBUTE = /^contact\.attributes\.([A-Za-z0-9_-]{1,64})$/;

/** The variables a saved reply may hold, besides `contact.attributes.<key>`. */
export const SAVED_REPLY_VARIABLES = ['contact.name', 'contact.wa_id', 'agent.name', 'agent.email'] as const;

/** What a saved reply is filled with, for one conversation and the member who uses it. */
export interface SavedReplyValues {
  contact: { name: string | null; wa_id: string; attributes: Record<string, unknown> };
  agent: { name: string | null; email: string | null };
}

/** Every variable of `body` known, else 400 naming `field` and the first unknown one. */
export function checkVariables(body: string, field = 'body'): void {
  for (const [, name] of body.matchAll(VARIABLE))
    if (!(SAVED_REPLY_VARIABLES as readonly string[]).includes(name) && !ATTRIBUTE.test(name))
      throw GraphError.invalidParameter(
        'Invalid parameter',
        `${field}: unknown variable {{${name}}}; use ${SAVED_REPLY_VARIABLES.map((v) => `{{${v}}}`).join(', ')} ` +
          'or {{contact.attributes.<key>}}',
      );
}

/**
 * `body` with its variables filled: a value the conversation does not have (no name, an attribute
 * the contact lacks) is left empty; an attribute that is not text is written as JSON.
 */
export function fillVariables(body: string, values: SavedReplyValues): string {
  return body.replace(VARIABLE, (_whole, name: string) => {
    const attribute = ATTRIBUTE.exec(name)?.[1];
    const value =
      attribute !== undefined
        ? values.contact.attributes[attribute]
        : name === 'contact.name'
          ? values.contact.name
          : name === 'contact.wa_id'
            ? values.contact.wa_id
            : name === 'agent.name'
              ? values.agent.name
              : name === 'agent.email'
                ? values.agent.email
                : undefined;
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}
