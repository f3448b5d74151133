import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated, CurrentAuth, TenantId } from '../../core/access.decorators';
import { ApiGraphErrors } from '../../core/api-graph-errors.decorator';
import type { AuthContext } from '../../core/gateway-request';
import { GraphError } from '../../core/graph-error';
import { FEED_ID } from '../../redis/shared-store';
import { InboxLive } from './inbox-live.service';

/** The console's pushed updates: one Server-Sent Events stream per open console. */
@ApiTags('inbox')
@Controller('v1/inbox/events')
export class InboxEventsController {
  constructor(private readonly live: InboxLive) {}

  @Get()
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: 'Updates of the organization’s conversations as they happen (Server-Sent Events)',
    description:
      'Events `message` (a customer’s message or a send), `status` (a send’s status), `conversation` (assignee, ' +
      'team or status changed) and `note`, each with ids and states only, to be read through the API; `ready` ' +
      'once caught up (`resumed: false`: read everything again). A reconnect sends `Last-Event-ID` (or ' +
      '`?last_event_id=`) and gets what followed, within the last hour and 1,000 events. An agent who sees only ' +
      'theirs gets only what concerns theirs, the unassigned and notes that mention them; a key limited to some ' +
      'numbers, only theirs.',
  })
  @ApiProduces('text/event-stream')
  @ApiQuery({ name: 'last_event_id', required: false, description: 'The id of the last event seen' })
  @ApiOkResponse({ description: 'A text/event-stream that stays open' })
  @ApiGraphErrors(400)
  async stream(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Query('last_event_id') query: string | undefined,
    @Headers('last-event-id') header: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const lastEventId = header || query || undefined;
    if (lastEventId !== undefined && !FEED_ID.test(lastEventId))
      throw GraphError.invalidParameter('Invalid parameter', 'last_event_id: the id of an event this stream sent');
    await this.live.open({ tenantId, userId: auth.userId, numbers: auth.allowedPhoneNumberIds }, res, lastEventId);
  }
}
