import { type Node as JsonNode, parseTree } from 'jsonc-parser';
import { asciiJson, metaJson } from '../../libs/meta/meta-json';

/**
 * One change of an upstream delivery as tenants receive it: Meta's envelope reduced to that change,
 * in Meta's own bytes. Meta signs the bytes it sends, and receivers built for Meta check a signature
 * over bytes in Meta's serialization (see meta-json.ts), so the gateway keeps Meta's bytes rather than
 * serialize the parsed value again (which would also round numbers past 2^53 and change escapes):
 * - the delivery's other top-level members, the entry's other members and the change itself are
 *   copied byte for byte from what Meta sent;
 * - the one edit is the gateway's reference in a status's `biz_opaque_callback_data`
 *   (`gwr1:<record>[:<client value>]`): the client's value is kept in Meta's bytes, and the member is
 *   removed when the client sent none;
 * - a text that holds non-ASCII characters (never Meta's) has them escaped as Meta would.
 * With no raw text to copy from, the change is serialized the way Meta serializes (metaJson).
 */
export interface ChangeEnvelope {
  entryIndex: number;
  changeIndex: number;
  body: string;
}

/** A reference the gateway put into `biz_opaque_callback_data`, once read back. */
export interface ReadReference {
  recordId: string;
  clientValue: string | undefined;
}

/**
 * Every change of the delivery `raw` in its own envelope (none when `raw` is not an object with an
 * `entry` array). `read` reads a `biz_opaque_callback_data` value: undefined when it is not the gateway's.
 */
export function changeEnvelopes(raw: string, read: (value: unknown) => ReadReference | undefined): ChangeEnvelope[] {
  const root = parseTree(raw);
  if (root?.type !== 'object') return [];
  const entries = member(root, 'entry');
  if (entries?.type !== 'array') return [];
  const out: ChangeEnvelope[] = [];
  (entries.children ?? []).forEach((entry, entryIndex) => {
    if (entry.type !== 'object') return;
    const changes = member(entry, 'changes');
    if (changes?.type !== 'array') return;
    (changes.children ?? []).forEach((change, changeIndex) => {
      const changeText = withoutGatewayReferences(raw, change, read);
      const entryText = replaceMember(raw, entry, 'changes', `[${changeText}]`);
      out.push({ entryIndex, changeIndex, body: asciiJson(replaceMember(raw, root, 'entry', `[${entryText}]`)) });
    });
  });
  return out;
}

/** The change `value` in Meta's serialization, for a change that has no raw bytes to copy. */
export function serializedEnvelope(object: unknown, entry: Record<string, unknown>, change: unknown): string {
  return metaJson({ object, entry: [{ ...entry, changes: [change] }] });
}

const text = (raw: string, node: JsonNode) => raw.slice(node.offset, node.offset + node.length);

function member(object: JsonNode, name: string): JsonNode | undefined {
  const property = object.children?.find((p) => p.children?.[0]?.value === name);
  return property?.children?.[1];
}

/** The object's text, members copied as written, with the value of `name` replaced. */
function replaceMember(raw: string, object: JsonNode, name: string, value: string): string {
  const members = (object.children ?? []).map((property) => {
    const [key] = property.children ?? [];
    return key?.value === name ? `${text(raw, key)}:${value}` : text(raw, property);
  });
  return `{${members.join(',')}}`;
}

/**
 * The change's text with each status's `biz_opaque_callback_data` given back to the client: the
 * client's value in Meta's bytes, or no member at all when it sent none.
 */
function withoutGatewayReferences(
  raw: string,
  change: JsonNode,
  read: (value: unknown) => ReadReference | undefined,
): string {
  const edits: Array<{ start: number; end: number; replacement: string }> = [];
  const statuses = change.type === 'object' ? member(change, 'value') : undefined;
  const list = statuses?.type === 'object' ? member(statuses, 'statuses') : undefined;
  for (const status of list?.type === 'array' ? (list.children ?? []) : []) {
    if (status.type !== 'object') continue;
    const members = status.children ?? [];
    const at = members.findIndex((p) => p.children?.[0]?.value === 'biz_opaque_callback_data');
    if (at < 0) continue;
    const valueNode = members[at].children?.[1];
    const reference = valueNode && read(valueNode.value);
    if (!valueNode || !reference) continue;
    if (reference.clientValue === undefined) {
      // The member and one comma beside it.
      const property = members[at];
      const start = at > 0 ? members[at - 1].offset + members[at - 1].length : property.offset;
      const end = at > 0 || members.length === 1 ? property.offset + property.length : members[at + 1].offset;
      edits.push({ start, end, replacement: '' });
    } else {
      const token = text(raw, valueNode);
      const prefix = `"gwr1:${reference.recordId}:`;
      const replacement = token.startsWith(prefix) ? `"${token.slice(prefix.length)}` : metaJson(reference.clientValue);
      edits.push({ start: valueNode.offset, end: valueNode.offset + valueNode.length, replacement });
    }
  }
  let result = '';
  let cursor = change.offset;
  for (const edit of edits) {
    result += raw.slice(cursor, edit.start) + edit.replacement;
    cursor = edit.end;
  }
  return result + raw.slice(cursor, change.offset + change.length);
}
