import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { TablePage, TablePages } from '../database/table-pages';

/** Reads a page of at most `limit` of the organization's rows of a kind after `after` (null: the first). */
export type OrganizationReader = (tenantId: string, after: string | null, limit: number) => Promise<TablePage>;

/** Deletes a batch of at most `limit` of the organization's rows (or keys) of a kind: how many. */
export type OrganizationDeletion = (tenantId: string, limit: number) => Promise<number>;

/** A file the organization keeps (a media library asset): its name in the archive, its size, its bytes. */
export interface OrganizationFile {
  name: string;
  size: number;
  open: () => Promise<Readable>;
}

/**
 * Where the owners of tables holding an organization's data say how to read all of it, by kind
 * (`messages`, `contacts`, `audit_log`…), and which files it keeps (media): data-rights/ writes the
 * organization's archive from them without importing the features that hold the data. Registered from
 * the owners' modules, as their customer data and purges are. This folder owns no table and knows no feature.
 */
@Injectable()
export class OrganizationData {
  private readonly readers = new Map<string, OrganizationReader>();
  private readonly files = new Map<string, (tenantId: string) => AsyncIterable<OrganizationFile>>();
  private readonly deletions = new Map<string, OrganizationDeletion>();

  register(kind: string, read: OrganizationReader): void {
    if (this.readers.has(kind)) throw new Error(`organization data of kind ${kind} is registered twice`);
    this.readers.set(kind, read);
  }

  /**
   * Each of an owner's tables, read whole an organization at a time (database/table-pages.ts), by kind;
   * those named in `deleted` are deleted in batches too when the organization is (the others go with
   * what they hang on: the organization's row, its business accounts).
   */
  registerTables(tables: Record<string, TablePages>, deleted: string[] = []): void {
    for (const [kind, pages] of Object.entries(tables)) {
      this.register(kind, (tenantId, after, limit) => pages.page(tenantId, after, limit));
      if (deleted.includes(kind)) this.registerDeletion(kind, (tenantId, limit) => pages.deleteBatch(tenantId, limit));
    }
  }

  /**
   * How a kind of the organization's data goes when it is deleted: a batch of at most `limit` (how many
   * went; fewer than `limit`: done). Run in the order registered, before the organization's row goes.
   */
  registerDeletion(kind: string, remove: OrganizationDeletion): void {
    if (this.deletions.has(kind)) throw new Error(`deletion of ${kind} is registered twice`);
    this.deletions.set(kind, remove);
  }

  deletionKinds(): string[] {
    return [...this.deletions.keys()];
  }

  delete(kind: string, tenantId: string, limit: number): Promise<number> {
    const remove = this.deletions.get(kind);
    if (!remove) throw new Error(`no deletion of ${kind}`);
    return remove(tenantId, limit);
  }

  registerFiles(kind: string, list: (tenantId: string) => AsyncIterable<OrganizationFile>): void {
    if (this.files.has(kind)) throw new Error(`organization files of kind ${kind} are registered twice`);
    this.files.set(kind, list);
  }

  /** The kinds of rows registered, in a stable order. */
  kinds(): string[] {
    return [...this.readers.keys()].sort();
  }

  fileKinds(): string[] {
    return [...this.files.keys()].sort();
  }

  read(kind: string, tenantId: string, after: string | null, limit: number): Promise<TablePage> {
    const read = this.readers.get(kind);
    if (!read) throw new Error(`no organization data of kind ${kind}`);
    return read(tenantId, after, limit);
  }

  list(kind: string, tenantId: string): AsyncIterable<OrganizationFile> {
    const list = this.files.get(kind);
    if (!list) throw new Error(`no organization files of kind ${kind}`);
    return list(tenantId);
  }
}
