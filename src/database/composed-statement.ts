/**
 * One SQL statement made of parts that different folders own: each part is a `WITH name AS (...)`
 * (usually a data-modifying one: `INSERT … RETURNING`, `UPDATE …`) written by the folder that owns
 * its table, and a later part may read an earlier one's `RETURNING` rows by name. The caller ends it
 * with the main query. A statement sent alone is its own transaction: several writes that must commit
 * together cost one round trip instead of `BEGIN`, one per write, and `COMMIT` (the measured cost of
 * upstream webhook ingestion, docs/performance.md).
 *
 * PostgreSQL runs every data-modifying part exactly once, whether the main query reads it or not, and
 * all parts see the same snapshot: a part sees another part's rows only through its `RETURNING`, and
 * no two parts may write the same row.
 *
 * A part's text must not depend on its values (empty arrays where there is nothing to write), so one
 * composition is one text, prepared once per connection.
 */
export class ComposedStatement {
  private readonly values: unknown[] = [];
  private readonly parts: string[] = [];

  /** The placeholder of a new parameter, cast to `type` (`uuid[]`, `text[]`, …). */
  param(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  /** `unnest($1::uuid[], $2::text[], …)` over new array parameters: a batch's rows, one array per column. */
  unnest(...columns: Array<[values: unknown[], type: string]>): string {
    return `unnest(${columns.map(([values, type]) => this.param(values, type)).join(', ')})`;
  }

  /** Adds the part `name AS (sql)`; returns `name`, for later parts and the main query to read. */
  with(name: string, sql: string): string {
    this.parts.push(`${name} AS (${sql})`);
    return name;
  }

  /** The whole statement, `select` its main query. */
  text(select: string): string {
    return `WITH ${this.parts.join(',\n')}\n${select}`;
  }

  get parameters(): unknown[] {
    return this.values;
  }
}
