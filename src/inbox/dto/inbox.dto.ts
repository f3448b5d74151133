import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { ROLES } from '../../people/roles';
import { AGENT_VISIBILITIES, type AgentVisibility } from '../inbox-settings.entity';
import { AVAILABILITIES, type Availability } from '../inbox-agent.entity';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Members a team may have at most. */
export const TEAM_MEMBERS_MAX = 500;

export class CreateTeamDto {
  @ApiProperty({ example: 'Support', maxLength: 100 })
  @Transform(trimmed)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name: string;

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: "Members' user ids" })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TEAM_MEMBERS_MAX)
  @IsUUID('all', { each: true, message: 'member_ids must be user ids' })
  member_ids?: string[];
}

export class UpdateTeamDto {
  @ApiPropertyOptional({ example: 'Support', maxLength: 100 })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: "The team's members from now on" })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TEAM_MEMBERS_MAX)
  @IsUUID('all', { each: true, message: 'member_ids must be user ids' })
  member_ids?: string[];
}

export class TeamDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: [String], format: 'uuid' }) member_ids: string[];
  @ApiProperty({ type: [String], description: 'The numbers whose auto-assignment gives out among this team' })
  phone_number_ids: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class TeamListDto {
  @ApiProperty({ type: [TeamDto] }) data: TeamDto[];
}

export class AgentDto {
  @ApiProperty({ format: 'uuid' }) user_id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ROLES }) role: string;
  @ApiProperty({ enum: AVAILABILITIES }) availability: Availability;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) availability_changed_at: string | null;
  @ApiProperty({ type: [String], format: 'uuid' }) team_ids: string[];
}

export class AgentListDto {
  @ApiProperty({ type: [AgentDto], description: 'Every member who may work conversations' })
  data: AgentDto[];
}

export class SetAvailabilityDto {
  @ApiProperty({ enum: AVAILABILITIES })
  @IsIn(AVAILABILITIES)
  availability: Availability;
}

export class InboxSettingsDto {
  @ApiProperty({
    enum: AGENT_VISIBILITIES,
    description: 'Members whose role is agent see every conversation (all), or theirs and the unassigned (assigned)',
  })
  agent_visibility: AgentVisibility;

  @ApiProperty({ description: 'A reply by a member on an unassigned conversation assigns it to them' })
  take_on_reply: boolean;
}

export class PutInboxSettingsDto {
  @ApiPropertyOptional({ enum: AGENT_VISIBILITIES })
  @IsOptional()
  @IsIn(AGENT_VISIBILITIES)
  agent_visibility?: AgentVisibility;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  take_on_reply?: boolean;
}

export class AssignmentPolicyDto {
  @ApiProperty() phone_number_id: string;
  @ApiProperty({ description: 'Whether new conversations are given out now' }) enabled: boolean;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Only this team (null: every agent)' })
  team_id: string | null;
  @ApiProperty({ description: 'Open conversations an agent may hold before they are passed by', minimum: 1 })
  cap: number;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class PutAssignmentPolicyDto {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'team_id must be a team id' })
  team_id?: string | null;

  @ApiProperty({ minimum: 1, maximum: 1000, example: 10 })
  @IsInt({ message: 'cap must be a whole number' })
  @Min(1, { message: 'cap must be at least 1' })
  @Max(1000, { message: 'cap must be at most 1000' })
  cap: number;
}
