import { Injectable } from '@nestjs/common';
import type { ComposedStatement } from '../database/composed-statement';
import { MessagesRepository, type ReportedStatus } from './messages.repository';

export type { ReportedStatus } from './messages.repository';

/**
 * Applies upstream status reports to the message records and their status history (tables
 * `message_statuses` and `messages`, owned here), as parts of the upstream webhook ingestion's one
 * statement (`ComposedStatement`: every status of a group commit at once, committed with the events
 * and the tenants' deliveries). Each status is kept once per message (one INSERT), and each record
 * moves to the furthest status the batch reports for it, never backwards (status-order.ts). A status
 * naming its record finds it by id, and gives a record whose send answer was lost its upstream id;
 * other statuses find their record by upstream id. Applying a status again (Meta redelivers) changes
 * nothing, so the parts need not know which of the batch's events are new.
 */
@Injectable()
export class MessageStatusApplier {
  constructor(private readonly repository: MessagesRepository) {}

  addTo(statement: ComposedStatement, reported: ReportedStatus[]): void {
    this.repository.addStatuses(statement, reported);
  }
}
