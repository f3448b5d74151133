import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Response } from 'express';
import { PreallocatedCache } from '../../common/bounded-cache';
import { compareFeedIds, type FeedEntry, SharedStore } from '../../redis/shared-store';
import { InboxService } from '../inbox.service';
import { type LiveEvent, mayCarry, type Watcher } from './live-event';

/** Entries kept per organization's feed (about: Redis trims by whole nodes), for reconnects to resume from. */
const FEED_KEEP = 2_000;
/** A feed is dropped this long after its last entry: a reader away longer starts afresh. */
const FEED_TTL_MS = 3_600_000;
/** The most entries a reconnect is sent; a reader further behind starts afresh. */
const RESUME_MAX = 1_000;
/** An instance with open streams says so every REFRESH_MS; what it said holds LISTEN_TTL_MS. */
const REFRESH_MS = 20_000;
const LISTEN_TTL_MS = 60_000;
/** A comment line on every stream this often: proxies keep an idle stream open, and a dead one is found. */
const HEARTBEAT_MS = 25_000;
/** How long a watcher's visibility (the organization's setting, their role) is taken as known. */
const VISIBILITY_TTL_MS = 5_000;
/** The map and the channel by which instances tell each other which organizations have open streams. */
const LISTENERS_KEY = 'inbox:listeners';
const LISTENING_CHANNEL = 'inbox:listening';

const feedOf = (tenantId: string) => `inbox:${tenantId}`;

/** The current assignee of a conversation (null: nobody; undefined: no such conversation). */
export type AssigneeLookup = (
  tenantId: string,
  phoneNumberId: string,
  waId: string,
) => Promise<string | null | undefined>;

interface Stream {
  watcher: Watcher;
  res: Response;
  restricted: boolean;
  restrictedAt: number;
  /** Live entries arriving while the backlog is being sent (null once it is). */
  held: FeedEntry[] | null;
  lastId: string | null;
  /** Each entry is judged and written after the one before it, in feed order. */
  queue: Promise<void>;
}

/**
 * Updates pushed to the console (Server-Sent Events), across instances. Each organization has a feed
 * in the shared store (a Redis stream with its entries published on a channel by the same script):
 * an event appended on any instance reaches the streams every instance holds for that organization,
 * in order, and a reconnect names the last id it saw (`Last-Event-ID`) and is sent what followed.
 *
 * Nothing is appended for an organization nobody watches: instances holding streams say so in a map
 * every instance reads at start and on a channel every instance listens to, refreshed while they
 * hold them, so a message's cost is unchanged for every organization without an open console.
 *
 * Written over the shared store rather than with a socket library: the fan-out is a few lines over
 * Redis pub/sub, and resuming without gaps needs the stream's ids, which no such library keeps.
 */
