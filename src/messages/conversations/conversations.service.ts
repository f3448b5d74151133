import { Injectable } from '@nestjs/common';
import { OptOutsService } from '../../blacklist/opt-outs.service';
import { decodeKeyset, encodeKeyset } from '../../common/keyset';
import { isUuid } from '../../common/uuid';
import { GraphError } from '../../core/graph-error';
import { TenancyService } from '../../tenancy/tenancy.service';
import { MessagesUpstream } from '../messages.upstream';
import { SERVICE_WINDOW_MS } from '../service-window.service';
import { InboxService } from '../../inbox/inbox.service';
import { ConversationWork, type Viewer } from './conversation-work.service';
import {
  type ConversationDto,
  type ConversationPageDto,
  type ListConversationsQueryDto,
  type MarkReadResultDto,
  type ThreadMessageDto,
  type ThreadPageDto,
  type ThreadQueryDto,
} from './conversation.dto';
import {
  type ConversationRow,
  ConversationsRepository,
  type ThreadPosition,
  type ThreadRow,
} from './conversations.repository';

/** A customer's WhatsApp id as the conversation routes take it. */
const WA_ID = /^\d{1,20}$/;
/** The first member of each list's cursor: a cursor of one list is refused by another. */
const LIST_CURSOR = 'conversations';
const THREAD_CURSOR = 'thread';
/** A thread cursor's time: UTC to the microsecond (conversations.repository.ts makes it). */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const MEDIA_TYPES = new Set(['image', 'audio', 'video', 'document', 'sticker']);

