import { Body, Controller, HttpCode, Post, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { GatewayRequest } from '../core/gateway-request';
import { HeaderHandleDto, UPLOAD_TEMPLATE_MEDIA_BODY_SCHEMA, UploadTemplateMediaDto } from './dto/media.dto';
import { ApiFileTooLarge, MediaFileInterceptor } from './media-file.interceptor';
import { MediaService, type ReceivedFile } from './media.service';

@ApiTags('media')
@Controller('v1/:wabaId/template_media')
export class TemplateMediaController {
  constructor(private readonly media: MediaService) {}

  @Post()
  @HttpCode(200)
  @Authenticated({ scopes: ['templates:write'] })
  @UseInterceptors(MediaFileInterceptor('memory'))
  @ApiOperation({
    summary: 'Upload a template header sample; get a header_handle',
    description:
      'The file goes upstream through the resumable upload API. Types and limits of media headers: image/jpeg and image/png ' +
      '(5 MB), video/mp4 (16 MB), application/pdf (100 MB); the type is `type` when given, else the Content-Type of the file ' +
      'part. Put the answer in `components[].example.header_handle` of a template create on this business account: a handle ' +
      'serves one template.',
  })
  @ApiParam({ name: 'wabaId', description: 'Upstream business account id of the organization' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_TEMPLATE_MEDIA_BODY_SCHEMA })
  @ApiOkResponse({ type: HeaderHandleDto })
  @ApiGraphErrors(400, 500)
  @ApiFileTooLarge()
  upload(
    @TenantId() tenantId: string,
    @Req() req: GatewayRequest,
    @UploadedFile() file: ReceivedFile | undefined,
    @Body() body: UploadTemplateMediaDto,
  ): Promise<HeaderHandleDto> {
    return this.media.uploadForTemplate({ tenantId, businessAccount: req.tenant!.businessAccount! }, file, body.type);
  }
}
