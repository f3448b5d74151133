import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, TenantId } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { MAX_DISTINCT_TAGS_PER_ORGANIZATION, MAX_TAGS_PER_CONTACT } from './contact-limits';
import { ContactsService } from './contacts.service';
import {
  ContactDto,
  ContactPageDto,
  ListContactsQueryDto,
  UpsertContactsDto,
  UpsertContactsResponseDto,
} from './dto/contacts.dto';
import { SuccessDto } from '../common/pagination';

const PHONE_NUMBER_PARAM = {
  name: 'phoneNumber',
  description: 'The contact number, normalized like a send recipient',
  example: '15551234567',
};

@ApiTags('contacts')
@Controller('v1/contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Post()
  @HttpCode(200)
  @Authenticated({ scopes: ['contacts:write'] })
  @Audited('contacts.upsert', { body: ['contacts'] })
  @ApiOperation({
    summary: 'Create or update contacts in bulk (1 to 1000)',
    description:
      'Keyed by phone number within the organization. On an existing contact, each field given (name, tags, attributes) ' +
      'replaces the stored one and each field omitted is kept. All or nothing: one transaction. ' +
      `Tag caps: ${MAX_TAGS_PER_CONTACT} tags per contact, ${MAX_DISTINCT_TAGS_PER_ORGANIZATION} distinct tags per organization; ` +
      'going over answers 409 code 131000 (error_data.reason contact_tag_limit or organization_tag_limit) and writes nothing.',
  })
  @ApiOkResponse({ type: UpsertContactsResponseDto })
  @ApiGraphErrors(400, 409)
  upsert(@TenantId() tenantId: string, @Body() body: UpsertContactsDto): Promise<UpsertContactsResponseDto> {
    return this.contacts.upsert(tenantId, body);
  }

  @Get()
  @Authenticated({ scopes: ['contacts:read'] })
  @ApiOperation({
    summary: "The organization's contacts, in the order they were created",
    description:
      'Cursor paging: pass `paging.cursors.after` as `after` for the next page; `paging.next` is absent on the last page.',
  })
  @ApiOkResponse({ type: ContactPageDto })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Query() query: ListContactsQueryDto,
    @Req() req: Request,
  ): Promise<ContactPageDto> {
    return this.contacts.list(tenantId, query, req.originalUrl);
  }

  @Get(':phoneNumber')
  @Authenticated({ scopes: ['contacts:read'] })
  @ApiOperation({ summary: 'One contact' })
  @ApiParam(PHONE_NUMBER_PARAM)
  @ApiOkResponse({ type: ContactDto })
  @ApiGraphErrors(400, 404)
  get(@TenantId() tenantId: string, @Param('phoneNumber') phoneNumber: string): Promise<ContactDto> {
    return this.contacts.get(tenantId, phoneNumber);
  }

  @Delete(':phoneNumber')
  @Authenticated({ scopes: ['contacts:write'] })
  @Audited('contacts.delete', {})
  @ApiOperation({ summary: 'Delete a contact' })
  @ApiParam(PHONE_NUMBER_PARAM)
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(400, 404)
  async remove(@TenantId() tenantId: string, @Param('phoneNumber') phoneNumber: string): Promise<SuccessDto> {
    await this.contacts.remove(tenantId, phoneNumber);
    return { success: true };
  }
}
