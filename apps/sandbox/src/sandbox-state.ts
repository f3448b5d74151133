import { newConversationId, newNumericId } from './ids';
import { defaultLimits, type NumberLimits } from './pacing';

export interface BusinessAccount {
  id: string;
  accessToken: string;
  name: string;
  /**
   * The apps subscribed to the account's webhooks (`POST /{waba-id}/subscribed_apps`): Meta sends an
   * account's webhooks only to the apps subscribed to it.
   */
  subscribedApps: Set<string>;
}

export interface PhoneNumber {
  id: string;
  wabaId: string;
  /** As Meta shows it in webhook metadata, for example `15550783881`. */
  displayPhoneNumber: string;
  verifiedName: string;
  /** Throughput level, messaging limit tier and quality rating (Meta's defaults until changed). */
  limits: NumberLimits;
  /**
   * When its sends' statuses come (test mode): its own delays from the send, or `manual` (only when the
   * control API says, `POST /_sandbox/messages/{wamid}/status`). Unset: the sandbox's delays.
   */
  statusDelays?: { sent: number; delivered: number; read: number } | 'manual';
}

export type TemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';
export type TemplateCategory = 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';

export interface Template {
  id: string;
  /** Creation order; list cursors point at it, so deletions never shift a page. */
  seq: number;
  wabaId: string;
  name: string;
  language: string;
  category: TemplateCategory;
  components: Record<string, unknown>[];
  parameterFormat: 'POSITIONAL' | 'NAMED';
  messageSendTtlSeconds?: number;
  status: TemplateStatus;
  /** Meta's `rejected_reason`: NONE unless rejected. */
  rejectedReason: string;
  /** Why the review rejected it, in words (sent as `other_info.description`). */
  rejectionDescription?: string;
  /** Timer of the pending automatic review, if any. */
  reviewTimer?: NodeJS.Timeout;
}

export interface Media {
  id: string;
  phoneNumberId: string;
  mimeType: string;
  sha256: string;
  bytes: Buffer;
  fileName?: string;
}

export interface UploadSession {
  /** The whole id handed out, `upload:<key>` (the `?sig=` part is kept apart). */
  id: string;
  sig: string;
  fileName: string;
  fileLength: number;
  fileType: string;
  /** Bytes received so far. */
  offset: number;
  handle?: string;
}

export interface HeaderHandle {
  handle: string;
  mimeType: string;
  byteLength: number;
  /** Template that used it first (handles are single-use across templates). */
  usedByTemplateId?: string;
}

interface Conversation {
  id: string;
  expiresAtSeconds: number;
}

const DAY_SECONDS = 24 * 60 * 60;

/** What the simulated Meta knows: accounts, numbers, templates, media, uploads and conversations. */
export class SandboxState {
  private readonly businessAccounts = new Map<string, BusinessAccount>();
  private readonly phoneNumbers = new Map<string, PhoneNumber>();
  private readonly templates = new Map<string, Template>();
  private readonly media = new Map<string, Media>();
  private readonly uploads = new Map<string, UploadSession>();
  private readonly handles = new Map<string, HeaderHandle>();
  private readonly conversations = new Map<string, Conversation>();
  /** Last inbound message time per `phoneNumberId:user`, for the 24-hour customer-service window. */
  private readonly lastInbound = new Map<string, number>();
  private templateSeq = 0;
  private readonly profiles = new Map<string, Record<string, unknown>>();

  /** A number's business profile (`whatsapp_business_profile`), with Meta's empty defaults. */
  businessProfile(phoneNumberId: string): Record<string, unknown> {
    let profile = this.profiles.get(phoneNumberId);
    if (!profile) {
      profile = {
        about: '',
        address: '',
        description: '',
        email: '',
        profile_picture_url: '',
        websites: [],
        vertical: 'UNDEFINED',
      };
      this.profiles.set(phoneNumberId, profile);
    }
    return profile;
  }

  /** Registers (or updates) an account; registering it again keeps its subscriptions, as at Meta. */
  registerBusinessAccount(id: string, accessToken: string, name?: string): BusinessAccount {
    const known = this.businessAccounts.get(id);
    const account = {
      id,
      accessToken,
      name: name ?? known?.name ?? `Sandbox business ${id}`,
      subscribedApps: known?.subscribedApps ?? new Set<string>(),
    };
    this.businessAccounts.set(id, account);
    return account;
  }

