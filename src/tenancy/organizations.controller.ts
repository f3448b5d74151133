import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { PageQueryDto, SuccessDto } from '../common/pagination';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { OnboardingService } from './onboarding.service';
import { businessAccountJson, organizationJson, phoneNumberJson } from './tenancy-json';
import {
  BusinessAccountDto,
  BusinessAccountPageDto,
  CreateBusinessAccountDto,
  CreatedOrganizationDto,
  CreateOrganizationDto,
  CreatePhoneNumberDto,
  ListPhoneNumbersQueryDto,
  OrganizationDto,
  OrganizationPageDto,
  PhoneNumberDto,
  PhoneNumberPageDto,
  UpdateBusinessAccountDto,
  UpdateOrganizationDto,
  UpdatePhoneNumberSettingsDto,
} from './dto/organizations.dto';

// Path parameters are not named phoneNumberId / wabaId on purpose: those names make the tenancy
// guard act for the resource's organization, and a platform key acts for none.
const ORGANIZATION = { name: 'organizationId', format: 'uuid', description: 'The organization id' };
const ACCOUNT = { name: 'accountId', description: "Meta's WhatsApp Business Account id" };
const NUMBER = { name: 'numberId', description: "Meta's phone number id" };

const READ = { scopes: ['tenants:read' as const], tenant: 'optional' as const };
const WRITE = { scopes: ['tenants:write' as const], tenant: 'optional' as const };
/** The organization a write belongs to: the path's, or the one just created. */
const ORGANIZATION_OF = (req: GatewayRequest, answer: unknown) => {
  const { organizationId } = req.params as { organizationId?: string };
  return [organizationId ?? (answer as { id?: string } | undefined)?.id];
};
const DELETE_NOTE = 'Refused with 409 code 100 while records depend on it (`error_data.details` names them).';

/**
 * Onboarding over HTTP, for platform keys (`svc_platform_…`, issued with `key:create --kind platform`):
 * organizations, their business accounts (with the upstream token, write-only) and phone numbers.
 * The same OnboardingService as the CLI does the work.
 */
