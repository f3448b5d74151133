import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, TenantId } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { nextPageUrl } from '../common/pagination';
import { markUntrustedDownload } from '../core/untrusted-content';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import {
  ListMediaAssetsQueryDto,
  MediaAssetDto,
  MediaAssetPageDto,
  UPLOAD_LIBRARY_ASSET_BODY_SCHEMA,
  UploadLibraryAssetDto,
} from './dto/media.dto';
import { SuccessDto } from '../common/pagination';
import { ApiFileTooLarge, MediaFileInterceptor } from './media-file.interceptor';
import { MEDIA_MIME_TYPES } from './media-limits';
import { MediaLibraryService, type ReceivedLibraryFile } from './media-library.service';

const ASSET_ID_PARAM = { name: 'assetId', description: 'Asset id (uuid)', format: 'uuid' };

@ApiTags('media library')
@Controller('v1/media_library')
export class MediaLibraryController {
  constructor(private readonly library: MediaLibraryService) {}

  @Post()
  @Authenticated({ scopes: ['media:write'] })
  @Audited('media_library.create', { body: ['name'] })
  @UseInterceptors(MediaFileInterceptor('library'))
  @ApiOperation({
    summary: 'Store a file in the organization media library',
    description:
      "Multipart `file` (any media type WhatsApp accepts, taken from the file part's Content-Type; up to 100 MB) and an optional " +
      '`name`. The answer carries the asset id, usable as `header_media_file_id` when creating a template.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_LIBRARY_ASSET_BODY_SCHEMA })
  @ApiCreatedResponse({ type: MediaAssetDto })
  @ApiGraphErrors(400)
  @ApiFileTooLarge()
  upload(
    @TenantId() tenantId: string,
    @UploadedFile() file: ReceivedLibraryFile | undefined,
    @Body() body: UploadLibraryAssetDto,
  ): Promise<MediaAssetDto> {
    return this.library.upload(tenantId, file, body.name);
  }

  @Get()
  @Authenticated({ scopes: ['media:read'] })
  @ApiOperation({
    summary: "The organization's media assets, newest first",
    description:
      'Cursor paging: pass `paging.cursors.after` as `after` for the next page; `paging.next` is absent on the last page.',
  })
  @ApiOkResponse({ type: MediaAssetPageDto })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Query() query: ListMediaAssetsQueryDto,
    @Req() req: Request,
  ): Promise<MediaAssetPageDto> {
    return this.library.list(tenantId, query, (after) => nextPageUrl(req.originalUrl, after));
  }

  @Get(':assetId')
  @Authenticated({ scopes: ['media:read'] })
  @ApiOperation({ summary: "One asset's metadata" })
  @ApiParam(ASSET_ID_PARAM)
  @ApiOkResponse({ type: MediaAssetDto })
  @ApiGraphErrors(404)
  get(@TenantId() tenantId: string, @Param('assetId') assetId: string): Promise<MediaAssetDto> {
    return this.library.get(tenantId, assetId);
  }

  @Get(':assetId/content')
  @Authenticated({ scopes: ['media:read'] })
  @ApiOperation({ summary: "The asset's bytes, with its content type (as an attachment)" })
  @ApiParam(ASSET_ID_PARAM)
  @ApiProduces(...MEDIA_MIME_TYPES)
  @ApiOkResponse({ description: 'The file', schema: { type: 'string', format: 'binary' } })
  @ApiGraphErrors(404)
  async content(
    @TenantId() tenantId: string,
    @Param('assetId') assetId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const content = await this.library.open(tenantId, assetId);
    markUntrustedDownload(res, content.fileName);
    return new StreamableFile(content.stream, { type: content.mimeType, length: content.sizeBytes });
  }

  @Delete(':assetId')
  @Authenticated({ scopes: ['media:write'] })
  @Audited('media_library.delete', {})
  @ApiOperation({ summary: 'Delete an asset and its file' })
  @ApiParam(ASSET_ID_PARAM)
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404)
  async remove(@TenantId() tenantId: string, @Param('assetId') assetId: string): Promise<SuccessDto> {
    await this.library.remove(tenantId, assetId);
    return { success: true };
  }
}
