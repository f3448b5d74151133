import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';

/** The longest range of one read, in days. */
export const FIGURES_MAX_DAYS = 92;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const FIGURE_GROUPS = { agent: 'agent_id', team: 'team_id', number: 'phone_number_id' } as const;
export type FigureGroup = keyof typeof FIGURE_GROUPS;

export class TeamFiguresQueryDto {
  @ApiPropertyOptional({ example: '2026-11-01', description: 'First day (UTC); a week before `until` by default' })
  @IsOptional()
  @Matches(DAY, { message: 'since must be a day (YYYY-MM-DD)' })
  since?: string;

  @ApiPropertyOptional({ example: '2026-11-28', description: 'Last day, included (UTC); today by default' })
  @IsOptional()
  @Matches(DAY, { message: 'until must be a day (YYYY-MM-DD)' })
  until?: string;

  @ApiPropertyOptional({ enum: Object.keys(FIGURE_GROUPS), default: 'agent' })
  @IsOptional()
  @IsIn(Object.keys(FIGURE_GROUPS))
  by?: FigureGroup;
}

class SecondsDto {
  @ApiProperty({ nullable: true, type: Number }) average_seconds: number | null;
  @ApiProperty({ nullable: true, type: Number }) median_seconds: number | null;
}

class FirstResponseDto extends SecondsDto {
  @ApiProperty({ description: 'Episodes the customer had an answer in (the others were resolved unanswered)' })
  answered: number;
}

export class TeamFigureDto {
  @ApiProperty({ example: '2026-11-28' }) day: string;
  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'With by=agent (null: resolved by a key)',
  })
  agent_id?: string | null;
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'With by=team (null: no team)' })
  team_id?: string | null;
  @ApiPropertyOptional({ description: 'With by=number' }) phone_number_id?: string;
  @ApiProperty({ description: 'Conversations resolved (episodes)' }) handled: number;
  @ApiProperty({ type: FirstResponseDto }) first_response: FirstResponseDto;
  @ApiProperty({ type: SecondsDto, description: 'From the episode’s first message to its resolution' })
  resolution: SecondsDto;
}

export class TeamFiguresDto {
  @ApiProperty({ type: [TeamFigureDto] }) data: TeamFigureDto[];
  @ApiProperty({ example: '2026-11-22' }) since: string;
  @ApiProperty({ example: '2026-11-28' }) until: string;
  @ApiProperty({ enum: Object.keys(FIGURE_GROUPS) }) by: FigureGroup;
}
