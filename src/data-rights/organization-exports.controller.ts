import { Controller, Get, HttpCode, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../audit/audited.decorator';
import { type Page, PageQueryDto } from '../common/pagination';
import { Authenticated, CurrentAuth, Public, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { OrganizationExportDto, OrganizationExportPageDto } from './dto/organization-export.dto';
import { OrganizationExportService } from './organization-export.service';

/** The organization's whole data as one archive (GDPR article 20; an organization that leaves). */
@ApiTags('data rights')
@Controller('v1/organization_exports')
export class OrganizationExportsController {
  private readonly logger = new Logger('DataRights');

  constructor(private readonly exports: OrganizationExportService) {}

  @Post()
  @HttpCode(202)
  @Authenticated({ scopes: ['privacy:read'] })
  @Audited('organization_exports.create', { body: [] })
  @ApiOperation({
    summary: "The organization's whole data as one archive, made as a job",
    description:
      'Every kind of the organization’s rows as JSON Lines (`<kind>/part-0001.jsonl`, about 8 MB a part: ' +
      'messages with their statuses, inbound messages, conversations, notes, contacts, the blacklist, ' +
      'broadcasts and their recipients, templates, automations and their runs, webhook endpoints (not their ' +
      'secrets), deliveries and Meta’s events, usage, the audit log, the media library’s rows) and the media ' +
      'library’s files (`files/media_library/<id>/<name>`), with `manifest.json`, in one .tar.gz. Read the ' +
      'export for its progress, then its `download_url`. One runs at a time: 409 code 100 naming it.',
  })
  @ApiAcceptedResponse({ type: OrganizationExportDto })
  @ApiGraphErrors(409)
  start(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
  ): Promise<OrganizationExportDto> {
    return this.exports.start(tenantId, {
      key_id: auth.keyId,
      key_prefix: auth.keyPrefix,
      key_kind: auth.kind,
      person: auth.person,
      ip: req.ip ?? null,
    });
  }

  @Get()
  @Authenticated({ scopes: ['privacy:read'] })
  @ApiOperation({ summary: "The organization's exports, newest first", description: 'Cursor paging.' })
  @ApiOkResponse({ type: OrganizationExportPageDto })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Query() query: PageQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<Page<OrganizationExportDto>> {
    return this.exports.list(tenantId, query, req.originalUrl);
  }

  @Get(':id')
  @Authenticated({ scopes: ['privacy:read'] })
  @ApiOperation({ summary: 'An export: its progress, then a download link (a new one each read)' })
  @ApiOkResponse({ type: OrganizationExportDto })
  @ApiGraphErrors(404)
  get(@TenantId() tenantId: string, @Param('id') id: string): Promise<OrganizationExportDto> {
    return this.exports.get(tenantId, id);
  }

  @Get(':id/download')
  @Public()
  @ApiOperation({
    summary: 'The archive, through the signed link an export gave (no key)',
    description: 'An altered or expired link, or an archive no longer kept: 404 code 100.',
  })
  @ApiQuery({ name: 'expires', description: 'As the link gives it' })
  @ApiQuery({ name: 'signature', description: 'As the link gives it' })
  @ApiProduces('application/gzip')
  @ApiGraphErrors(404)
  async download(
    @Param('id') id: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const archive = await this.exports.download(id, expires, signature);
    res.status(200);
    res.setHeader('content-type', 'application/gzip');
    res.setHeader('content-length', String(archive.size));
    res.setHeader('content-disposition', `attachment; filename="organization-export-${id}.tar.gz"`);
    res.setHeader('cache-control', 'no-store');
    try {
      for await (const chunk of archive.chunks) {
        if (res.destroyed) return;
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    } catch (error) {
      // The status is sent: the answer ends short of its length, which the client sees.
      this.logger.warn(`an archive download stopped: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