@ApiTags('management')
@Controller('v1/organizations')
export class OrganizationsController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Post()
  @Authenticated(WRITE)
  @Audited('organizations.create', { body: ['name', 'owner_email'], organizations: ORGANIZATION_OF })
  @ApiOperation({
    summary: 'Create an organization (a tenant), and invite its first owner with `owner_email`',
    description:
      "The owner's invitation is mailed (SMTP_URL) or its link answered once in `owner_invitation.link`. " +
      'Later invitations by the operator: `POST /v1/organizations/{organizationId}/invitations`.',
  })
  @ApiCreatedResponse({ type: CreatedOrganizationDto })
  @ApiGraphErrors(400)
  async create(@CurrentAuth() auth: AuthContext, @Body() body: CreateOrganizationDto): Promise<CreatedOrganizationDto> {
    const { organization, ownerInvitation } = await this.onboarding.createOrganizationWithOwner(
      body.name,
      body.owner_email,
      auth.keyId,
    );
    return { ...organizationJson(organization), ...(ownerInvitation && { owner_invitation: ownerInvitation }) };
  }

  @Get()
  @Authenticated(READ)
  @ApiOperation({ summary: 'Every organization, oldest first' })
  @ApiOkResponse({ type: OrganizationPageDto })
  @ApiGraphErrors(400)
  async list(@Query() query: PageQueryDto, @Req() req: Request): Promise<OrganizationPageDto> {
    const page = await this.onboarding.pageOrganizations(query, req.originalUrl);
    return { ...page, data: page.data.map(organizationJson) };
  }

  @Get(':organizationId')
  @Authenticated(READ)
  @ApiOperation({ summary: 'One organization' })
  @ApiParam(ORGANIZATION)
  @ApiOkResponse({ type: OrganizationDto })
  @ApiGraphErrors(404)
  async get(@Param('organizationId') id: string): Promise<OrganizationDto> {
    return organizationJson(await this.onboarding.getOrganization(id));
  }

  @Patch(':organizationId')
  @Authenticated(WRITE)
  @Audited('organizations.update', { body: ['name'], organizations: ORGANIZATION_OF })
  @ApiOperation({ summary: 'Rename an organization' })
  @ApiParam(ORGANIZATION)
  @ApiOkResponse({ type: OrganizationDto })
  @ApiGraphErrors(400, 404)
  async update(@Param('organizationId') id: string, @Body() body: UpdateOrganizationDto): Promise<OrganizationDto> {
    return organizationJson(await this.onboarding.renameOrganization(id, body.name));
  }

  @Delete(':organizationId')
  @Authenticated(WRITE)
  @Audited('organizations.delete', { organizations: ORGANIZATION_OF })
  @ApiOperation({
    summary: 'Delete an empty organization',
    description:
      DELETE_NOTE +
      " Revoke its machines' keys and delete its business accounts first; its members' keys are revoked with it.",
  })
  @ApiParam(ORGANIZATION)
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404, 409)
  async remove(@Param('organizationId') id: string): Promise<SuccessDto> {
    await this.onboarding.deleteOrganization(id);
    return { success: true };
  }

  // ---- business accounts -----------------------------------------------------------------------

  @Post(':organizationId/business_accounts')
  @Authenticated(WRITE)
  @Audited('business_accounts.create', { body: ['waba_id', 'name'], organizations: ORGANIZATION_OF })
  @ApiOperation({
    summary: 'Register a WhatsApp Business Account with its upstream access token (stored encrypted, never shown)',
    description:
      "The gateway's Meta app is subscribed to the account's webhooks first (`POST /{waba-id}/subscribed_apps` with the token) and the subscription checked (`GET`): Meta's refusal, or an app Meta does not list (the token is another app's), is 400 code 100 naming Meta's answer, and nothing is stored.",
  })
  @ApiParam(ORGANIZATION)
  @ApiCreatedResponse({ type: BusinessAccountDto })
  @ApiGraphErrors(400, 404, 409)
  async addAccount(
    @Param('organizationId') id: string,
    @Body() body: CreateBusinessAccountDto,
  ): Promise<BusinessAccountDto> {
    const account = await this.onboarding.addBusinessAccount({
      tenantId: id,
      wabaId: body.waba_id,
      accessToken: body.access_token,
      name: body.name,
    });
    return businessAccountJson(account);
  }

  @Get(':organizationId/business_accounts')
  @Authenticated(READ)
  @ApiOperation({ summary: "The organization's business accounts, oldest first" })
  @ApiParam(ORGANIZATION)
  @ApiOkResponse({ type: BusinessAccountPageDto })
  @ApiGraphErrors(400, 404)
  async listAccounts(
    @Param('organizationId') id: string,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<BusinessAccountPageDto> {
    const page = await this.onboarding.pageBusinessAccounts(id, query, req.originalUrl);
    return { ...page, data: page.data.map(businessAccountJson) };
  }

  @Get(':organizationId/business_accounts/:accountId')
  @Authenticated(READ)
  @ApiOperation({ summary: 'One business account (another organization’s is 404, like a missing one)' })
  @ApiParam(ORGANIZATION)
  @ApiParam(ACCOUNT)
  @ApiOkResponse({ type: BusinessAccountDto })
  @ApiGraphErrors(404)
  async getAccount(
    @Param('organizationId') id: string,
    @Param('accountId') wabaId: string,
  ): Promise<BusinessAccountDto> {
    return businessAccountJson(await this.onboarding.getBusinessAccount(id, wabaId));
  }

  @Patch(':organizationId/business_accounts/:accountId')
  @Authenticated(WRITE)
  @Audited('business_accounts.update', { body: ['name'], organizations: ORGANIZATION_OF })
  @ApiOperation({
    summary: 'Rename the account or replace its upstream access token',
    description:
      'A new token subscribes the app again with it before it is stored (400 code 100 when Meta refuses it).',
  })
  @ApiParam(ORGANIZATION)
  @ApiParam(ACCOUNT)
  @ApiOkResponse({ type: BusinessAccountDto })
  @ApiGraphErrors(400, 404)
  async updateAccount(
    @Param('organizationId') id: string,
    @Param('accountId') wabaId: string,
    @Body() body: UpdateBusinessAccountDto,
  ): Promise<BusinessAccountDto> {
    return businessAccountJson(
      await this.onboarding.updateBusinessAccount(id, wabaId, { name: body.name, accessToken: body.access_token }),
    );
  }

  @Delete(':organizationId/business_accounts/:accountId')
  @Authenticated(WRITE)
  @Audited('business_accounts.delete', { organizations: ORGANIZATION_OF })
  @ApiOperation({
    summary: 'Delete a business account with no phone numbers and no templates',
    description: `${DELETE_NOTE} The app is then unsubscribed from the account's webhooks at Meta (a refusal is logged, the account is gone all the same).`,
  })
  @ApiParam(ORGANIZATION)
  @ApiParam(ACCOUNT)
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404, 409)
  async removeAccount(@Param('organizationId') id: string, @Param('accountId') wabaId: string): Promise<SuccessDto> {
    await this.onboarding.deleteBusinessAccount(id, wabaId);
    return { success: true };
  }

  @Post(':organizationId/business_accounts/:accountId/subscribe')
  @Authenticated(WRITE)
  @Audited('business_accounts.subscribe', { organizations: ORGANIZATION_OF })
  @ApiOperation({
    summary: "Subscribe the gateway's Meta app to the account's webhooks again",
    description:
      'What to do when `app_subscription.status` is `missing` (someone removed it at Meta): subscribes with the stored token and checks it, as onboarding does.',
  })
  @ApiParam(ORGANIZATION)
  @ApiParam(ACCOUNT)
  @ApiOkResponse({ type: BusinessAccountDto })
  @ApiGraphErrors(400, 404)
  async subscribeAccount(
    @Param('organizationId') id: string,
    @Param('accountId') wabaId: string,
  ): Promise<BusinessAccountDto> {
    return businessAccountJson(await this.onboarding.resubscribeBusinessAccount(id, wabaId));
  }

  // ---- phone numbers ---------------------------------------------------------------------------

  @Post(':organizationId/phone_numbers')
  @Authenticated(WRITE)
  @Audited('phone_numbers.create', {
    body: ['waba_id', 'phone_number_id', 'display_phone_number', 'enforce_service_window'],
    organizations: ORGANIZATION_OF,
  })
  @ApiOperation({ summary: 'Register a phone number of one of the organization’s business accounts' })
  @ApiParam(ORGANIZATION)
  @ApiCreatedResponse({ type: PhoneNumberDto })
  @ApiGraphErrors(400, 404, 409)
  async addNumber(@Param('organizationId') id: string, @Body() body: CreatePhoneNumberDto): Promise<PhoneNumberDto> {
    const phone = await this.onboarding.addPhoneNumber({
      tenantId: id,
      wabaId: body.waba_id,
      phoneNumberId: body.phone_number_id,
      displayPhoneNumber: body.display_phone_number,
      enforceServiceWindow: body.enforce_service_window,
    });
    return phoneNumberJson(phone);
  }

  @Get(':organizationId/phone_numbers')
  @Authenticated(READ)
  @ApiOperation({ summary: "The organization's phone numbers, oldest first" })
  @ApiParam(ORGANIZATION)
  @ApiOkResponse({ type: PhoneNumberPageDto })
  @ApiGraphErrors(400, 404)
  async listNumbers(
    @Param('organizationId') id: string,
    @Query() query: ListPhoneNumbersQueryDto,
    @Req() req: Request,
  ): Promise<PhoneNumberPageDto> {
    const page = await this.onboarding.pagePhoneNumbers(
      id,
      { limit: query.limit, after: query.after, wabaId: query.waba_id },
      req.originalUrl,
    );
    return { ...page, data: page.data.map(phoneNumberJson) };
  }

  @Get(':organizationId/phone_numbers/:numberId')
  @Authenticated(READ)
  @ApiOperation({ summary: 'One phone number (another organization’s is 404, like a missing one)' })
  @ApiParam(ORGANIZATION)
  @ApiParam(NUMBER)
  @ApiOkResponse({ type: PhoneNumberDto })
  @ApiGraphErrors(404)
  async getNumber(@Param('organizationId') id: string, @Param('numberId') numberId: string): Promise<PhoneNumberDto> {
    return phoneNumberJson(await this.onboarding.getPhoneNumber(id, numberId));
  }

  @Patch(':organizationId/phone_numbers/:numberId')
  @Authenticated(WRITE)
  @Audited('phone_numbers.update', {
    body: ['display_phone_number', 'enforce_service_window', 'throughput_override_mps'],
    organizations: ORGANIZATION_OF,
  })
  @ApiOperation({
    summary: "Change the displayed number, the local 24-hour window enforcement or an operator's throughput",
  })
  @ApiParam(ORGANIZATION)
  @ApiParam(NUMBER)
  @ApiOkResponse({ type: PhoneNumberDto })
  @ApiGraphErrors(400, 404)
  async updateNumber(
    @Param('organizationId') id: string,
    @Param('numberId') numberId: string,
    @Body() body: UpdatePhoneNumberSettingsDto,
  ): Promise<PhoneNumberDto> {
    const change = {
      displayPhoneNumber: body.display_phone_number,
      enforceServiceWindow: body.enforce_service_window,
      throughputOverrideMps: body.throughput_override_mps,
    };
    return phoneNumberJson(await this.onboarding.updatePhoneNumber(id, numberId, change));
  }

  @Delete(':organizationId/phone_numbers/:numberId')
  @Authenticated(WRITE)
  @Audited('phone_numbers.delete', { organizations: ORGANIZATION_OF })
  @ApiOperation({ summary: 'Delete a phone number that has no message records', description: DELETE_NOTE })
  @ApiParam(ORGANIZATION)
  @ApiParam(NUMBER)
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404, 409)
  async removeNumber(@Param('organizationId') id: string, @Param('numberId') numberId: string): Promise<SuccessDto> {
    await this.onboarding.deletePhoneNumber(id, numberId);
    return { success: true };
  }
}