  registerPhoneNumber(id: string, wabaId: string, displayPhoneNumber: string, verifiedName?: string): PhoneNumber {
    const phone = {
      id,
      wabaId,
      displayPhoneNumber,
      verifiedName: verifiedName ?? 'Sandbox Business',
      // Registering a number again keeps what Meta knows of its limits.
      limits: this.phoneNumbers.get(id)?.limits ?? defaultLimits(),
    };
    this.phoneNumbers.set(id, phone);
    return phone;
  }

  businessAccount(id: string): BusinessAccount | undefined {
    return this.businessAccounts.get(id);
  }

  /** Every account subscribed to app `from` is subscribed to `to` instead. */
  renameSubscribedApp(from: string, to: string): void {
    for (const account of this.businessAccounts.values()) {
      if (!account.subscribedApps.delete(from)) continue;
      account.subscribedApps.add(to);
    }
  }

  /** Whether `appId` is subscribed to the account's webhooks (false for an unknown account). */
  isSubscribed(wabaId: string, appId: string): boolean {
    return this.businessAccounts.get(wabaId)?.subscribedApps.has(appId) ?? false;
  }

  phoneNumber(id: string): PhoneNumber | undefined {
    return this.phoneNumbers.get(id);
  }

  phoneNumbersOf(wabaId: string): PhoneNumber[] {
    return [...this.phoneNumbers.values()].filter((phone) => phone.wabaId === wabaId);
  }

  /** True when some registered business account uses this token. */
  isKnownToken(token: string): boolean {
    for (const account of this.businessAccounts.values()) if (account.accessToken === token) return true;
    return false;
  }

  /** A numeric id no registered or generated object uses yet. */
  newObjectId(): string {
    for (;;) {
      const id = newNumericId();
      if (!this.objectExists(id)) return id;
    }
  }

  private objectExists(id: string): boolean {
    return this.templates.has(id) || this.media.has(id) || this.phoneNumbers.has(id) || this.businessAccounts.has(id);
  }

  // Templates

  addTemplate(fields: Omit<Template, 'id' | 'seq'>): Template {
    const template: Template = { ...fields, id: this.newObjectId(), seq: ++this.templateSeq };
    this.templates.set(template.id, template);
    return template;
  }

  template(id: string): Template | undefined {
    return this.templates.get(id);
  }

  /** A business account's templates in creation order. */
  templatesOf(wabaId: string): Template[] {
    return [...this.templates.values()].filter((template) => template.wabaId === wabaId);
  }

  findTemplate(wabaId: string, name: string, language: string): Template | undefined {
    for (const template of this.templates.values()) {
      if (template.wabaId === wabaId && template.name === name && template.language === language) return template;
    }
    return undefined;
  }

  deleteTemplate(id: string): void {
    this.templates.delete(id);
    for (const handle of this.handles.values()) if (handle.usedByTemplateId === id) handle.usedByTemplateId = undefined;
  }

  // Media

  addMedia(fields: Omit<Media, 'id'>): Media {
    const media: Media = { ...fields, id: this.newObjectId() };
    this.media.set(media.id, media);
    return media;
  }

  mediaById(id: string): Media | undefined {
    return this.media.get(id);
  }

  deleteMedia(id: string): void {
    this.media.delete(id);
  }

  // Resumable uploads and header handles

  addUpload(session: UploadSession): void {
    this.uploads.set(session.id, session);
  }

  upload(id: string): UploadSession | undefined {
    return this.uploads.get(id);
  }

  addHeaderHandle(handle: HeaderHandle): void {
    this.handles.set(handle.handle, handle);
  }

  headerHandle(handle: string): HeaderHandle | undefined {
    return this.handles.get(handle);
  }

  // Conversations and the customer-service window

  recordInbound(phoneNumberId: string, userWaId: string, atSeconds: number): void {
    this.lastInbound.set(`${phoneNumberId}:${userWaId}`, atSeconds);
  }

  /** True while the user wrote to this number in the last 24 hours. */
  inServiceWindow(phoneNumberId: string, userWaId: string, atSeconds: number): boolean {
    const last = this.lastInbound.get(`${phoneNumberId}:${userWaId}`);
    return last !== undefined && atSeconds - last < DAY_SECONDS;
  }

  /**
   * The open conversation for (number, user, category), or a new one that lasts 24 hours. Meta
   * reports its id on every status and its expiry on the first `sent` of the conversation.
   */
  conversation(phoneNumberId: string, userWaId: string, category: string, atSeconds: number): Conversation {
    const key = `${phoneNumberId}:${userWaId}:${category}`;
    const open = this.conversations.get(key);
    if (open && open.expiresAtSeconds > atSeconds) return open;
    const started = { id: newConversationId(), expiresAtSeconds: atSeconds + DAY_SECONDS };
    this.conversations.set(key, started);
    return started;
  }
}
