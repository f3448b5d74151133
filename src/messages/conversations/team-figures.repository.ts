import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FIGURE_GROUPS, type FigureGroup } from './team-figures.dto';

export interface FigureRow {
  day: string;
  key: string | null;
  handled: number;
  answered: number;
  first_avg: number | null;
  first_median: number | null;
  resolution_avg: number | null;
  resolution_median: number | null;
}

/** The statements on resolved episodes (`conversation_resolutions`): written by setStatus, read here. */
@Injectable()
export class TeamFiguresRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Per day (UTC) and group, in [start, end), of the numbers given (null: all). */
  byDay(tenantId: string, by: FigureGroup, start: Date, end: Date, numbers: string[] | null): Promise<FigureRow[]> {
    return this.dataSource.query<FigureRow[]>(
      `SELECT to_char(resolved_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ${FIGURE_GROUPS[by]}::text AS key,
         count(*)::int AS handled, count(first_response_seconds)::int AS answered,
         round(avg(first_response_seconds))::int AS first_avg,
         round(percentile_cont(0.5) WITHIN GROUP (ORDER BY first_response_seconds))::int AS first_median,
         round(avg(resolution_seconds))::int AS resolution_avg,
         round(percentile_cont(0.5) WITHIN GROUP (ORDER BY resolution_seconds))::int AS resolution_median
       FROM conversation_resolutions
       WHERE tenant_id = $1 AND resolved_at >= $2 AND resolved_at < $3
         AND ($4::text[] IS NULL OR phone_number_id = ANY ($4::text[]))
       GROUP BY 1, 2 ORDER BY 1, 2 NULLS LAST`,
      [tenantId, start, end, numbers],
    );
  }
}
