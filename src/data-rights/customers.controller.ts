import { Body, Controller, Get, HttpCode, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../audit/audited.decorator';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { CustomerExportService } from './customer-export.service';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { type Page, PageQueryDto } from '../common/pagination';
import { CustomerErasureService } from './customer-erasure.service';
import { CustomerExportDto } from './dto/customer-export.dto';
import { EraseCustomerDto, ErasureDto, ErasurePageDto } from './dto/erasure.dto';

/** A customer's data on request (GDPR articles 15, 17 and 20, and their equivalents). */
@ApiTags('data rights')
@Controller('v1/customers')
export class CustomersController {
  private readonly logger = new Logger('DataRights');

  constructor(
    private readonly exports: CustomerExportService,
    private readonly erasures: CustomerErasureService,
  ) {}

  @Post('erasures')
  @HttpCode(202)
  @Authenticated({ scopes: ['privacy:write'] })
  @Audited('customers.erase', { body: [] })
  @ApiOperation({
    summary: 'Erase everything the organization holds about a customer, as a job with a receipt',
    description:
      'Their messages with their status history, inbound messages, what the gateway knows of their media, ' +
      'conversations, notes, contact, broadcast rows, automation runs, webhook events and deliveries that ' +
      'carry their data, cached answers and pacing state in Redis. Usage entries keep their figures and the ' +
      'audit log its entries, the number replaced by a digest; an opt-out stays under the digest (marketing ' +
      'stays refused). What the customer sends after it began starts afresh. The number is in the body, ' +
      'never in a path or the audit log. Asking again while it runs answers the erasure running. A number ' +
      'the organization never had is 404 code 100.',
  })
  @ApiBody({ type: EraseCustomerDto })
  @ApiAcceptedResponse({ type: ErasureDto })
  @ApiGraphErrors(400, 404)
  erase(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Body() body: Record<string, unknown> | undefined,
    @Req() req: GatewayRequest,
  ): Promise<ErasureDto> {
    return this.erasures.start(tenantId, body?.wa_id, {
      key_id: auth.keyId,
      key_prefix: auth.keyPrefix,
      key_kind: auth.kind,
      person: auth.person,
      ip: req.ip ?? null,
    });
  }

  @Get('erasures')
  @Authenticated({ scopes: ['privacy:read'] })
  @ApiOperation({
    summary: "The organization's erasures and their receipts, newest first",
    description: 'Cursor paging: pass `paging.cursors.after` as `after`.',
  })
  @ApiOkResponse({ type: ErasurePageDto })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Query() query: PageQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<Page<ErasureDto>> {
    return this.erasures.list(tenantId, query, req.originalUrl);
  }

  @Get('erasures/:id')
  @Authenticated({ scopes: ['privacy:read'] })
  @ApiOperation({ summary: 'An erasure: running with what it removed so far, or done with its receipt' })
  @ApiOkResponse({ type: ErasureDto })
  @ApiGraphErrors(404)
  erasure(@TenantId() tenantId: string, @Param('id') id: string): Promise<ErasureDto> {
    return this.erasures.get(tenantId, id);
  }

  @Post(':waId/export')
  @HttpCode(200)
  @Authenticated({ scopes: ['privacy:read'] })
  @Audited('customers.export', { body: [] })
  @ApiOperation({
    summary: 'Everything the organization holds about a customer, as one JSON file',
    description:
      'Their contact, conversations, notes, messages (each with its status history), inbound messages as ' +
      'Meta sent them, broadcasts they were in, what automations did, the blacklist: `data` by kind, `counts` ' +
      'at the end. Streamed; audited naming who asked. A customer the organization never had is 404 code 100.',
  })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiOkResponse({ type: CustomerExportDto })
  @ApiGraphErrors(400, 404)
  async export(@TenantId() tenantId: string, @Param('waId') waId: string, @Res() res: Response): Promise<void> {
    const customer = await this.exports.customer(tenantId, waId);
    res.status(200);
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="customer-${customer.waId}.json"`);
    res.setHeader('cache-control', 'no-store');
    const write = (chunk: string) =>
      new Promise<void>((resolve, reject) => {
        if (res.destroyed) return reject(new Error('the client went away'));
        if (res.write(chunk)) resolve();
        else res.once('drain', () => resolve());
      });
    try {
      await this.exports.write(customer, write);
      res.end();
    } catch (error) {
      // The status is sent: the answer ends short (not valid JSON), which the client sees.
      this.logger.warn(`a customer export stopped: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
