import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { TablePage, TablePages } from '../database/table-pages';

/** Reads a page of at most `limit` of the organization's rows of a kind after `after` (null: the first). */
export type OrganizationReader = (tenantId: string, after: string | null, limit: number) => Promise<TablePage>;

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

  register(kind: string, read: OrganizationReader): void {
    if (this.readers.has(kind)) throw new Error(`organization data of kind ${kind} is registered twice`);
    this.readers.set(kind, read);
  }

  /** Each of an owner's tables, read whole an organization at a time (database/table-pages.ts), by kind. */
  registerTables(tables: Record<string, TablePages>): void {
    for (const [kind, pages] of Object.entries(tables))
      this.register(kind, (tenantId, after, limit) => pages.page(tenantId, after, limit));
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
