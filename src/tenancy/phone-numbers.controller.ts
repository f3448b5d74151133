import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { GatewayRequest } from '../core/gateway-request';
import { textParameter } from '../core/graph-fields';
import { PhoneNumbersService } from './phone-numbers.service';

const FIELDS = {
  name: 'fields',
  required: false,
  description: 'Comma-separated fields, as Graph takes them (id is always included)',
};

/** Graph's phone-number edges: a business account's numbers, and a number's business profile. */
@ApiTags('phone numbers')
@Controller('v1')
export class PhoneNumbersController {
  constructor(private readonly phones: PhoneNumbersService) {}

  @Get(':wabaId/phone_numbers')
  @Authenticated({ scopes: ['business:read'] })
  @ApiOperation({
    summary:
      "The business account's phone numbers, as Meta's GET /{waba-id}/phone_numbers (those registered with the gateway)",
  })
  @ApiParam({ name: 'wabaId' })
  @ApiQuery(FIELDS)
  @ApiOkResponse({
    schema: {
      example: {
        data: [
          {
            verified_name: 'Acme',
            display_phone_number: '+1 555-010-0001',
            id: '106540352242922',
            quality_rating: 'GREEN',
            code_verification_status: 'VERIFIED',
          },
        ],
        paging: { cursors: { before: 'MTA2NTQw', after: 'MTA2NTQw' } },
      },
    },
  })
  @ApiGraphErrors(500)
  list(@Req() req: GatewayRequest, @Query('fields') fields?: unknown) {
    return this.phones.list(req.tenant!.businessAccount!, textParameter(fields));
  }

  @Get(':phoneNumberId/whatsapp_business_profile')
  @Authenticated({ scopes: ['business:read'] })
  @ApiOperation({
    summary: "The number's business profile, as Meta's GET /{phone-number-id}/whatsapp_business_profile",
  })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiQuery(FIELDS)
  @ApiOkResponse({
    schema: {
      example: {
        data: [
          {
            about: 'We ship worldwide',
            email: 'hello@example.com',
            websites: ['https://example.com'],
            vertical: 'RETAIL',
            messaging_product: 'whatsapp',
          },
        ],
      },
    },
  })
  @ApiGraphErrors(500)
  profile(@Req() req: GatewayRequest, @Query('fields') fields?: unknown) {
    return this.phones.profile(req.tenant!.phoneNumber!, textParameter(fields));
  }

  @Post(':phoneNumberId/whatsapp_business_profile')
  @HttpCode(200)
  @Authenticated({ scopes: ['business:write'] })
  @Audited('business_profile.update', {
    body: ['about', 'address', 'description', 'email', 'profile_picture_handle', 'vertical', 'websites'],
  })
  @ApiOperation({ summary: "Update the number's business profile (forwarded to upstream, which checks the fields)" })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiGraphErrors(400, 500)
  updateProfile(@Req() req: GatewayRequest, @Body() body: Record<string, unknown>) {
    return this.phones.updateProfile(req.tenant!.phoneNumber!, body);
  }
}
