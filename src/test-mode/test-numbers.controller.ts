import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Audited } from '../audit/audited.decorator';
import { PageQueryDto } from '../common/pagination';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { Authenticated, TenantId } from '../core/access.decorators';
import { PhoneNumberPageDto } from '../tenancy/dto/organizations.dto';
import { phoneNumberJson } from '../tenancy/tenancy-json';
import { CreateTestNumberDto, TestNumberDto } from './dto/test-numbers.dto';
import { TestNumbersService } from './test-numbers.service';

const TEST_ONLY =
  'Test mode: with a test key (`svc_test_…`, or `svc_admin_test_…` naming the organization) only; a live key is ' +
  '400 code 100. The number is answered by the simulator, never by Meta.';

/** Test numbers: an organization's numbers at the simulator, made by the organization itself (test mode). */
@ApiTags('test mode')
@Controller('v1/test/phone_numbers')
export class TestNumbersController {
  constructor(private readonly numbers: TestNumbersService) {}

  @Post()
  @Authenticated({ scopes: ['numbers:connect'] })
  @Audited('test_numbers.create', { body: ['verified_name'] })
  @ApiOperation({
    summary: 'Make a test number, in a test business account of its own (at most TEST_NUMBERS_PER_ORGANIZATION)',
    description: TEST_ONLY,
  })
  @ApiCreatedResponse({ type: TestNumberDto })
  @ApiGraphErrors(400, 409)
  async create(@TenantId() tenantId: string, @Body() body: CreateTestNumberDto): Promise<TestNumberDto> {
    const made = await this.numbers.create(tenantId, { verifiedName: body.verified_name });
    return { ...phoneNumberJson(made.phone), waba_id: made.wabaId };
  }

  @Get()
  @Authenticated({ scopes: ['business:read'] })
  @ApiOperation({ summary: 'The organization’s test numbers, oldest first', description: TEST_ONLY })
  @ApiOkResponse({ type: PhoneNumberPageDto })
  @ApiGraphErrors(400)
  async list(
    @TenantId() tenantId: string,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<PhoneNumberPageDto> {
    const page = await this.numbers.list(tenantId, req.originalUrl, { limit: query.limit, after: query.after });
    return { ...page, data: page.data.map(phoneNumberJson) };
  }

  @Delete(':phoneNumberId')
  @HttpCode(200)
  @Authenticated({ scopes: ['numbers:connect'] })
  @Audited('test_numbers.delete', {})
  @ApiOperation({
    summary: 'Remove a test number and its test business account',
    description: `${TEST_ONLY} Refused (409 code 100) while records depend on it, as for any number.`,
  })
  @ApiParam({ name: 'phoneNumberId', example: '106540352242922' })
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiGraphErrors(400, 404, 409)
  async remove(@TenantId() tenantId: string, @Param('phoneNumberId') id: string): Promise<{ success: true }> {
    await this.numbers.remove(tenantId, id);
    return { success: true };
  }
}
