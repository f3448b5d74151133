import type { EntityManager } from 'typeorm';

/** Whether `select` (a statement of its owner's repository, `SELECT 1 FROM … WHERE …`) finds a row. */
export async function rowExists(manager: EntityManager, select: string, params: unknown[]): Promise<boolean> {
  const [row] = await manager.query<Array<{ found: boolean }>>(`SELECT EXISTS (${select}) AS found`, params);
  return row?.found === true;
}
