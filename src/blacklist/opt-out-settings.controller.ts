import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { GraphError } from '../core/graph-error';
import { OptOutSettingsDto, PutOptOutSettingsDto } from './dto/opt-out-settings.dto';
import { normalizeKeyword } from './opt-out-keywords';
import { OptOutsService } from './opt-outs.service';

@ApiTags('blacklist')
@Controller('v1/opt_out_settings')
export class OptOutSettingsController {
  constructor(private readonly optOuts: OptOutsService) {}

  @Get()
  @Authenticated({ scopes: ['blacklist:read'] })
  @ApiOperation({ summary: "The organization's opt-out and opt-in keywords, and which templates an opt-out refuses" })
  @ApiOkResponse({ type: OptOutSettingsDto })
  get(@TenantId() tenantId: string): Promise<OptOutSettingsDto> {
    return this.optOuts.settings(tenantId);
  }

  @Put()
  @Authenticated({ scopes: ['blacklist:write'] })
  @Audited('opt_out_settings.update', {
    body: ['opt_out_keywords', 'opt_in_keywords', 'refuse_utility', 'refuse_authentication'],
  })
  @ApiOperation({
    summary: 'Change the opt-out settings (members left out keep their value)',
    description:
      'A keyword may not be in both lists. Marketing templates are always refused to customers who opted out; ' +
      '`refuse_utility` and `refuse_authentication` extend that to those categories.',
  })
  @ApiOkResponse({ type: OptOutSettingsDto })
  @ApiGraphErrors(400)
  async put(@TenantId() tenantId: string, @Body() body: PutOptOutSettingsDto): Promise<OptOutSettingsDto> {
    const current = await this.optOuts.settings(tenantId);
    const optOut = new Set((body.opt_out_keywords ?? current.opt_out_keywords).map(normalizeKeyword));
    const both = (body.opt_in_keywords ?? current.opt_in_keywords).find((k) => optOut.has(normalizeKeyword(k)));
    if (both !== undefined)
      throw GraphError.invalidParameter(
        'Invalid parameter',
        `opt_in_keywords: "${both}" is an opt-out keyword too; a keyword can mean one thing only`,
      );
    return this.optOuts.putSettings(tenantId, body);
  }
}
