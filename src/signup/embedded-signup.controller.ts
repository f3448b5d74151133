import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { Authenticated, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { CompletedSignupDto, CompleteSignupDto, SignupSettingsDto } from './dto/embedded-signup.dto';
import { EmbeddedSignupService } from './embedded-signup.service';

@ApiTags('embedded signup')
@Controller('v1/embedded_signup')
export class EmbeddedSignupController {
  constructor(private readonly signup: EmbeddedSignupService) {}

  @Get()
  @Authenticated({ scopes: ['business:read'] })
  @ApiOperation({
    summary: "How the console opens Meta's Embedded Signup: the app, the configuration, the SDK and its origins",
  })
  @ApiOkResponse({ type: SignupSettingsDto })
  settings(): SignupSettingsDto {
    return this.signup.settings();
  }

  @Post()
  @HttpCode(200)
  @Authenticated({ scopes: ['numbers:connect'] })
  @Audited('embedded_signup.complete', { body: ['waba_id', 'phone_number_id'] })
  @ApiOperation({
    summary: "Finish Embedded Signup: the flow's code and ids; the gateway does Meta's steps and connects the number",
    description:
      'In order, each once: `exchange_code` (the code for the business token, with the app secret: on the server ' +
      'only), `subscribe_app` (the app subscribed to the account, the token kept encrypted), `register_number` (with ' +
      'the PIN given, or one the gateway makes and keeps encrypted), `add_number` (with its limits). A failure keeps ' +
      "Meta's code and names its step in `error_data.step`. Running it again for the same number adds no account, " +
      'number or registration. An account or number of another organization is 409 before the code is spent.',
  })
  @ApiOkResponse({ type: CompletedSignupDto })
  @ApiGraphErrors(400, 403, 409, 502)
  complete(@TenantId() tenantId: string, @Body() body: CompleteSignupDto): Promise<CompletedSignupDto> {
    return this.signup.complete(tenantId, body);
  }
}