/**
 * The Inbox's reads and its one write: a number's conversations (one per customer, newest activity
 * first), a customer's thread (what they sent and what was sent them, in one time order, paged both
 * ways), and the read mark (at Meta, then here). Another organization's customer, or one this number
 * never talked to, answers like a missing id (404 code 100).
 */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly repository: ConversationsRepository,
    private readonly optOuts: OptOutsService,
    private readonly tenancy: TenancyService,
    private readonly graph: MessagesUpstream,
    private readonly inbox: InboxService,
    private readonly work: ConversationWork,
  ) {}

  async list(
    viewer: Viewer,
    tenantId: string,
    phoneNumberId: string,
    query: ListConversationsQueryDto,
    nextUrl: (after: string) => string,
  ): Promise<ConversationPageDto> {
    const after = query.after === undefined ? undefined : decodeListCursor(query.after);
    const optedOut =
      query.opted_out === undefined
        ? undefined
        : { among: await this.optOuts.optedOut(tenantId), wanted: query.opted_out };
    const rows = await this.repository.list(
      tenantId,
      phoneNumberId,
      {
        unread: query.unread,
        window: query.window,
        optedOut,
        q: query.q,
        status: query.status,
        ...(await this.ownership(viewer, tenantId, query)),
      },
      after,
      query.limit + 1,
      SERVICE_WINDOW_MS / 1000,
    );
    const page = rows.slice(0, query.limit);
    const opted = await this.optOuts.optedOutAmong(
      tenantId,
      page.map((row) => row.wa_id),
    );
    const last = page.at(-1);
    const cursorOf = (row: ConversationRow) =>
      encodeKeyset([LIST_CURSOR, new Date(row.last_message_at).toISOString(), row.wa_id]);
    return {
      data: page.map((row) => toConversation(row, opted.has(row.wa_id))),
      paging: {
        cursors: { ...(page[0] && { before: cursorOf(page[0]) }), ...(last && { after: cursorOf(last) }) },
        ...(rows.length > query.limit && last && { next: nextUrl(cursorOf(last)) }),
      },
    };
  }

  /** The list's filters of who has a conversation: the view, `assignee_id`, `team_id`, and what the viewer may see. */
  private async ownership(
    viewer: Viewer,
    tenantId: string,
    query: ListConversationsQueryDto,
  ): Promise<{ assignee?: string | null; teams?: string[]; visibleTo?: string }> {
    const filter: { assignee?: string | null; teams?: string[]; visibleTo?: string } = {};
    if (viewer.restricted && viewer.userId) filter.visibleTo = viewer.userId;
    if (query.assignee_id !== undefined) filter.assignee = query.assignee_id;
    if (query.team_id !== undefined) filter.teams = [query.team_id];
    switch (query.view) {
      case 'mine':
        if (viewer.userId === null)
          throw GraphError.invalidParameter(
            'Invalid parameter',
            "view: mine is a person's view; this key is a machine's",
          );
        if (query.assignee_id !== undefined && query.assignee_id !== viewer.userId)
          throw GraphError.invalidParameter('Invalid parameter', 'assignee_id: view mine is the caller’s own');
        filter.assignee = viewer.userId;
        break;
      case 'unassigned':
        if (query.assignee_id !== undefined)
          throw GraphError.invalidParameter('Invalid parameter', 'assignee_id: view unassigned is nobody’s');
        filter.assignee = null;
        break;
      case 'team':
        if (query.team_id === undefined) {
          if (viewer.userId === null)
            throw GraphError.invalidParameter('Invalid parameter', "team_id: a machine's key names the team");
          filter.teams = await this.inbox.teamsOf(tenantId, viewer.userId);
        }
        break;
    }
    return filter;
  }

  async get(viewer: Viewer, tenantId: string, phoneNumberId: string, waId: string): Promise<ConversationDto> {
    const row = await this.conversation(tenantId, phoneNumberId, waId, viewer);
    const opted = await this.optOuts.optedOutAmong(tenantId, [row.wa_id]);
    return toConversation(row, opted.has(row.wa_id));
  }

  /**
   * A page of the thread: from the newest (no cursor), older than `after`, newer than `before`, or
   * from the message `at` going older; always newest first. `paging.next` pages older, `previous` newer.
   */
  async thread(
    viewer: Viewer,
    tenantId: string,
    phoneNumberId: string,
    waId: string,
    query: ThreadQueryDto,
    urlWith: (cursor: { after?: string; before?: string }) => string,
  ): Promise<ThreadPageDto> {
    const given = [query.after, query.before, query.at].filter((v) => v !== undefined).length;
    if (given > 1)
      throw GraphError.invalidParameter('Invalid parameter', 'after, before, at: give one of them at most');
    await this.conversation(tenantId, phoneNumberId, waId, viewer);
    let from: ThreadPosition | undefined;
    let older = true;
    let inclusive = false;
    if (query.after !== undefined) from = decodeThreadCursor(query.after, 'after', waId);
    if (query.before !== undefined) {
      from = decodeThreadCursor(query.before, 'before', waId);
      older = false;
    }
    if (query.at !== undefined) {
      from = await this.repository.position(tenantId, phoneNumberId, waId, query.at);
      if (!from) throw GraphError.notFound(`Message ${query.at} is not in this conversation`);
      inclusive = true;
    }
    const rows = await this.repository.thread(tenantId, phoneNumberId, waId, from, older, inclusive, query.limit + 1);
    const more = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    if (!older) page.reverse();
    const reactions = await this.repository.reactions(
      tenantId,
      phoneNumberId,
      waId,
      page.flatMap((row) => (row.wamid ? [row.wamid] : [])),
    );
    const newest = page[0];
    const oldest = page.at(-1);
    const cursorOf = (row: ThreadRow) => encodeKeyset([THREAD_CURSOR, waId, row.cursor_at, row.id]);
    // Older messages exist beyond this page when the query for older ones found more, or when it paged
    // newer (it came from somewhere older); newer ones likewise.
    const hasOlder = older ? more : from !== undefined;
    const hasNewer = older ? from !== undefined : more;
    return {
      data: page.map((row) => toThreadMessage(row, reactions)),
      paging: {
        cursors: { ...(newest && { before: cursorOf(newest) }), ...(oldest && { after: cursorOf(oldest) }) },
        ...(hasOlder && oldest && { next: urlWith({ after: cursorOf(oldest) }) }),
        ...(hasNewer && newest && { previous: urlWith({ before: cursorOf(newest) }) }),
      },
    };
  }

  /**
   * The customer's messages are read: Meta is told (the read status on the newest, which marks the
   * earlier ones too; with the typing indicator when asked), then the conversation here. Meta's
   * refusal is the answer, and nothing changes here.
   */
  async markRead(
    viewer: Viewer,
    tenantId: string,
    phone: { phoneNumberId: string; businessAccountId: string },
    waId: string,
    typing: boolean,
  ): Promise<MarkReadResultDto> {
    const conversation = await this.conversation(tenantId, phone.phoneNumberId, waId, viewer);
    const latest = await this.repository.latestInbound(tenantId, phone.phoneNumberId, waId);
    if (latest === undefined)
      return {
        success: true,
        message_id: null,
        read_through: conversation.read_through?.toISOString() ?? null,
        unread_count: conversation.unread_count,
      };
    const token = await this.tenancy.accessToken(phone.businessAccountId);
    await this.graph.markAsRead(phone.phoneNumberId, token, latest, typing ? { type: 'text' } : undefined);
    const marked = await this.repository.markRead(tenantId, phone.phoneNumberId, latest);
    return {
      success: true,
      message_id: latest,
      read_through: marked ? new Date(marked.read_through).toISOString() : null,
      unread_count: marked?.unread_count ?? 0,
    };
  }

  /**
   * A read mark sent through the Cloud API's own route (`status: read`), once Meta took it: the
   * conversation here is read up to that message too. Not a customer's message of this number: nothing.
   */
  async readThrough(tenantId: string, phoneNumberId: string, wamid: string): Promise<void> {
    await this.repository.markRead(tenantId, phoneNumberId, wamid);
  }

  private conversation(
    tenantId: string,
    phoneNumberId: string,
    waId: string,
    viewer: Viewer,
  ): Promise<ConversationRow> {
    return this.work.visible(viewer, tenantId, phoneNumberId, waId);
  }
}

