import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AutomaticReply, WeeklyHours } from './business-hours';
import type { AutomationStep } from './automation-log';

/** A number's automations settings as stored. */
export interface AutomationSettingsRow {
  phone_number_id: string;
  tenant_id: string;
  time_zone: string | null;
  weekly: WeeklyHours;
  holidays: string[];
  away: AutomaticReply | null;
  welcome: AutomaticReply | null;
  acting_key_id: string;
  updated_at: Date;
}

/** A job as the runner needs it. */
export interface AutomationJobRow {
  id: string;
  tenant_id: string;
  phone_number_id: string;
  wa_id: string;
  event: string;
  event_id: string;
  facts: { type: string; sent_at: string; first: boolean };
  attempts: number;
  log: AutomationStep[];
  finished_at: Date | null;
  created_at: Date;
}

export interface NewAutomationJob {
  tenantId: string;
  phoneNumberId: string;
  waId: string;
  event: string;
  eventId: string;
  facts: Record<string, unknown>;
}

const JOB_COLUMNS = `id, tenant_id, phone_number_id, wa_id, event, event_id, facts, attempts, log, finished_at,
  created_at`;

/** Tables `number_automations`, `automation_jobs` and `away_marks` (owned here). */
@Injectable()
export class AutomationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** `manager`: inside the caller's transaction (the ingest's: the embedded database has one connection). */
  async settings(phoneNumberId: string, manager?: EntityManager): Promise<AutomationSettingsRow | null> {
    const rows = await (manager ?? this.dataSource).query<AutomationSettingsRow[]>(
      `SELECT phone_number_id, tenant_id, time_zone, weekly, to_json(holidays) AS holidays, away, welcome,
         acting_key_id, updated_at
       FROM number_automations WHERE phone_number_id = $1`,
      [phoneNumberId],
    );
    return rows[0] ?? null;
  }

  async forgetNumber(manager: EntityManager, phoneNumberId: string): Promise<void> {
    for (const table of ['number_automations', 'automation_jobs', 'away_marks'])
      await manager.query(`DELETE FROM ${table} WHERE phone_number_id = $1`, [phoneNumberId]);
  }

  /** The organization's automations key, if some number of theirs has settings. */
  async actingKeyOf(tenantId: string): Promise<string | null> {
    const rows = await this.dataSource.query<Array<{ acting_key_id: string }>>(
      `SELECT acting_key_id FROM number_automations WHERE tenant_id = $1 LIMIT 1`,
      [tenantId],
    );
    return rows[0]?.acting_key_id ?? null;
  }

  async putHours(
    key: { tenantId: string; phoneNumberId: string; actingKeyId: string },
    hours: { timeZone: string | null; weekly: WeeklyHours; holidays: string[] },
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO number_automations (phone_number_id, tenant_id, acting_key_id, time_zone, weekly, holidays)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::date[])
       ON CONFLICT (phone_number_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, weekly = EXCLUDED.weekly,
         holidays = EXCLUDED.holidays, updated_at = now()`,
      [key.phoneNumberId, key.tenantId, key.actingKeyId, hours.timeZone, JSON.stringify(hours.weekly), hours.holidays],
    );
  }

  async putReplies(
    key: { tenantId: string; phoneNumberId: string; actingKeyId: string },
    replies: { away: AutomaticReply | null; welcome: AutomaticReply | null },
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO number_automations (phone_number_id, tenant_id, acting_key_id, away, welcome)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
       ON CONFLICT (phone_number_id) DO UPDATE SET away = EXCLUDED.away, welcome = EXCLUDED.welcome,
         updated_at = now()`,
      [
        key.phoneNumberId,
        key.tenantId,
        key.actingKeyId,
        replies.away && JSON.stringify(replies.away),
        replies.welcome && JSON.stringify(replies.welcome),
      ],
    );
  }

  /**
   * The jobs of events stored in the caller's transaction, leased to the caller for `leaseSeconds`;
   * an event that has its job already (a redelivery) writes none. The jobs written.
   */
  async writeJobs(manager: EntityManager, jobs: NewAutomationJob[], leaseSeconds: number): Promise<AutomationJobRow[]> {
    if (jobs.length === 0) return [];
    return manager.query<AutomationJobRow[]>(
      `INSERT INTO automation_jobs (tenant_id, phone_number_id, wa_id, event, event_id, facts, lease_until)
       SELECT j.tenant_id, j.phone_number_id, j.wa_id, j.event, j.event_id, j.facts,
         now() + make_interval(secs => $2)
       FROM jsonb_to_recordset($1::jsonb) AS j(tenant_id uuid, phone_number_id text, wa_id text, event text,
         event_id text, facts jsonb)
       ON CONFLICT (event_id) DO NOTHING
       RETURNING ${JOB_COLUMNS}`,
      [
        JSON.stringify(
          jobs.map((j) => ({
            tenant_id: j.tenantId,
            phone_number_id: j.phoneNumberId,
            wa_id: j.waId,
            event: j.event,
            event_id: j.eventId,
            facts: j.facts,
          })),
        ),
        leaseSeconds,
      ],
    );
  }

  /**
   * Unfinished jobs whose lease ran out (their instance died, or a send's outcome was not known yet),
   * oldest first, leased now to the caller; each counts another attempt.
   */
  async takeExpired(limit: number, leaseSeconds: number): Promise<AutomationJobRow[]> {
    // An UPDATE answers [rows, count].
    const [rows] = await this.dataSource.query<[AutomationJobRow[], number]>(
      `UPDATE automation_jobs SET lease_until = now() + make_interval(secs => $2), attempts = attempts + 1
       WHERE id IN (SELECT id FROM automation_jobs WHERE finished_at IS NULL AND lease_until < now()
                    ORDER BY lease_until LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${JOB_COLUMNS}`,
      [limit, leaseSeconds],
    );
    return rows;
  }

  async finish(jobId: string, log: AutomationStep[]): Promise<void> {
    await this.dataSource.query(`UPDATE automation_jobs SET finished_at = now(), log = $2::jsonb WHERE id = $1`, [
      jobId,
      JSON.stringify(log),
    ]);
  }

  /** What a job did so far, kept while it waits for another attempt. */
  async saveLog(jobId: string, log: AutomationStep[]): Promise<void> {
    await this.dataSource.query(`UPDATE automation_jobs SET log = $2::jsonb WHERE id = $1`, [
      jobId,
      JSON.stringify(log),
    ]);
  }

  /**
   * The away message's claim for a customer: true when none was sent within `periodHours` (or this job
   * holds the claim already: its earlier attempt). Atomic across instances.
   */
  async claimAway(
    key: { tenantId: string; phoneNumberId: string; waId: string },
    jobId: string,
    periodHours: number,
  ): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `INSERT INTO away_marks AS m (phone_number_id, wa_id, tenant_id, sent_at, job_id) VALUES ($1, $2, $3, now(), $4)
       ON CONFLICT (phone_number_id, wa_id) DO UPDATE SET sent_at = now(), job_id = EXCLUDED.job_id
         WHERE m.job_id = EXCLUDED.job_id OR m.sent_at < now() - make_interval(hours => $5)
       RETURNING 1`,
      [key.phoneNumberId, key.waId, key.tenantId, jobId, periodHours],
    );
    return rows.length === 1;
  }

  /**
   * A number's jobs, newest first, before `before` (a cursor: its time to the millisecond, as a Date
   * holds it, so the rows compare by their time truncated alike).
   */
  jobs(
    tenantId: string,
    phoneNumberId: string,
    limit: number,
    before: { createdAt: Date; id: string } | null,
  ): Promise<AutomationJobRow[]> {
    return this.dataSource.query<AutomationJobRow[]>(
      `SELECT ${JOB_COLUMNS} FROM automation_jobs
       WHERE tenant_id = $1 AND phone_number_id = $2
         AND ($3::timestamptz IS NULL OR (date_trunc('milliseconds', created_at), id) < ($3::timestamptz, $4::uuid))
       ORDER BY date_trunc('milliseconds', created_at) DESC, id DESC LIMIT $5`,
      [tenantId, phoneNumberId, before?.createdAt ?? null, before?.id ?? null, limit],
    );
  }
}
