import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import { DataSource, type EntityManager } from 'typeorm';
import { keyIdOf } from '../common/encrypted-secrets';
import { EncryptedColumnStatements } from '../database/encrypted-column-statements';
import type { AutomaticReply, WeeklyHours } from './business-hours';
import type { AutomationStep } from './automation-log';
import type { Rule } from './rule';
import type { RuleInput } from './rule-input';
import { type Customer, type CustomerPage, cursor, type Erasure, pageOf } from '../retention/customer-data';

/** A number's automations settings as stored. */
export interface AutomationSettingsRow {
  phone_number_id: string;
  tenant_id: string;
  time_zone: string | null;
  weekly: WeeklyHours;
  holidays: string[];
  away: AutomaticReply | null;
  welcome: AutomaticReply | null;
  /** The organization's automations key (automation_settings). */
  acting_key_id: string;
  updated_at: Date;
}

/** A job as the runner needs it. */
export interface AutomationJobRow {
  id: string;
  tenant_id: string;
  phone_number_id: string | null;
  wa_id: string | null;
  event: string;
  event_id: string;
  facts: {
    type: string;
    sent_at: string;
    first: boolean;
    reopened?: boolean;
    opted_out?: boolean;
    conversation_status?: string;
    template?: { name: string; language: string; status: string; reason: string | null; id: string; waba_id: string };
    assignee_id?: string | null;
    button_payload?: string | null;
    message_id?: string;
    error_code?: number | null;
  };
  attempts: number;
  log: AutomationStep[];
  finished_at: Date | null;
  created_at: Date;
}

export interface NewAutomationJob {
  tenantId: string;
  phoneNumberId: string | null;
  waId: string | null;
  event: string;
  eventId: string;
  facts: Record<string, unknown>;
}

const JOB_COLUMNS = `id, tenant_id, phone_number_id, wa_id, event, event_id, facts, attempts, log, finished_at,
  created_at`;

/**
 * Tables `number_automations`, `automation_jobs`, `away_marks`, `automation_rules`,
 * `automation_settings` and `automation_reply_counts` (owned here).
 */
