import { Controller, Get, HttpCode, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { decodeCursor, nextPageUrl, PageQueryDto, toPage, type Page } from '../common/pagination';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { GatewayRequest } from '../core/gateway-request';
import { type AutomationJobRow, AutomationsRepository } from './automations.repository';
import { AutomationsService, type NumberRef } from './automations.service';
import {
  AutomaticRepliesDto,
  type AutomationRunDto,
  AutomationRunListDto,
  BusinessHoursDto,
} from './dto/automations.dto';

/** A job as the run log shows it. */
export function runJson(row: AutomationJobRow): AutomationRunDto {
  return {
    id: row.id,
    event: row.event,
    event_id: row.event_id,
    phone_number_id: row.phone_number_id,
    wa_id: row.wa_id,
    state: row.finished_at ? 'done' : 'running',
    attempts: row.attempts,
    steps: row.log,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** A page of the run log, newest first, from `read` (rows before a cursor, one more than the page). */
export async function runsPage(
  query: PageQueryDto,
  originalUrl: string,
  read: (limit: number, before: { createdAt: Date; id: string } | null) => Promise<AutomationJobRow[]>,
): Promise<Page<AutomationRunDto>> {
  const cursor = decodeCursor(query.after);
  const rows = await read(query.limit + 1, cursor ? { createdAt: new Date(cursor.at), id: cursor.id } : null);
  return toPage(
    rows,
    query.limit,
    (row) => ({ at: row.created_at.toISOString(), id: row.id }),
    runJson,
    (after) => nextPageUrl(originalUrl, after),
  );
}

const numberOf = (tenantId: string, req: GatewayRequest): NumberRef => {
  const phone = req.tenant!.phoneNumber!;
  return { tenantId, phoneNumberId: phone.phoneNumberId, businessAccountId: phone.businessAccountId };
};

/** A number's business hours, automatic replies and what its automations did. */
@ApiTags('automations')
@ApiParam({ name: 'phoneNumberId' })
@Controller('v1/:phoneNumberId')
export class AutomationsController {
  constructor(
    private readonly automations: AutomationsService,
    private readonly repository: AutomationsRepository,
  ) {}

  @Get('business_hours')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The number's business hours" })
  @ApiOkResponse({ type: BusinessHoursDto })
  @ApiGraphErrors(404)
  hours(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<Record<string, unknown>> {
    return this.automations.hours(numberOf(tenantId, req));
  }

  @Put('business_hours')
  @HttpCode(200)
  @Authenticated({ scopes: ['members:write'] })
  @Audited('automations.business_hours', { body: ['time_zone', 'holidays'] })
  @ApiOperation({
    summary: "Set the number's business hours",
    description:
      'A time zone (IANA), open spans per weekday ("HH:MM" to "HH:MM", close after open, not overlapping; a day left ' +
      'out is closed), holidays (dates closed all day). The away message is sent outside them.',
  })
  @ApiBody({ type: BusinessHoursDto })
  @ApiOkResponse({ type: BusinessHoursDto })
  @ApiGraphErrors(400, 404)
  putHours(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<Record<string, unknown>> {
    return this.automations.putHours(numberOf(tenantId, req), req.body);
  }

  @Get('automatic_replies')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The number's away and welcome messages" })
  @ApiOkResponse({ type: AutomaticRepliesDto })
  @ApiGraphErrors(404)
  replies(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<Record<string, unknown>> {
    return this.automations.replies(numberOf(tenantId, req));
  }

  @Put('automatic_replies')
  @HttpCode(200)
  @Authenticated({ scopes: ['members:write'] })
  @Audited('automations.automatic_replies', { body: [] })
  @ApiOperation({
    summary: "Set the number's away and welcome messages (one left out keeps its value; null removes it)",
    description:
      'Each is free text or an APPROVED template with its parameters. The away message goes to a customer who ' +
      'writes outside business hours, at most once per `once_every_hours`; the welcome message on a customer’s ' +
      'first message to the number. Both go through the send path like any send (window, blacklist, opt-outs, ' +
      'pace, spending limit), ' +
      'exactly once per message however many instances run.',
  })
  @ApiBody({ type: AutomaticRepliesDto })
  @ApiOkResponse({ type: AutomaticRepliesDto })
  @ApiGraphErrors(400, 404)
  putReplies(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<Record<string, unknown>> {
    return this.automations.putReplies(numberOf(tenantId, req), req.body);
  }

  @Get('automation_runs')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: 'What the number’s automations did, newest first',
    description:
      'One entry per event they answered: each automation, whether it matched and why, its actions and their outcomes.',
  })
  @ApiOkResponse({ type: AutomationRunListDto })
  @ApiGraphErrors(400, 404)
  async runs(
    @TenantId() tenantId: string,
    @Req() req: GatewayRequest,
    @Query() query: PageQueryDto,
  ): Promise<Page<AutomationRunDto>> {
    const phoneNumberId = req.tenant!.phoneNumber!.phoneNumberId;
    return runsPage(query, req.originalUrl, (limit, before) =>
      this.repository.jobs(tenantId, phoneNumberId, limit, before),
    );
  }
}