function decodeListCursor(text: string): { at: Date; waId: string } {
  const [, at, waId] = decodeKeyset(
    text,
    3,
    ([kind, time, id]) => kind === LIST_CURSOR && !Number.isNaN(Date.parse(time)) && WA_ID.test(id),
  );
  return { at: new Date(at), waId };
}

/** A thread cursor of this conversation; another list's, or another customer's thread's, names `name`. */
function decodeThreadCursor(text: string, name: 'after' | 'before', waId: string): ThreadPosition {
  try {
    const [, , at, id] = decodeKeyset(
      text,
      4,
      ([kind, customer, time, rowId]) =>
        kind === THREAD_CURSOR && customer === waId && CURSOR_TIME.test(time) && isUuid(rowId),
    );
    return { at, id };
  } catch {
    throw GraphError.invalidParameter('Invalid cursor', `${name}: not a cursor of this conversation's messages`);
  }
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

function toConversation(row: ConversationRow, optedOut: boolean): ConversationDto {
  const closesAt = row.last_inbound_at ? new Date(row.last_inbound_at).getTime() + SERVICE_WINDOW_MS : null;
  const open = closesAt !== null && closesAt > Date.now();
  return {
    wa_id: row.wa_id,
    profile_name: row.profile_name,
    last_message: row.last_direction
      ? {
          direction: row.last_direction,
          type: row.last_type ?? 'unknown',
          preview: row.last_preview ?? '',
          timestamp: new Date(row.last_message_at).toISOString(),
          id: row.last_message_id,
        }
      : null,
    unread_count: row.unread_count,
    window: { open, closes_at: open ? new Date(closesAt).toISOString() : null },
    opted_out: optedOut,
    status: row.status,
    snoozed_until: iso(row.snoozed_until),
    assignee_id: row.assignee_id,
    assigned_at: iso(row.assigned_at),
    team_id: row.team_id,
    resolved_at: iso(row.resolved_at),
    resolved_by: row.resolved_by,
  };
}

function toThreadMessage(
  row: ThreadRow,
  reactions: Array<{ target: string; emoji: string; at: Date; by: 'customer' | 'business' }>,
): ThreadMessageDto {
  const payload = row.payload;
  const at = new Date(row.at);
  // Each side's latest reaction to the message stands (an empty emoji takes it back), as in WhatsApp.
  const latest = new Map<string, { emoji: string; by: 'customer' | 'business'; timestamp: string }>();
  for (const r of reactions)
    if (r.target === row.wamid) latest.set(r.by, { emoji: r.emoji, by: r.by, timestamp: new Date(r.at).toISOString() });
  const context = payload.context as { id?: string; message_id?: string } | undefined;
  const contextId = context?.id ?? context?.message_id;
  const media = MEDIA_TYPES.has(row.type)
    ? (payload[row.type] as { id?: string; mime_type?: string } | undefined)
    : undefined;
  const base = {
    id: row.wamid ?? row.id,
    direction: row.direction,
    type: row.type,
    timestamp: at.toISOString(),
    context: typeof contextId === 'string' ? { id: contextId } : null,
    reactions: [...latest.values()].filter((r) => r.emoji !== ''),
    media:
      typeof media?.id === 'string'
        ? {
            id: media.id,
            mime_type: media.mime_type ?? null,
            url: `/v1/media/${encodeURIComponent(media.id)}/download`,
          }
        : null,
    message: payload,
  };
  return row.direction === 'inbound'
    ? { ...base, read: row.read === true }
    : { ...base, status: row.status ?? 'pending', record_id: row.id, error: row.error };
}
