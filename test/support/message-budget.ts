/**
 * A message's budget (issue 55): what one message's life may cost the gateway, in counts a noisy
 * machine cannot blur: SQL statements (by statement), transactions, Redis commands (by command) and
 * round trips, outbound HTTP requests (by whom), and the gateway process's event-loop wake-ups.
 * test/message-budget.e2e-spec.ts measures them through the real stack and holds them to
 * test/budgets/message-life.json; docs/performance.md says why each figure is what it is.
 */

/** One path's cost per message. */
export interface PathCost {
  statements: Record<string, number>;
  transactions: number;
  redisCommands: Record<string, number>;
  redisRoundTrips: number;
  http: Record<string, number>;
  wakeUps: number;
}

export interface Budget {
  /** Why the figures are what they are, and where their changes are recorded. */
  note: string;
  paths: Record<string, PathCost>;
}

/** Counts are per message, to two decimals (a periodic statement shared by 40 messages is 0.03). */
export const perMessage = (total: number, messages: number) => Math.round((total / messages) * 100) / 100;

/** Wake-ups depend on timing: the budget holds them with this headroom over what was measured. */
export const WAKE_UP_HEADROOM = 1.5;
/**
 * Counts are compared with this much slack: what the instance does on its own timers is taken out by
 * an idle window of the same length, which can leave a few hundredths either way, and statements that
 * are group-committed (a delivery's outcome, a webhook batch) merge by timing, a little more or less
 * each run. Anything added to a message's path is close to one per message, and fails.
 */
const slack = (limit: number) => Math.max(0.1, limit * 0.2);
/** Totals (every statement, every command, every round trip) take the sum of their parts' slack, at least half a round trip. */
const totalSlack = (limit: number) => Math.max(0.5, limit * 0.2);

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

function compareCounts(path: string, what: string, measured: Record<string, number>, allowed: Record<string, number>) {
  const problems: string[] = [];
  for (const [name, count] of Object.entries(measured).sort()) {
    const limit = allowed[name];
    if (count <= (limit ?? 0) + slack(limit ?? 0)) continue;
    problems.push(
      limit === undefined
        ? `${path}: a new ${what} on the path: ${name} (${count} per message)`
        : `${path}: ${what} ${name}: ${count} per message, budget ${limit}`,
    );
  }
  const total = sum(measured);
  if (total > sum(allowed) + totalSlack(sum(allowed)))
    problems.push(`${path}: ${total} ${what}s per message in all, budget ${Math.round(sum(allowed) * 100) / 100}`);
  return problems;
}

/** Every way `measured` exceeds `budget` (empty: within it), naming each new or dearer statement or command. */
export function overBudget(measured: Record<string, PathCost>, budget: Budget): string[] {
  const problems: string[] = [];
  for (const [path, cost] of Object.entries(measured)) {
    const allowed = budget.paths[path];
    if (!allowed) {
      problems.push(`${path}: no budget (record one: UPDATE_BUDGET=1)`);
      continue;
    }
    problems.push(...compareCounts(path, 'statement', cost.statements, allowed.statements));
    problems.push(...compareCounts(path, 'Redis command', cost.redisCommands, allowed.redisCommands));
    problems.push(...compareCounts(path, 'HTTP request', cost.http, allowed.http));
    for (const key of ['transactions', 'redisRoundTrips'] as const)
      if (cost[key] > allowed[key] + totalSlack(allowed[key]))
        problems.push(`${path}: ${key}: ${cost[key]} per message, budget ${allowed[key]}`);
    // Wake-ups are recorded with their headroom already.
    if (cost.wakeUps > allowed.wakeUps)
      problems.push(`${path}: wakeUps: ${cost.wakeUps} per message, budget ${allowed.wakeUps}`);
  }
  return problems;
}

/** The budget a measurement sets: its counts as they are, its wake-ups with headroom. */
export function budgetOf(measured: Record<string, PathCost>, note: string): Budget {
  return {
    note,
    paths: Object.fromEntries(
      Object.entries(measured).map(([path, cost]) => [
        path,
        { ...cost, wakeUps: Math.ceil(cost.wakeUps * WAKE_UP_HEADROOM * 10) / 10 },
      ]),
    ),
  };
}
