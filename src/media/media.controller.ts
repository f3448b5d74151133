import { Body, Controller, HttpCode, Post, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { GraphError } from '../core/graph-error';
import type { GatewayRequest } from '../core/gateway-request';
import { MediaIdDto, UPLOAD_MEDIA_BODY_SCHEMA, UploadMediaDto } from './dto/media.dto';
import { ApiFileTooLarge, MediaFileInterceptor } from './media-file.interceptor';
import { MediaService, type ReceivedFile } from './media.service';

@ApiTags('media')
@Controller('v1/:phoneNumberId/media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Post()
  @HttpCode(200)
  @Authenticated({ scopes: ['media:write'] })
  @UseInterceptors(MediaFileInterceptor('memory'))
  @ApiOperation({
    summary: 'Upload media for sends',
    description:
      "Meta's `POST /{phone-number-id}/media`: multipart `file`, `type` (its MIME type) and `messaging_product=whatsapp`. " +
      "The type and size are checked against Meta's limits per kind before anything goes upstream (400 code 100 naming " +
      '`type` or `file`); a file over 100 MB is cut off while it arrives (413 code 100). The answer is the upstream media id, ' +
      'for `image.id`, `document.id` and so on in a send; it cannot serve as a template `header_handle`.',
  })
  @ApiParam({ name: 'phoneNumberId', description: 'Upstream phone number id of the organization' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_MEDIA_BODY_SCHEMA })
  @ApiOkResponse({ type: MediaIdDto })
  @ApiGraphErrors(400, 500)
  @ApiFileTooLarge()
  upload(
    @TenantId() tenantId: string,
    @Req() req: GatewayRequest,
    @UploadedFile() file: ReceivedFile | undefined,
    @Body() body: UploadMediaDto,
  ): Promise<MediaIdDto> {
    // Graph takes any parameter in the query string too: whatsapp-api-js sends messaging_product there.
    const product =
      body.messaging_product ??
      (typeof req.query.messaging_product === 'string' ? req.query.messaging_product : undefined);
    if (product !== 'whatsapp') {
      throw GraphError.invalidParameter(
        'Invalid parameter',
        `messaging_product: must be whatsapp${product === undefined ? ' (in the form or the query string)' : ''}`,
      );
    }
    return this.media.uploadForMessages(
      { tenantId, phone: req.tenant!.phoneNumber! },
      file,
      body.type ?? file?.mimetype ?? '',
    );
  }
}
