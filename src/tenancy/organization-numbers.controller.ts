import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import type { AuthContext } from '../core/gateway-request';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { ListPhoneNumbersQueryDto, PhoneNumberPageDto } from './dto/organizations.dto';
import { OnboardingService } from './onboarding.service';
import { phoneNumberJson } from './tenancy-json';

/**
 * The numbers of the organization a request acts for, as the gateway knows them (settings, and the
 * limits learned from Meta): what the console's overview and number pickers read. Meta's own view of a
 * number is `GET /v1/{wabaId}/phone_numbers` and `GET /v1/{phoneNumberId}`.
 */
@ApiTags('business')
@Controller('v1/phone_numbers')
export class OrganizationNumbersController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get()
  @Authenticated({ scopes: ['business:read'] })
  @ApiOperation({
    summary: "The organization's phone numbers with their quality rating, throughput and messaging limit, oldest first",
    description: 'A key limited to some phone numbers lists those only.',
  })
  @ApiOkResponse({ type: PhoneNumberPageDto })
  @ApiGraphErrors(400)
  async list(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Query() query: ListPhoneNumbersQueryDto,
    @Req() req: Request,
  ): Promise<PhoneNumberPageDto> {
    const page = await this.onboarding.pagePhoneNumbers(
      tenantId,
      {
        limit: query.limit,
        after: query.after,
        wabaId: query.waba_id,
        // A key limited to some numbers lists those.
        only: auth.allowedPhoneNumberIds ? [...auth.allowedPhoneNumberIds] : undefined,
      },
      req.originalUrl,
    );
    return { ...page, data: page.data.map(phoneNumberJson) };
  }
}
