import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
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

export class TestStatusDto {
  @ApiProperty({ example: 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1', description: 'A message sent from the test number' })
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  message_id: string;

  @ApiProperty({
    enum: ['sent', 'delivered', 'read', 'failed'],
    description: 'The status now; the ones before it that did not come yet come first, as Meta never skips one',
  })
  @IsIn(['sent', 'delivered', 'read', 'failed'])
  status: 'sent' | 'delivered' | 'read' | 'failed';

  @ApiPropertyOptional({
    enum: [131000, 131026, 131047, 131049],
    description: 'A failed status’s error (default 131026)',
  })
  @IsOptional()
  @IsIn([131000, 131026, 131047, 131049])
  error_code?: number;
}

export class TestStatusDelaysDto {
  @ApiPropertyOptional({ description: 'true: statuses come only on demand (POST /v1/test/{phoneNumberId}/statuses)' })
  @IsOptional()
  @IsBoolean()
  manual?: boolean;

  @ApiPropertyOptional({
    example: 200,
    description: 'Milliseconds from the send to `sent` (with the other two, unless `manual`)',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  sent_ms?: number;

  @ApiPropertyOptional({ example: 500, description: 'Milliseconds from the send to `delivered`' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  delivered_ms?: number;

  @ApiPropertyOptional({ example: 1500, description: 'Milliseconds from the send to `read`' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  read_ms?: number;
}

export class TestQualityDto {
  @ApiPropertyOptional({ enum: ['GREEN', 'YELLOW', 'RED'] })
  @IsOptional()
  @IsIn(['GREEN', 'YELLOW', 'RED'])
  quality_rating?: string;

  @ApiPropertyOptional({ enum: ['TIER_50', 'TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] })
  @IsOptional()
  @IsIn(['TIER_50', 'TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'])
  messaging_limit_tier?: string;

  @ApiPropertyOptional({ enum: ['STANDARD', 'HIGH'] })
  @IsOptional()
  @IsIn(['STANDARD', 'HIGH'])
  throughput_level?: string;
}

export class TestReviewDto {
  @ApiProperty({ enum: ['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] })
  @IsIn(['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'])
  status: 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';

  @ApiPropertyOptional({
    example: 'INVALID_FORMAT',
    description: 'REJECTED: Meta’s reason (INVALID_FORMAT, ABUSIVE_CONTENT, TAG_CONTENT_MISMATCH, …)',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z_]{1,64}$/, { message: 'reason must be one of Meta’s reasons (capitals and _)' })
  reason?: string;

  @ApiPropertyOptional({ description: 'What the review says (other_info.description)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;
}
