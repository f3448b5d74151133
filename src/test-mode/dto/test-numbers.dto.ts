import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { PhoneNumberDto } from '../../tenancy/dto/organizations.dto';

export class CreateTestNumberDto {
  @ApiPropertyOptional({
    example: 'Acme Support',
    maxLength: 100,
    description: 'The name customers see (the number’s verified name at the simulator). Omitted: the organization’s.',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  verified_name?: string;
}

export class TestNumberDto extends PhoneNumberDto {
  @ApiProperty({
    example: '102290129340398',
    description: 'The test business account the number is in (its templates’ WABA id)',
  })
  waba_id: string;
}
