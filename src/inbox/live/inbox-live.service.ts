import { randomUUID } from 'node:crypto';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Response } from 'express';
import type { Environment } from '../../config/environment';
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
/**
 * What the streams are sent is written in flushes, each one write (a system call) per stream held
 * here: 500 streams told of 100 events a second one by one would cost more than the messages
 * themselves. The interval grows with the streams held so that writes stay near WRITES_PER_SECOND
 * (100 streams: a flush every 100 ms; 500: every 500 ms), between FLUSH_MIN_MS and FLUSH_MAX_MS (an
 * event reaches every console within a second however many are open). An event after a quiet spell
 * goes out at once.
 */
const WRITES_PER_SECOND = 1_000;
const FLUSH_MIN_MS = 100;
const FLUSH_MAX_MS = 600;
/**
 * Events made here within this long go to an organization's feed together: one round trip to the
 * shared store and one message to each instance holding streams for several events.
 */
const GATHER_MS = 20;
/** How long a watcher's visibility (the organization's setting, their role) is taken as known. */
const VISIBILITY_TTL_MS = 5_000;
/** The map and the channel by which instances tell each other which organizations have open streams. */
const LISTENERS_KEY = 'inbox:listeners';
/** Members with a console open, per instance (`<organization>:<user>:<instance>`), until when (epoch ms). */
const PRESENCE_KEY = 'inbox:presence';
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
  rechecking: boolean;
  /** Live entries arriving while the backlog is being sent (null once it is). */
  held: FeedEntry[] | null;
  lastId: string | null;
  /** Entries waiting for an assignee's lookup, judged in feed order after each other. */
  queue: Promise<void>;
  pending: number;
  /** What is to be written at the next flush (for a stream judged one by one). */
  out: string;
  /** It takes every event of its organization as is (see Audience). */
  plain: boolean;
}

/**
 * One organization's streams on this instance. Those that take every event as is (`plain`: caught up,
 * not limited to some numbers, not an agent who sees only theirs) share one buffer: an event costs
 * them one string, not one per stream, and a flush writes the same bytes to each. The others are
 * judged one by one.
 */
interface Audience {
  plain: Set<Stream>;
  others: Set<Stream>;
  shared: string[];
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
export class InboxLive implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('InboxLive');
  /** Organizations some instance has streams for, until when (epoch ms). */
  private readonly listening = new Map<string, number>();
  /** This instance's streams, per organization. */
  private readonly streams = new Map<string, Audience>();
  private readonly onEntry = new Map<string, (entry: FeedEntry) => void>();
  private refreshTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private lastFlushAt = 0;
  /** Streams held by this instance (all organizations): what a flush costs. */
  private held = 0;
  /** Events made here not yet appended, per organization, in order. */
  private readonly gathered = new Map<string, string[]>();
  private gatherTimer: NodeJS.Timeout | undefined;
  private readonly unflushed = new Set<Stream>();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private lookup: AssigneeLookup = async () => undefined;
  private readonly assignees = new PreallocatedCache<string, { assignee: string | null }>({
    max: 50_000,
    ttl: VISIBILITY_TTL_MS,
  });

  private readonly graceMs: number;
  /** This process, in the presence map: each instance says only for its own streams. */
  private readonly instance = randomUUID();

  constructor(
    private readonly store: SharedStore,
    private readonly inbox: InboxService,
    config: ConfigService<Environment, true>,
  ) {
    this.graceMs = config.get('INBOX_PRESENCE_GRACE_MS', { infer: true });
  }

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

  /** Before the HTTP server closes (it waits for open connections, and a stream stays open). */
  beforeApplicationShutdown(): void {
    this.appendGathered();
    for (const audience of this.streams.values())
      for (const stream of [...audience.plain, ...audience.others]) stream.res.end();
    clearInterval(this.refreshTimer);
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.flushTimer);
    clearTimeout(this.gatherTimer);
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

  /** A customer's erasure (data-rights/): the live updates kept for resuming consoles that name the number. */
  eraseCustomer(tenantId: string, waId: string): Promise<number> {
    const needle = JSON.stringify(waId);
    return this.store.removeFromFeed(feedOf(tenantId), (data) => data.includes(needle));
  }

  /** An organization deleted: every live update kept for it. */
  forgetOrganization(tenantId: string): Promise<number> {
    return this.store.removeFromFeed(feedOf(tenantId), () => true);
  }

  /** Tells the organization's open consoles, on every instance; nothing when none is open. Never throws. */
  publish(tenantId: string, event: LiveEvent): void {
    if (!this.watched(tenantId)) return;
    const data = JSON.stringify(event);
    const waiting = this.gathered.get(tenantId);
    if (waiting) waiting.push(data);
    else this.gathered.set(tenantId, [data]);
    this.gatherTimer ??= setTimeout(() => this.appendGathered(), GATHER_MS);
  }

