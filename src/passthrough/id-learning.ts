/**
 * Where Meta's answers reveal the ids it created or listed for a caller, by operation: the pass-
 * through records them as the caller's, so a later call on `/{id}` can be checked. A path is a
 * dotted walk of the answer, `[]` stepping into every element of a list.
 */
export const LEARNED_IDS: Readonly<Record<string, ReadonlyArray<{ kind: string; path: string }>>> = {
  createFlow: [{ kind: 'flow', path: 'id' }],
  listFlows: [{ kind: 'flow', path: 'data[].id' }],
  migrateFlows: [{ kind: 'flow', path: 'migrated_flows[].migrated_id' }],
  getActiveGroups: [{ kind: 'group', path: 'data.groups[].id' }],
  createOrUpdateQrCode: [{ kind: 'qr_code', path: 'code' }],
  listAllQrCodes: [{ kind: 'qr_code', path: 'data[].code' }],
  getMessageHistory: [{ kind: 'message_history', path: 'data[].id' }],
  createOBOMobilityIntent: [{ kind: 'obo_mobility_intent', path: 'mobility_intent_id' }],
  setSolutionMigrationIntent: [{ kind: 'migration_intent', path: 'migration_intent_id' }],
};

/** Kinds whose objects live under a phone number (the path's number owns them), not the account. */
export const PHONE_KINDS: ReadonlySet<string> = new Set(['group', 'qr_code', 'message_history']);

/** The ids `answer` holds at `path` (strings or numbers, as text); nothing for a shape that does not match. */
export function idsAt(answer: unknown, path: string): string[] {
  let values: unknown[] = [answer];
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    values = values.flatMap((value) => {
      const next = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      return list ? (Array.isArray(next) ? (next as unknown[]) : []) : [next];
    });
  }
  return values
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map(String)
    .filter((id) => id.length > 0 && id.length <= 128);
}

/** Every id an answer to `operationId` reveals, with its kind. */
export function learnedIds(operationId: string, answer: unknown): Array<{ kind: string; objectId: string }> {
  return (LEARNED_IDS[operationId] ?? []).flatMap(({ kind, path }) =>
    idsAt(answer, path).map((objectId) => ({ kind, objectId })),
  );
}
