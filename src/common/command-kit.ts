import type { INestApplicationContext } from '@nestjs/common';
import { type Command, InvalidArgumentError } from 'commander';
import type { DataSource, EntitySchema } from 'typeorm';
import { isUuid } from './uuid';

/*
 * What a capability is given to add its administration commands to the CLI (`<folder>.commands.ts`,
 * registered by cli/commands.ts): the program, two ways to run a command, and the option parsers the
 * commands share. The CLI owns the output contract (one JSON document, exit 0 or 1) and the boot; a
 * capability's commands own their options and what they call.
 *
 * A commands file loads its services, repositories and entities inside its actions (`await import`),
 * never at the top: `--help` and a refused command line answer without loading Nest or TypeORM.
 */

/** A booted application context: the capability's services by class. */
export type CommandServices = Pick<INestApplicationContext, 'get'>;

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for an entity class
export type CommandEntity = Function | EntitySchema;

export interface CommandKit {
  readonly program: Command;
  /** An action on the booted services; prints what `work` returns, or its error. */
  readonly run: <A extends unknown[]>(
    work: (services: CommandServices, ...args: A) => Promise<unknown>,
  ) => (...args: A) => Promise<void>;
  /**
   * A read action on the tables' owner's repository: over a bare connection holding only `entities`
   * when the database can be read without booting (about a third of the time, docs/cli.md), else
   * over the booted application's.
   */
  readonly read: <A extends unknown[]>(
    entities: () => Promise<CommandEntity[]>,
    work: (dataSource: DataSource, ...args: A) => Promise<unknown>,
  ) => (...args: A) => Promise<void>;
}

// ---- option parsers ---------------------------------------------------------------------------

/** Repeatable, comma-separated list: `--x a,b --x c` is [a, b, c]. */
export function list(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ];
}

export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

export function uuid(value: string): string {
  if (!isUuid(value)) throw new InvalidArgumentError('must be a UUID');
  return value;
}

export function futureDate(value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError('must be an ISO 8601 date such as 2027-01-31 or 2027-01-31T12:00:00Z');
  }
  if (date.getTime() <= Date.now()) throw new InvalidArgumentError('must be in the future');
  return date;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `90m`, `12h`, `30d`, `2w` as milliseconds. */
export function duration(value: string): number {
  const match = /^(\d+)([mhdw])$/.exec(value.trim());
  if (!match || Number(match[1]) === 0)
    throw new InvalidArgumentError('must be a number with m, h, d or w, such as 90m, 12h or 30d');
  return Number(match[1]) * UNIT_MS[match[2]];
}

/** `--token -` reads the value from stdin, so it stays out of the shell history and the process list. */
export async function readSecret(value: string): Promise<string> {
  if (value !== '-') return value;
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.trim();
}