  private appendGathered(): void {
    clearTimeout(this.gatherTimer);
    this.gatherTimer = undefined;
    for (const [tenantId, data] of this.gathered)
      this.store
        .appendToFeed(feedOf(tenantId), data, FEED_KEEP, FEED_TTL_MS)
        .catch((error: Error) => this.logger.warn(`${data.length} live updates were not sent: ${error.message}`));
    this.gathered.clear();
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
      rechecking: false,
      held: [],
      lastId: lastEventId ?? null,
      queue: Promise.resolve(),
      pending: 0,
      out: '',
      plain: false,
    };
    // Delimited by the connection's close, not chunked: a write goes to the socket as it is, without a
    // chunk's size line and end around it (a fifth less CPU a write, docs/performance.md), and an event
    // stream ends only when its connection does anyway.
    res.removeHeader('Transfer-Encoding');
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'close',
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
        for (const entry of entries) this.offerEntry(stream, entry);
      }
    }
    const held = stream.held ?? [];
    stream.held = null;
    for (const entry of held) this.offerEntry(stream, entry);
    await stream.queue;
    // `resumed: false`: read everything again (a first connection, or one too far behind to resume).
    this.send(stream, `event: ready\ndata: ${JSON.stringify({ resumed })}\n\n`);
    // Caught up: what comes now is newer than anything sent. Flushed first, so the shared buffer holds
    // nothing it had from the backlog or the held entries.
    this.flush();
    stream.lastId = null;
    this.place(stream);
  }

  private offerEntry(stream: Stream, entry: FeedEntry): void {
    const event = JSON.parse(entry.data) as LiveEvent;
    this.offer(stream, entry, event, `id: ${entry.id}\nevent: ${event.type}\ndata: ${entry.data}\n\n`);
  }

  /** Into the shared buffer's streams, or out of them, as the stream's watcher now sees. */
  private place(stream: Stream): void {
    const audience = this.streams.get(stream.watcher.tenantId);
    if (!audience || stream.held) return;
    const plain = !stream.restricted && stream.watcher.numbers === null && stream.pending === 0;
    if (plain === stream.plain) return;
    this.flush();
    stream.plain = plain;
    (plain ? audience.others : audience.plain).delete(stream);
    (plain ? audience.plain : audience.others).add(stream);
  }

  private async watch(stream: Stream): Promise<void> {
    const tenantId = stream.watcher.tenantId;
    let audience = this.streams.get(tenantId);
    if (!audience) {
      const created: Audience = { plain: new Set(), others: new Set(), shared: [] };
      audience = created;
      this.streams.set(tenantId, created);
      const onEntry = (entry: FeedEntry) => {
        const event = JSON.parse(entry.data) as LiveEvent;
        const frame = `id: ${entry.id}\nevent: ${event.type}\ndata: ${entry.data}\n\n`;
        if (created.plain.size > 0) {
          created.shared.push(frame);
          this.scheduleFlush();
        }
        for (const each of created.others) {
          if (each.held) each.held.push(entry);
          else this.offer(each, entry, event, frame);
        }
      };
      this.onEntry.set(tenantId, onEntry);
      await this.store.subscribeFeed(feedOf(tenantId), onEntry);
      await this.announce(tenantId);
    }
    audience.others.add(stream);
    this.held++;
    if (stream.watcher.userId !== null) await this.bePresent(tenantId, [stream.watcher.userId], LISTEN_TTL_MS);
    this.refreshTimer ??= setInterval(() => void this.refresh(), REFRESH_MS);
    this.heartbeatTimer ??= setInterval(() => {
      for (const each of this.streams.values())
        for (const one of [...each.plain, ...each.others]) one.res.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
  }

  private async close(stream: Stream): Promise<void> {
    const tenantId = stream.watcher.tenantId;
    this.unflushed.delete(stream);
    const audience = this.streams.get(tenantId);
    if (!audience) return;
    if (audience.plain.delete(stream) || audience.others.delete(stream)) this.held--;
    const userId = stream.watcher.userId;
    // Their last stream here: present a little longer (a reload reconnects), unless another instance says so.
    if (userId !== null && ![...audience.plain, ...audience.others].some((s) => s.watcher.userId === userId))
      await this.bePresent(tenantId, [userId], this.graceMs);
    if (audience.plain.size + audience.others.size > 0) return;
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
    for (const [tenantId, audience] of this.streams) {
      await this.announce(tenantId);
      const present = new Set([...audience.plain, ...audience.others].map((s) => s.watcher.userId));
      present.delete(null);
      await this.bePresent(tenantId, [...present] as string[], LISTEN_TTL_MS);
    }
  }

  private async bePresent(tenantId: string, userIds: string[], forMs: number): Promise<void> {
    try {
      for (const userId of userIds)
        await this.store.setField(PRESENCE_KEY, `${tenantId}:${userId}:${this.instance}`, String(Date.now() + forMs));
    } catch (error) {
      this.logger.warn(`presence not said (${(error as Error).message}): the next refresh says it`);
    }
  }

  /**
   * Members whose last console closed (on every instance) more than the grace ago go offline: run by
   * the inbox's sweep, on one instance. Members who never opened a console are left as they set it.
   */
  async sweepAbsent(): Promise<void> {
    const now = Date.now();
    const members = new Map<string, { present: boolean; fields: string[] }>();
    for (const [field, until] of Object.entries(await this.store.fields(PRESENCE_KEY))) {
      const member = field.split(':').slice(0, 2).join(':');
      const seen = members.get(member) ?? { present: false, fields: [] };
      if (Number(until) >= now) seen.present = true;
      // Forgotten only long after (an instance still alive says so again within REFRESH_MS, and a
      // field it has just said again must not be deleted under it).
      else if (Number(until) < now - LISTEN_TTL_MS) seen.fields.push(field);
      members.set(member, seen);
    }
    for (const [member, { present }] of members)
      if (!present) {
        const [tenantId, userId] = member.split(':');
        await this.inbox.goOffline(tenantId, userId);
      }
    await this.store.deleteFields(
      PRESENCE_KEY,
      [...members.values()].flatMap((m) => m.fields),
    );
  }

  /**
   * An entry for a stream, in feed order: judged at once when the watcher sees everything, else after
   * the conversation's assignee is known (an entry waits for those before it).
   */
  private offer(stream: Stream, entry: FeedEntry, event: LiveEvent, frame: string): void {
    this.recheck(stream);
    if (!stream.restricted && stream.pending === 0) return this.judge(stream, entry, event, undefined, frame);
    stream.pending++;
    stream.queue = stream.queue.then(async () => {
      try {
        const assignee = stream.restricted ? await this.assigneeFor(stream.watcher.tenantId, event) : undefined;
        this.judge(stream, entry, event, assignee, frame);
      } catch (error) {
        this.logger.warn(`a live update was not judged: ${(error as Error).message}`);
      } finally {
        stream.pending--;
      }
    });
  }

  private judge(
    stream: Stream,
    entry: FeedEntry,
    event: LiveEvent,
    assignee: string | null | undefined,
    frame: string,
  ): void {
    // While catching up, an entry may come twice (read back and held live): sent once.
    if (stream.lastId !== null) {
      if (compareFeedIds(entry.id, stream.lastId) <= 0) return;
      stream.lastId = entry.id;
    }
    if (mayCarry(stream.watcher, stream.restricted, event, assignee)) this.send(stream, frame);
  }

  /** The watcher's visibility read again when it is older than VISIBILITY_TTL_MS, in the background. */
  private recheck(stream: Stream): void {
    const userId = stream.watcher.userId;
    if (userId === null || stream.rechecking || Date.now() - stream.restrictedAt < VISIBILITY_TTL_MS) return;
    stream.rechecking = true;
    this.inbox
      .restricts(stream.watcher.tenantId, userId)
      .then((restricted) => {
        stream.restricted = restricted;
        stream.restrictedAt = Date.now();
        this.place(stream);
      })
      .catch(() => undefined)
      .finally(() => (stream.rechecking = false));
  }

  private send(stream: Stream, text: string): void {
    stream.out += text;
    this.unflushed.add(stream);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    const every = Math.min(FLUSH_MAX_MS, Math.max(FLUSH_MIN_MS, (this.held * 1000) / WRITES_PER_SECOND));
    this.flushTimer ??= setTimeout(() => this.flush(), Math.max(0, this.lastFlushAt + every - Date.now()));
  }

  /** Every stream's waiting text, one write each; the shared buffers encoded once for all their streams. */
  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.lastFlushAt = Date.now();
    for (const audience of this.streams.values()) {
      if (audience.shared.length === 0) continue;
      const bytes = Buffer.from(audience.shared.join(''));
      audience.shared = [];
      for (const stream of audience.plain) stream.res.write(bytes);
    }
    for (const stream of this.unflushed) {
      stream.res.write(stream.out);
      stream.out = '';
    }
    this.unflushed.clear();
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
}