@Injectable()
export class InboxLive implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('InboxLive');
  /** Organizations some instance has streams for, until when (epoch ms). */
  private readonly listening = new Map<string, number>();
  /** This instance's streams, per organization. */
  private readonly streams = new Map<string, Set<Stream>>();
  private readonly onEntry = new Map<string, (entry: FeedEntry) => void>();
  private refreshTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private lookup: AssigneeLookup = async () => undefined;
  private readonly assignees = new PreallocatedCache<string, { assignee: string | null }>({
    max: 50_000,
    ttl: VISIBILITY_TTL_MS,
  });

  constructor(
    private readonly store: SharedStore,
    private readonly inbox: InboxService,
  ) {}

  async onModuleInit(): Promise<void> {
    try {
      await this.store.onBroadcast(LISTENING_CHANNEL, (tenantId) =>
        this.listening.set(tenantId, Date.now() + LISTEN_TTL_MS),
      );
      for (const [tenantId, until] of Object.entries(await this.store.fields(LISTENERS_KEY)))
        if (Number(until) > Date.now()) this.listening.set(tenantId, Number(until));
    } catch (error) {
      this.logger.warn(`who watches is not known yet (${(error as Error).message}): learned from the next refresh`);
    }
  }

  onApplicationShutdown(): void {
    for (const streams of this.streams.values()) for (const stream of streams) stream.res.end();
    clearInterval(this.refreshTimer);
    clearInterval(this.heartbeatTimer);
  }

  /** How streams learn a conversation's assignee when an event does not carry it (messages/ answers). */
  lookUpAssigneesWith(lookup: AssigneeLookup): void {
    this.lookup = lookup;
  }

  /** Whether anyone watches the organization: a caller may skip building an event nobody reads. */
  watched(tenantId: string): boolean {
    const until = this.listening.get(tenantId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.listening.delete(tenantId);
    return false;
  }

  /** Tells the organization's open consoles, on every instance; nothing when none is open. Never throws. */
  publish(tenantId: string, event: LiveEvent): void {
    if (!this.watched(tenantId)) return;
    this.store
      .appendToFeed(feedOf(tenantId), JSON.stringify(event), FEED_KEEP, FEED_TTL_MS)
      .catch((error: Error) => this.logger.warn(`a live update was not sent: ${error.message}`));
  }

  /**
   * Serves one stream until the reader leaves: what followed `lastEventId` first (or `reset` when that
   * is no longer kept), then `ready`, then each event as it comes.
   */
  async open(watcher: Watcher, res: Response, lastEventId: string | undefined): Promise<void> {
    const stream: Stream = {
      watcher,
      res,
      restricted: watcher.userId !== null && (await this.inbox.restricts(watcher.tenantId, watcher.userId)),
      restrictedAt: Date.now(),
      held: [],
      lastId: lastEventId ?? null,
      queue: Promise.resolve(),
    };
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 1000\n\n');
    res.on('close', () => void this.close(stream));
    try {
      await this.catchUp(stream, lastEventId);
    } catch (error) {
      // The shared store did not answer: the reader reconnects (after `retry`) and resumes from its last id.
      this.logger.warn(`a stream could not start: ${(error as Error).message}`);
      res.end();
    }
  }

  private async catchUp(stream: Stream, lastEventId: string | undefined): Promise<void> {
    const watcher = stream.watcher;
    await this.watch(stream);
    let resumed = false;
    if (lastEventId !== undefined) {
      const { oldest, entries } = await this.store.readFeed(feedOf(watcher.tenantId), lastEventId, RESUME_MAX + 1);
      const kept =
        oldest === null
          ? Date.now() - Number(lastEventId.split('-')[0]) < FEED_TTL_MS
          : compareFeedIds(lastEventId, oldest) >= 0;
      if (kept && entries.length <= RESUME_MAX) {
        resumed = true;
        for (const entry of entries) await this.deliver(stream, entry);
      }
    }
    const held = stream.held ?? [];
    stream.held = null;
    for (const entry of held) await this.deliver(stream, entry);
    // `resumed: false`: read everything again (a first connection, or one too far behind to resume).
    this.write(stream, 'ready', { resumed }, undefined);
  }

  private async watch(stream: Stream): Promise<void> {
    const tenantId = stream.watcher.tenantId;
    let streams = this.streams.get(tenantId);
    if (!streams) {
      streams = new Set();
      this.streams.set(tenantId, streams);
      const onEntry = (entry: FeedEntry) => {
        for (const each of this.streams.get(tenantId) ?? []) {
          if (each.held) each.held.push(entry);
          else each.queue = each.queue.then(() => this.deliver(each, entry));
        }
      };
      this.onEntry.set(tenantId, onEntry);
      await this.store.subscribeFeed(feedOf(tenantId), onEntry);
      await this.announce(tenantId);
    }
    streams.add(stream);
    this.refreshTimer ??= setInterval(() => void this.refresh(), REFRESH_MS);
    this.heartbeatTimer ??= setInterval(() => {
      for (const streams of this.streams.values()) for (const each of streams) each.res.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
  }

  private async close(stream: Stream): Promise<void> {
    const tenantId = stream.watcher.tenantId;
    const streams = this.streams.get(tenantId);
    if (!streams?.delete(stream) || streams.size > 0) return;
    this.streams.delete(tenantId);
    const onEntry = this.onEntry.get(tenantId);
    this.onEntry.delete(tenantId);
    if (onEntry) await this.store.unsubscribeFeed(feedOf(tenantId), onEntry).catch(() => undefined);
    if (this.streams.size === 0) {
      clearInterval(this.refreshTimer);
      clearInterval(this.heartbeatTimer);
      this.refreshTimer = this.heartbeatTimer = undefined;
    }
  }

  /** Every instance learns the organization is watched (the map for those that start later). */
  private async announce(tenantId: string): Promise<void> {
    const until = Date.now() + LISTEN_TTL_MS;
    this.listening.set(tenantId, until);
    try {
      await this.store.setField(LISTENERS_KEY, tenantId, String(until));
      await this.store.broadcast(LISTENING_CHANNEL, tenantId);
    } catch (error) {
      this.logger.warn(`watching not announced (${(error as Error).message}): the next refresh says it`);
    }
  }

  private async refresh(): Promise<void> {
    for (const tenantId of this.streams.keys()) await this.announce(tenantId);
  }

  private async deliver(stream: Stream, entry: FeedEntry): Promise<void> {
    if (stream.lastId !== null && compareFeedIds(entry.id, stream.lastId) <= 0) return;
    const event = JSON.parse(entry.data) as LiveEvent;
    try {
      if (Date.now() - stream.restrictedAt > VISIBILITY_TTL_MS && stream.watcher.userId !== null) {
        stream.restricted = await this.inbox.restricts(stream.watcher.tenantId, stream.watcher.userId);
        stream.restrictedAt = Date.now();
      }
      const assignee = stream.restricted ? await this.assigneeFor(stream.watcher.tenantId, event) : undefined;
      if (mayCarry(stream.watcher, stream.restricted, event, assignee)) this.write(stream, event.type, event, entry.id);
    } catch (error) {
      this.logger.warn(`a live update was not judged: ${(error as Error).message}`);
    }
    stream.lastId = entry.id;
  }

  private async assigneeFor(tenantId: string, event: LiveEvent): Promise<string | null | undefined> {
    const key = `${tenantId}:${event.phone_number_id}:${event.wa_id}`;
    if ((event.type === 'conversation' || event.type === 'message') && event.assignee_id !== undefined) {
      this.assignees.set(key, { assignee: event.assignee_id });
      return event.assignee_id;
    }
    const known = this.assignees.get(key);
    if (known) return known.assignee;
    const assignee = await this.lookup(tenantId, event.phone_number_id, event.wa_id);
    if (assignee !== undefined) this.assignees.set(key, { assignee });
    return assignee;
  }

  private write(stream: Stream, name: string, data: unknown, id: string | undefined): void {
    stream.res.write(`${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }
}