@Injectable()
export class AutomationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** `manager`: inside the caller's transaction (the ingest's: the embedded database has one connection). */
  async settings(phoneNumberId: string, manager?: EntityManager): Promise<AutomationSettingsRow | null> {
    const rows = await (manager ?? this.dataSource).query<AutomationSettingsRow[]>(
      `SELECT n.phone_number_id, n.tenant_id, n.time_zone, n.weekly, to_json(n.holidays) AS holidays, n.away,
         n.welcome, s.acting_key_id, n.updated_at
       FROM number_automations n JOIN automation_settings s ON s.tenant_id = n.tenant_id
       WHERE n.phone_number_id = $1`,
      [phoneNumberId],
    );
    return rows[0] ?? null;
  }

  // ---- rules ----------------------------------------------------------------------------------

  /** The organization's rules in order (enabled only with `enabledOnly`); in `manager`'s transaction when given. */
  rules(tenantId: string, enabledOnly = false, manager?: EntityManager): Promise<Rule[]> {
    return (manager ?? this.dataSource).query<Rule[]>(
      `SELECT id, tenant_id AS "tenantId", name, position, enabled, trigger, conditions, actions,
         created_at AS "createdAt", updated_at AS "updatedAt"
       FROM automation_rules WHERE tenant_id = $1 AND ($2::boolean IS FALSE OR enabled)
       ORDER BY position, created_at, id`,
      [tenantId, enabledOnly],
    );
  }

  /** A new rule at `position` (the rules from there move down one), or last. */
  async addRule(
    tenantId: string,
    rule: Required<Omit<RuleInput, 'position'>> & { position?: number },
  ): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('automation_rules'), hashtext($1))`, [tenantId]);
      const [{ n }] = await manager.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM automation_rules WHERE tenant_id = $1`,
        [tenantId],
      );
      const position = Math.min(rule.position ?? n, n);
      await manager.query(
        `UPDATE automation_rules SET position = position + 1 WHERE tenant_id = $1 AND position >= $2`,
        [tenantId, position],
      );
      const [row] = await manager.query<Array<{ id: string }>>(
        `INSERT INTO automation_rules (tenant_id, name, position, enabled, trigger, conditions, actions)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) RETURNING id`,
        [
          tenantId,
          rule.name,
          position,
          rule.enabled,
          rule.trigger,
          JSON.stringify(rule.conditions),
          JSON.stringify(rule.actions),
        ],
      );
      return row.id;
    });
  }

  /** A rule's fields changed; a new `position` moves the rules between. False: no such rule. */
  async updateRule(tenantId: string, id: string, change: RuleInput): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('automation_rules'), hashtext($1))`, [tenantId]);
      const [current] = await manager.query<Array<{ position: number }>>(
        `SELECT position FROM automation_rules WHERE tenant_id = $1 AND id = $2`,
        [tenantId, id],
      );
      if (!current) return false;
      if (change.position !== undefined) {
        const [{ n }] = await manager.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM automation_rules WHERE tenant_id = $1`,
          [tenantId],
        );
        const to = Math.min(change.position, n - 1);
        const from = current.position;
        if (to < from)
          await manager.query(
            `UPDATE automation_rules SET position = position + 1
             WHERE tenant_id = $1 AND position >= $2 AND position < $3`,
            [tenantId, to, from],
          );
        else if (to > from)
          await manager.query(
            `UPDATE automation_rules SET position = position - 1
             WHERE tenant_id = $1 AND position > $2 AND position <= $3`,
            [tenantId, from, to],
          );
        change = { ...change, position: to };
      }
      await manager.query(
        `UPDATE automation_rules SET name = COALESCE($3, name), enabled = COALESCE($4, enabled),
           trigger = COALESCE($5, trigger), conditions = COALESCE($6::jsonb, conditions),
           actions = COALESCE($7::jsonb, actions), position = COALESCE($8, position), updated_at = now()
         WHERE tenant_id = $1 AND id = $2`,
        [
          tenantId,
          id,
          change.name ?? null,
          change.enabled ?? null,
          change.trigger ?? null,
          change.conditions ? JSON.stringify(change.conditions) : null,
          change.actions ? JSON.stringify(change.actions) : null,
          change.position ?? null,
        ],
      );
      return true;
    });
  }

  /** False: no such rule. The rules after it move up one. */
  async removeRule(tenantId: string, id: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('automation_rules'), hashtext($1))`, [tenantId]);
      const [rows] = await manager.query<[Array<{ position: number }>, number]>(
        `DELETE FROM automation_rules WHERE tenant_id = $1 AND id = $2 RETURNING position`,
        [tenantId, id],
      );
      if (rows.length === 0) return false;
      await manager.query(
        `UPDATE automation_rules SET position = position - 1 WHERE tenant_id = $1 AND position > $2`,
        [tenantId, rows[0].position],
      );
      return true;
    });
  }

  /** The jobs whose log names the rule, newest first. */
  ruleJobs(
    tenantId: string,
    ruleId: string,
    limit: number,
    before: { createdAt: Date; id: string } | null,
  ): Promise<AutomationJobRow[]> {
    return this.dataSource.query<AutomationJobRow[]>(
      `SELECT ${JOB_COLUMNS} FROM automation_jobs
       WHERE tenant_id = $1 AND log @> $2::jsonb
         AND ($3::timestamptz IS NULL OR (date_trunc('milliseconds', created_at), id) < ($3::timestamptz, $4::uuid))
       ORDER BY date_trunc('milliseconds', created_at) DESC, id DESC LIMIT $5`,
      [tenantId, JSON.stringify([{ rule_id: ruleId }]), before?.createdAt ?? null, before?.id ?? null, limit],
    );
  }

  // ---- the loop's cap ---------------------------------------------------------------------------

  async setRepliesPerHour(tenantId: string, value: number): Promise<void> {
    await this.dataSource.query(`UPDATE automation_settings SET replies_per_hour = $2 WHERE tenant_id = $1`, [
      tenantId,
      value,
    ]);
  }

  /** One automatic reply to the customer this clock hour, if fewer than `cap` went already. */
  async claimReply(key: { tenantId: string; phoneNumberId: string; waId: string }, cap: number): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `INSERT INTO automation_reply_counts AS c (phone_number_id, wa_id, hour, tenant_id, replies)
       VALUES ($1, $2, date_trunc('hour', now()), $3, 1)
       ON CONFLICT (phone_number_id, wa_id, hour) DO UPDATE SET replies = c.replies + 1 WHERE c.replies < $4
       RETURNING 1`,
      [key.phoneNumberId, key.waId, key.tenantId, cap],
    );
    return rows.length === 1;
  }

  /** Counts of hours gone (the cap reads the current hour only). */
  async forgetPastReplyCounts(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM automation_reply_counts WHERE hour < date_trunc('hour', now()) - interval '1 hour'`,
    );
  }

  async forgetNumber(manager: EntityManager, phoneNumberId: string): Promise<void> {
    for (const table of ['number_automations', 'automation_jobs', 'away_marks', 'automation_reply_counts'])
      await manager.query(`DELETE FROM ${table} WHERE phone_number_id = $1`, [phoneNumberId]);
  }

  /** The organization's automations settings (null: none yet); read in `manager`'s transaction when given. */
  async organization(
    tenantId: string,
    manager?: EntityManager,
  ): Promise<{ acting_key_id: string; replies_per_hour: number } | null> {
    const rows = await (manager ?? this.dataSource).query<Array<{ acting_key_id: string; replies_per_hour: number }>>(
      `SELECT acting_key_id, replies_per_hour FROM automation_settings WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows[0] ?? null;
  }

  /** The organization's settings with `actingKeyId`, unless another writer made them first: the key they hold. */
  async startOrganization(tenantId: string, actingKeyId: string): Promise<string> {
    const rows = await this.dataSource.query<Array<{ acting_key_id: string }>>(
      `INSERT INTO automation_settings (tenant_id, acting_key_id) VALUES ($1, $2)
       ON CONFLICT (tenant_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id RETURNING acting_key_id`,
      [tenantId, actingKeyId],
    );
    return rows[0].acting_key_id;
  }

  async putHours(
    key: { tenantId: string; phoneNumberId: string },
    hours: { timeZone: string | null; weekly: WeeklyHours; holidays: string[] },
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO number_automations (phone_number_id, tenant_id, time_zone, weekly, holidays)
       VALUES ($1, $2, $3, $4::jsonb, $5::date[])
       ON CONFLICT (phone_number_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, weekly = EXCLUDED.weekly,
         holidays = EXCLUDED.holidays, updated_at = now()`,
      [key.phoneNumberId, key.tenantId, hours.timeZone, JSON.stringify(hours.weekly), hours.holidays],
    );
  }

  async putReplies(
    key: { tenantId: string; phoneNumberId: string },
    replies: { away: AutomaticReply | null; welcome: AutomaticReply | null },
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO number_automations (phone_number_id, tenant_id, away, welcome)
       VALUES ($1, $2, $3::jsonb, $4::jsonb)
       ON CONFLICT (phone_number_id) DO UPDATE SET away = EXCLUDED.away, welcome = EXCLUDED.welcome,
         updated_at = now()`,
      [
        key.phoneNumberId,
        key.tenantId,
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

  async finish(jobId: string, log: AutomationStep[], judgedUs: number | null = null): Promise<void> {
    await this.dataSource.query(
      `UPDATE automation_jobs SET finished_at = now(), log = $2::jsonb, judged_us = $3 WHERE id = $1`,
      [jobId, JSON.stringify(log), judgedUs],
    );
  }

  /**
   * What a job did so far, kept while it waits for another attempt; `afterMs`: that attempt is due
   * then (a call's backoff), not when the lease runs out.
   */
  async saveLog(jobId: string, log: AutomationStep[], afterMs?: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE automation_jobs SET log = $2::jsonb,
         lease_until = CASE WHEN $3::int IS NULL THEN lease_until ELSE now() + make_interval(secs => $3::int / 1000.0) END
       WHERE id = $1`,
      [jobId, JSON.stringify(log), afterMs ?? null],
    );
  }

  /** The organization's signing secret of its rules' calls, encrypted (null: none made yet). */
  async signingSecret(tenantId: string): Promise<string | null> {
    const rows = await this.dataSource.query<Array<{ secret: string | null }>>(
      `SELECT signing_secret_encrypted AS secret FROM automation_settings WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows[0]?.secret ?? null;
  }

  async setSigningSecret(tenantId: string, encrypted: string): Promise<void> {
    await this.dataSource.query(`UPDATE automation_settings SET signing_secret_encrypted = $2 WHERE tenant_id = $1`, [
      tenantId,
      encrypted,
    ]);
  }

  /** The organizations' signing secrets, for key rotation (common/encrypted-secrets.ts). */
  encryptedSecrets(): EncryptedColumnStatements {
    return new EncryptedColumnStatements(
      this.dataSource,
      'automation_settings',
      ['signing_secret_encrypted'],
      keyIdOf,
      'tenant_id',
    );
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

  /** What the organization's automations did on the customer's events (data-rights/: an export). */
  async customerRuns(c: Customer, after: string | null, limit: number): Promise<CustomerPage> {
    const from = cursor.parse(after);
    const rows = await this.dataSource.query<Array<Record<string, unknown> & { at: Date; id: string }>>(
      `SELECT id, created_at AS at, phone_number_id, event, event_id, log, finished_at FROM automation_jobs
       WHERE tenant_id = $1 AND wa_id = $2
         AND ($3::timestamptz IS NULL OR (created_at, id) > ($3::timestamptz, $4::uuid))
       ORDER BY created_at, id LIMIT $5`,
      [c.tenantId, c.waId, from.at, from.id, limit + 1],
    );
    return pageOf(rows, limit, ({ at, ...row }) => ({ ...row, created_at: at }));
  }

  /**
   * What automations kept about the customer from before the erasure: their runs (events, facts, logs)
   * at most `limit`, then the away marks and reply counts (small: one a number, one an hour).
   */
  async eraseCustomer(e: Erasure, limit: number): Promise<number> {
    const [, runs] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM automation_jobs WHERE id IN (SELECT id FROM automation_jobs
         WHERE tenant_id = $1 AND wa_id = $2 AND created_at < $3 LIMIT $4)`,
      [e.tenantId, e.waId, e.before, limit],
    );
    if (runs === limit) return runs;
    const [, marks] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM away_marks WHERE tenant_id = $1 AND wa_id = $2 AND sent_at < $3`,
      [e.tenantId, e.waId, e.before],
    );
    const [, counts] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM automation_reply_counts WHERE tenant_id = $1 AND wa_id = $2 AND hour < $3`,
      [e.tenantId, e.waId, e.before],
    );
    return runs + marks + counts;
  }

  /** The organization's archive (data-rights/): its rules, settings (not the signing secret) and runs. */
  exportedTables(): Record<string, TablePages> {
    return {
      automation_rules: new TablePages(this.dataSource, {
        table: 'automation_rules',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      automation_runs: new TablePages(this.dataSource, {
        table: 'automation_jobs',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      automation_settings: new TablePages(this.dataSource, {
        table: 'automation_settings',
        key: [['tenant_id', 'uuid']],
        omit: ['signing_secret_encrypted'],
      }),
      number_automations: new TablePages(this.dataSource, {
        table: 'number_automations',
        key: [['phone_number_id', 'text']],
      }),
    };
  }
}
