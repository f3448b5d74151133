import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { AuditService } from './audit.service';
import { AuditLogPageDto, ListAuditLogQueryDto } from './dto/audit-log.dto';

@ApiTags('audit')
@Controller('v1/audit_log')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Authenticated({ scopes: ['audit:read'], tenant: 'optional' })
  @ApiOperation({
    summary: 'Management writes, newest first: who, from where, when, and what they changed',
    description:
      'Every successful write to keys, webhook endpoints and their overrides, templates, broadcasts, the blacklist, ' +
      'contacts, the media library and onboarding (organizations, business accounts, numbers). Sends are not here: ' +
      'they are message records. An organization key reads its organization’s entries; an admin key its ' +
      'organizations’ (or the one X-Svc-Tenant-Id names); a platform key every entry, or one organization’s with ' +
      '`organization_id`. Entries are kept AUDIT_LOG_RETENTION_DAYS (365 by default) and never hold a secret. ' +
      'Cursor paging: pass `paging.cursors.after` as `after`.',
  })
  @ApiOkResponse({ type: AuditLogPageDto })
  @ApiGraphErrors(400)
  list(
    @CurrentAuth() auth: AuthContext,
    @Query() query: ListAuditLogQueryDto,
    @Req() req: Request,
  ): Promise<AuditLogPageDto> {
    return this.audit.list(auth, (req as GatewayRequest).tenant?.tenantId, query, req.originalUrl);
  }
}
