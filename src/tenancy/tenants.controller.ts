import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import type { AuthContext } from '../core/gateway-request';
import { OrganizationDto } from './organization.dto';
import { organizationJson } from './tenancy-json';
import { TenancyService } from './tenancy.service';

class TenantListDto {
  @ApiProperty({ type: [OrganizationDto] })
  data: OrganizationDto[];
}

@ApiTags('tenants')
@Controller('v1/tenants')
export class TenantsController {
  constructor(private readonly tenancy: TenancyService) {}

  @Get()
  @Authenticated({ tenant: 'optional' })
  @ApiOperation({ summary: 'The organizations this key may reach (an organization key: its own)' })
  @ApiOkResponse({ type: TenantListDto })
  async list(@CurrentAuth() auth: AuthContext): Promise<TenantListDto> {
    const organizations = await this.tenancy.listOrganizations(auth.tenantIds);
    return { data: organizations.map(organizationJson) };
  }
}
