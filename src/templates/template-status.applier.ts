import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type TemplateStatusReport, TemplatesRepository } from './templates.repository';

export type { TemplateStatusReport } from './templates.repository';

/**
 * Moves the catalog (table `message_templates`, owned here) with Meta's review events, inside the
 * caller's transaction. A report older than the status the template already has changes nothing.
 */
@Injectable()
export class TemplateStatusApplier {
  constructor(private readonly repository: TemplatesRepository) {}

  /** The template moved (null: none, or the report was older than its status). */
  apply(manager: EntityManager, report: TemplateStatusReport): Promise<{ name: string; language: string } | null> {
    return this.repository.applyStatus(manager, report);
  }
}
