import { ApiProperty } from '@nestjs/swagger';

/** An organization as the API shows it (`/v1/tenants`, `/v1/organizations`). */
export class OrganizationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Acme Ltd' })
  name: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The live organization whose test twin this is (test mode); null for a live organization',
  })
  test_of: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}
