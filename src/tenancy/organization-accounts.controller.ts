import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PageQueryDto } from '../common/pagination';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { BusinessAccountPageDto } from './dto/organizations.dto';
import { OnboardingService } from './onboarding.service';
import { businessAccountJson } from './tenancy-json';

/**
 * The business accounts of the organization a request acts for, with their Meta (WABA) ids: what
 * the console's template pages pick from. An operator's view across organizations is
 * `/v1/organizations/{id}/business_accounts`.
 */
@ApiTags('business')
@Controller('v1/business_accounts')
export class OrganizationAccountsController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get()
  @Authenticated({ scopes: ['business:read'] })
  @ApiOperation({ summary: "The organization's business accounts, oldest first" })
  @ApiOkResponse({ type: BusinessAccountPageDto })
  @ApiGraphErrors(400)
  async list(
    @TenantId() tenantId: string,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<BusinessAccountPageDto> {
    const page = await this.onboarding.pageBusinessAccounts(tenantId, query, req.originalUrl);
    return { ...page, data: page.data.map(businessAccountJson) };
  }
}
