/** How long a conversation's preview of its last message is, at most (characters). */
export const PREVIEW_LENGTH = 100;

/**
 * The SQL expression of a message's short preview, from its payload (`payload`, jsonb: Meta's inbound
 * message object, or the body of a send) and its type (`type`): its text, caption, button or list
 * reply, template name, reaction, file name or place, else empty. One definition for both directions
 * and the migration that filled the conversations in.
 */
export function previewSql(payload: string, type: string): string {
  return `left(coalesce(
    ${payload}->'text'->>'body', ${payload}->${type}->>'caption', ${payload}->'template'->>'name',
    ${payload}->'button'->>'text', ${payload}->'interactive'->'button_reply'->>'title',
    ${payload}->'interactive'->'list_reply'->>'title', ${payload}->'interactive'->'body'->>'text',
    ${payload}->'reaction'->>'emoji', ${payload}->'document'->>'filename', ${payload}->'location'->>'name',
    ''), ${PREVIEW_LENGTH})`;
}
