import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, TenantId } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { BlacklistService } from './blacklist.service';
import {
  AddBlacklistEntriesDto,
  AddBlacklistEntriesResponseDto,
  BlacklistPageDto,
  ListBlacklistQueryDto,
} from './dto/blacklist.dto';
import { SuccessDto } from '../common/pagination';

@ApiTags('blacklist')
@Controller('v1/blacklist')
export class BlacklistController {
  constructor(private readonly blacklist: BlacklistService) {}

  @Get()
  @Authenticated({ scopes: ['blacklist:read'] })
  @ApiOperation({
    summary: "The organization's blacklisted numbers, in the order they were added",
    description:
      'Cursor paging: pass `paging.cursors.after` as `after` for the next page; `paging.next` is absent on the last page.',
  })
  @ApiOkResponse({ type: BlacklistPageDto })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Query() query: ListBlacklistQueryDto,
    @Req() req: Request,
  ): Promise<BlacklistPageDto> {
    return this.blacklist.list(tenantId, query, req.originalUrl);
  }

  @Post()
  @HttpCode(200)
  @Authenticated({ scopes: ['blacklist:write'] })
  @Audited('blacklist.add', { body: ['phone_numbers', 'reason'] })
  @ApiOperation({
    summary: 'Blacklist one or more numbers',
    description:
      'Idempotent: a number already on the blacklist keeps its entry (id, created_at) and counts as `existing`; ' +
      'a `reason` given replaces its stored reason. Sends with `filter_blacklist=true` to these numbers are rejected ' +
      '(422, code 131000, error_data.reason = recipient_blacklisted).',
  })
  @ApiOkResponse({ type: AddBlacklistEntriesResponseDto })
  @ApiGraphErrors(400)
  add(@TenantId() tenantId: string, @Body() body: AddBlacklistEntriesDto): Promise<AddBlacklistEntriesResponseDto> {
    return this.blacklist.add(tenantId, body);
  }

  @Delete(':phoneNumber')
  @Authenticated({ scopes: ['blacklist:write'] })
  @Audited('blacklist.remove', {})
  @ApiOperation({ summary: 'Remove a number from the blacklist' })
  @ApiParam({
    name: 'phoneNumber',
    description: 'The number, normalized like a send recipient',
    example: '15551234567',
  })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(400, 404)
  async remove(@TenantId() tenantId: string, @Param('phoneNumber') phoneNumber: string): Promise<SuccessDto> {
    await this.blacklist.remove(tenantId, phoneNumber);
    return { success: true };
  }
}
