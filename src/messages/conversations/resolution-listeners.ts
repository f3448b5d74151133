import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A conversation resolved now (a person, a key or a rule resolved it). */
export interface ResolvedConversation {
  tenantId: string;
  phoneNumberId: string;
  waId: string;
  assigneeId: string | null;
  at: Date;
}

/**
 * What acts on a resolution: its work written in the transaction that resolves the conversation (so
 * none is lost and none is done twice), then run once that commits.
 */
export interface ResolutionListener {
  write(manager: EntityManager, resolved: ResolvedConversation): Promise<unknown[]>;
  afterCommit(written: unknown[]): void;
}

/**
 * Where the automations (which use the conversations' work, so the conversations cannot import them)
 * say they act on resolutions: the conversations' work calls what is registered here.
 */
@Injectable()
export class ResolutionListeners {
  private readonly listeners: ResolutionListener[] = [];

  register(listener: ResolutionListener): void {
    this.listeners.push(listener);
  }

  /** Each listener's work, written in `manager`'s transaction; what to run once it commits. */
  async write(manager: EntityManager, resolved: ResolvedConversation): Promise<() => void> {
    const written: Array<{ listener: ResolutionListener; items: unknown[] }> = [];
    for (const listener of this.listeners) written.push({ listener, items: await listener.write(manager, resolved) });
    return () => {
      for (const { listener, items } of written) if (items.length > 0) listener.afterCommit(items);
    };
  }
}
