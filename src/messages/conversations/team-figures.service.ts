import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../core/gateway-request';
import { GraphError } from '../../core/graph-error';
import { FIGURE_GROUPS, FIGURES_MAX_DAYS, type TeamFiguresDto, type TeamFiguresQueryDto } from './team-figures.dto';
import { TeamFiguresRepository } from './team-figures.repository';

/**
 * The team's figures by day: conversations handled (episodes resolved), how long customers waited for
 * the first answer and how long resolving took, per agent (who had it, else who resolved it), team or
 * number. Read from the episodes written when each is resolved (`conversation_resolutions`), never
 * from the messages; an episode counts on the day it was resolved.
 */
@Injectable()
export class TeamFigures {
  constructor(private readonly repository: TeamFiguresRepository) {}

  async read(auth: AuthContext, tenantId: string, query: TeamFiguresQueryDto): Promise<TeamFiguresDto> {
    const by = query.by ?? 'agent';
    const until = query.until ?? new Date().toISOString().slice(0, 10);
    const since = query.since ?? new Date(Date.parse(`${until}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const start = Date.parse(`${since}T00:00:00Z`);
    const end = Date.parse(`${until}T00:00:00Z`) + 86_400_000;
    const isDay = (day: string, at: number) => !Number.isNaN(at) && new Date(at).toISOString().startsWith(day);
    if (!isDay(since, start))
      throw GraphError.invalidParameter('Invalid parameter', 'since: not a day of the calendar');
    if (!isDay(until, end - 86_400_000))
      throw GraphError.invalidParameter('Invalid parameter', 'until: not a day of the calendar');
    if (end <= start) throw GraphError.invalidParameter('Invalid parameter', 'since: must not be after until');
    if (end - start > FIGURES_MAX_DAYS * 86_400_000)
      throw GraphError.invalidParameter('Invalid parameter', `since: at most ${FIGURES_MAX_DAYS} days at once`);
    const numbers = auth.allowedPhoneNumberIds ? [...auth.allowedPhoneNumberIds] : null;
    const rows = await this.repository.byDay(tenantId, by, new Date(start), new Date(end), numbers);
    return {
      data: rows.map((row) => ({
        day: row.day,
        [FIGURE_GROUPS[by]]: row.key,
        handled: row.handled,
        first_response: { answered: row.answered, average_seconds: row.first_avg, median_seconds: row.first_median },
        resolution: { average_seconds: row.resolution_avg, median_seconds: row.resolution_median },
      })),
      since,
      until,
      by,
    };
  }
}
