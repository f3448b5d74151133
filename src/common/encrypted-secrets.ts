import { Injectable } from '@nestjs/common';
import { SecretBox } from './secret-box';

/**
 * Which key a stored value names (for an owner's statements: database/encrypted-column-statements.ts);
 * undefined for a value that is not an encrypted one (no key reads it: rotation leaves it alone).
 */
export const keyIdOf = (stored: string): string | undefined => {
  try {
    return SecretBox.keyIdOf(stored);
  } catch {
    return undefined;
  }
};

/**
 * Secrets one feature keeps encrypted in its tables (an owner registers them; its repository holds
 * the statements, as for every table of its).
 */
export interface EncryptedColumn {
  /** How many stored values name each key id. */
  countByKey(): Promise<Map<string, number>>;
  /**
   * Re-encrypts the next `limit` rows (by id, after `after`) holding a value not under the current key
   * (`box.reencrypt`), each written only if it did not change meanwhile: the last row's id (none: the
   * pass is over) and how many values were written.
   */
  reencryptBatch(box: SecretBox, limit: number, after: string | undefined): Promise<{ last?: string; written: number }>;
}

/** What a pass of re-encryption did, per column: values written, and values still under other keys. */
export interface ReencryptionReport {
  label: string;
  reencrypted: number;
  left: number;
}

/**
 * Every secret the gateway keeps encrypted at rest, registered by its owner (business account tokens,
 * signing secrets of keys and webhook endpoints). Key rotation reads it: which keys the stored values
 * need (a start without one of them is refused, naming it: `missingKeys`), and the re-encryption of
 * everything under the current key (`reencryptAll`, resumable: it takes what is not current yet).
 * Values kept elsewhere and for a short time only (cached idempotent responses in Redis, 24 hours)
 * are not re-encrypted: they expire under the key they were written with.
 */
@Injectable()
export class EncryptedSecrets {
  private readonly columns: Array<EncryptedColumn & { label: string }> = [];

  constructor(private readonly box: SecretBox) {}

  /** An owner's encrypted columns (`label` names them in messages: `business account tokens`). */
  register(label: string, column: EncryptedColumn): void {
    this.columns.push({
      label,
      countByKey: () => column.countByKey(),
      reencryptBatch: (...a) => column.reencryptBatch(...a),
    });
  }

  /** The stored values per key id, per column (for `secrets:status`). */
  async usage(): Promise<Array<{ label: string; byKey: Record<string, number> }>> {
    const usage = [];
    for (const column of this.columns)
      usage.push({ label: column.label, byKey: Object.fromEntries(await column.countByKey()) });
    return usage;
  }

  /** Key ids that stored values name and the keyring lacks, each with what needs it; empty when none. */
  async missingKeys(): Promise<Array<{ keyId: string; needs: string[] }>> {
    const configured = new Set(this.box.keyIds);
    const missing = new Map<string, string[]>();
    for (const { label, byKey } of await this.usage()) {
      for (const [keyId, count] of Object.entries(byKey)) {
        if (configured.has(keyId) || count === 0) continue;
        missing.set(keyId, [...(missing.get(keyId) ?? []), `${count} ${label}`]);
      }
    }
    return [...missing].map(([keyId, needs]) => ({ keyId, needs }));
  }

  /** Refuses (throws, naming each missing key and what needs it) when a stored value's key is not configured. */
  async assertKeysPresent(): Promise<void> {
    const missing = await this.missingKeys();
    if (missing.length === 0) return;
    const lines = missing.map(({ keyId, needs }) => `  - key ${keyId}: needed by ${needs.join(', ')}`);
    throw new Error(
      `Stored secrets are encrypted under keys that are not configured:\n${lines.join('\n')}\n` +
        `(add them to ENCRYPTION_KEYS as id:key after the current one; ENCRYPTION_KEY alone is key 0)`,
    );
  }

  /**
   * Moves every stored secret to the current key: one pass over each owner's rows, a batch at a time
   * (each value written only if it did not change meanwhile, so a live write is never overwritten);
   * `onBatch` hears the progress. Safe to stop and run again: it takes what is not under the current key
   * yet. `left` counts what is still under other keys after the pass (a value rewritten meanwhile by
   * an instance that does not run the new keyring yet): run it again once every instance does.
   */
  async reencryptAll(batchSize = 200, onBatch?: (label: string, done: number) => void): Promise<ReencryptionReport[]> {
    const report: ReencryptionReport[] = [];
    for (const column of this.columns) {
      let reencrypted = 0;
      let after: string | undefined;
      do {
        const batch = await column.reencryptBatch(this.box, batchSize, after);
        after = batch.last;
        reencrypted += batch.written;
        onBatch?.(column.label, reencrypted);
      } while (after !== undefined);
      let left = 0;
      for (const [keyId, count] of await column.countByKey()) if (keyId !== this.box.currentKeyId) left += count;
      report.push({ label: column.label, reencrypted, left });
    }
    return report;
  }
}
