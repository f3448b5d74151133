/**
 * What the console is told as it happens, per organization: ids and states only (never a message's
 * text, a note's body or a customer's name), so a reader fetches what it shows through the API, which
 * applies its own checks again. `assignee_id` undefined: not known where the event was made.
 */
export type LiveEvent =
  | {
      type: 'message';
      phone_number_id: string;
      wa_id: string;
      direction: 'inbound' | 'outbound';
      message_id: string;
      assignee_id?: string | null;
    }
  | { type: 'status'; phone_number_id: string; wa_id: string; message_id: string; status: string }
  | {
      type: 'conversation';
      phone_number_id: string;
      wa_id: string;
      status: string;
      assignee_id: string | null;
      previous_assignee_id: string | null;
      team_id: string | null;
    }
  | { type: 'note'; phone_number_id: string; wa_id: string; note_id: string; mentions: string[] };

/** Who reads a stream, for what it may carry: the member (null: a machine's key) and the key's numbers. */
export interface Watcher {
  tenantId: string;
  userId: string | null;
  /** The key's numbers (null: all of the organization's). */
  numbers: ReadonlySet<string> | null;
}

/**
 * Whether `event` may go to a watcher who `restricted` (an agent who sees only theirs and the
 * unassigned): what concerns a conversation they may see, a conversation taken from them (so their
 * list drops it), and a note that mentions them. `assignee` is the conversation's assignee now when
 * the event does not say (undefined: unknown, not sent to a restricted watcher).
 */
export function mayCarry(
  watcher: Watcher,
  restricted: boolean,
  event: LiveEvent,
  assignee: string | null | undefined,
): boolean {
  if (watcher.numbers && !watcher.numbers.has(event.phone_number_id)) return false;
  if (!restricted) return true;
  const me = watcher.userId;
  if (event.type === 'note' && me !== null && event.mentions.includes(me)) return true;
  if (event.type === 'conversation' && event.previous_assignee_id === me) return true;
  return assignee === null || (assignee !== undefined && assignee === me);
}
