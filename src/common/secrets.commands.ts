import { type CommandKit, wholeNumber } from './command-kit';

// Key rotation from the command line (docs/deploy.md, "Rotating the encryption key"): which keys the
// stored secrets are under, and the re-encryption of every one of them under the current key.

const secrets = async (services: Parameters<Parameters<CommandKit['run']>[0]>[0]) => {
  const [{ EncryptedSecrets }, { SecretBox }] = await Promise.all([
    import('./encrypted-secrets.js'),
    import('./secret-box.js'),
  ]);
  return { secrets: services.get(EncryptedSecrets), box: services.get(SecretBox) };
};

export function secretsCommands({ program, run }: CommandKit): void {
  program
    .command('secrets:status')
    .description(
      'The encryption keys configured (the first is current) and how many stored secrets each key holds, by kind; ' +
        'a key may be removed from ENCRYPTION_KEYS once it holds none',
    )
    .action(
      run(async (services) => {
        const { secrets: store, box } = await secrets(services);
        const usage = await store.usage();
        const inUse = new Set(
          usage.flatMap((u) =>
            Object.entries(u.byKey)
              .filter(([, n]) => n > 0)
              .map(([id]) => id),
          ),
        );
        return {
          current_key: box.currentKeyId,
          keys: box.keyIds.map((id) => ({ id, current: id === box.currentKeyId, in_use: inUse.has(id) })),
          secrets: usage.map((u) => ({ kind: u.label, by_key: u.byKey })),
          removable_keys: box.keyIds.filter((id) => id !== box.currentKeyId && !inUse.has(id)),
        };
      }),
    );

  program
    .command('secrets:reencrypt')
    .description(
      'Re-encrypt every stored secret under the current key (the first of ENCRYPTION_KEYS), a batch at a time, while ' +
        'the gateway serves; resumable (run it again to finish). Run it once every instance runs the new ENCRYPTION_KEYS',
    )
    .option('--batch <n>', 'rows per batch', wholeNumber, 200)
    .action(
      run(async (services, options: { batch: number }) => {
        const { secrets: store, box } = await secrets(services);
        const report = await store.reencryptAll(Math.max(1, options.batch), (label, done) =>
          process.stderr.write(`${label}: ${done} re-encrypted\n`),
        );
        const left = report.reduce((sum, r) => sum + r.left, 0);
        return {
          current_key: box.currentKeyId,
          reencrypted: report.map((r) => ({ kind: r.label, count: r.reencrypted, left_under_other_keys: r.left })),
          done: left === 0,
          next:
            left === 0
              ? 'Every stored secret is under the current key. Old keys may be removed from ENCRYPTION_KEYS once cached idempotent responses written under them have expired (IDEMPOTENCY_TTL_SECONDS after every instance runs the new keys).'
              : 'Some secrets were written under an old key meanwhile: restart every instance with the new ENCRYPTION_KEYS, then run this again.',
        };
      }),
    );
}
