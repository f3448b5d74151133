import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentAuth } from '../auth/auth.decorators';
import type { AuthContext } from '../core/gateway-request';
import { TenancyService } from './tenancy.service';

class TenantDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Acme Ltd' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

class TenantListDto {
  @ApiProperty({ type: [TenantDto] })
  data: TenantDto[];
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
    return { data: organizations.map((o) => ({ id: o.id, name: o.name, created_at: o.createdAt.toISOString() })) };
  }
}
