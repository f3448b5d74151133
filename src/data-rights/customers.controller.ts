import { Controller, HttpCode, Logger, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../audit/audited.decorator';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { CustomerExportService } from './customer-export.service';
import { CustomerExportDto } from './dto/customer-export.dto';

/** A customer's data on request (GDPR articles 15 and 20, and their equivalents). */
@ApiTags('data rights')
@Controller('v1/customers')
export class CustomersController {
  private readonly logger = new Logger('DataRights');

  constructor(private readonly exports: CustomerExportService) {}

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
