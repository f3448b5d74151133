import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSandbox } from './sandbox-server';

const USAGE = `Standalone WhatsApp Cloud API sandbox.

Usage: node dist/apps/sandbox/src/main.js [options]

  --port <n>                    port to listen on (default 3001; 0 picks a free one)
  --host <addr>                 address to bind (default 127.0.0.1)
  --webhook-url <url>           where to deliver webhooks (default: none, webhooks are not sent)
  --app-secret <secret>         signs webhooks (default: SANDBOX_APP_SECRET from the environment,
                                else sandbox-app-secret; the environment keeps it out of \`ps\`)
  --app-id <id>                 the app's id: resumable uploads, webhook subscriptions (default 1000000000000001)
  --sent-delay <ms>             delay of the "sent" status (default 200)
  --delivered-delay <ms>        delay of the "delivered" status (default 500)
  --read-delay <ms>             delay of the "read" status (default 1500)
  --review-delay <ms>           delay of template reviews (default 3000)
  --rate-card <file>            the price list it charges by, CSV in Meta's layout (default: the
                                repository's docs/rate-cards/sample-rate-card.csv)
  --log-limit <n>               entries kept in the request and webhook logs (default 10000)
  --webhook-retry-base <ms>     first wait before retrying a webhook; doubles (default 2000)
  --webhook-retry-max <ms>      longest wait between two attempts (default 3600000)
  --webhook-retry-window <s>    retry for this long, then fail the delivery (default 604800, 7 days)
  --business-account <id:token> register a business account (repeatable); the app is not subscribed
                                to its webhooks until POST /{waba-id}/subscribed_apps, as at Meta
  --subscribed <wabaId>         the app is already subscribed to this registered account's webhooks
                                (as it stays at Meta across a restart; repeatable)
  --phone-number <id:wabaId:display>  register a phone number (repeatable)
  --magic-recipients            test mode's simulator: sends to the magic recipients get Meta's errors
                                (libs/meta/magic-recipients.ts; the gateway's test mode documents them)
  --help                        show this text
`;

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'webhook-url': { type: 'string' },
      'app-secret': { type: 'string' },
      'app-id': { type: 'string' },
      'sent-delay': { type: 'string' },
      'delivered-delay': { type: 'string' },
      'read-delay': { type: 'string' },
      'review-delay': { type: 'string' },
      'rate-card': { type: 'string' },
      'log-limit': { type: 'string' },
      'webhook-retry-base': { type: 'string' },
      'webhook-retry-max': { type: 'string' },
      'webhook-retry-window': { type: 'string' },
      'business-account': { type: 'string', multiple: true },
      'phone-number': { type: 'string', multiple: true },
      subscribed: { type: 'string', multiple: true },
      'magic-recipients': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const webhookUrl = values['webhook-url'];
  if (webhookUrl !== undefined && !/^https?:\/\/\S+$/.test(webhookUrl))
    throw new Error('--webhook-url must be an http(s) URL');

  const sandbox = await startSandbox({
    port: integer('port', values.port, 3001),
    host: values.host,
    appId: values['app-id'] ?? '1000000000000001',
    appSecret: values['app-secret'] ?? (process.env.SANDBOX_APP_SECRET || 'sandbox-app-secret'),
    webhookUrl: () => webhookUrl,
    statusDelaysMs: {
      sent: integer('sent-delay', values['sent-delay'], 200),
      delivered: integer('delivered-delay', values['delivered-delay'], 500),
      read: integer('read-delay', values['read-delay'], 1500),
    },
    reviewDelayMs: integer('review-delay', values['review-delay'], 3000),
    logLimit: integer('log-limit', values['log-limit'], 10_000),
    rateCardCsv: values['rate-card'] === undefined ? undefined : readFileSync(values['rate-card'], 'utf8'),
    magicRecipients: values['magic-recipients'] ?? false,
    webhookRetry: {
      baseDelayMs: integer('webhook-retry-base', values['webhook-retry-base'], 2_000),
      maxDelayMs: integer('webhook-retry-max', values['webhook-retry-max'], 3_600_000),
      windowMs: integer('webhook-retry-window', values['webhook-retry-window'], 604_800) * 1000,
    },
  });

  for (const entry of values['business-account'] ?? []) {
    const [wabaId, token] = splitOnce(entry, '--business-account wants <id:token>');
    sandbox.registerBusinessAccount(wabaId, token);
  }
  for (const entry of values['phone-number'] ?? []) {
    const parts = entry.split(':');
    if (parts.length !== 3 || parts.some((part) => part === ''))
      throw new Error('--phone-number wants <id:wabaId:display>');
    sandbox.registerPhoneNumber(parts[0], parts[1], parts[2]);
  }
  for (const wabaId of values.subscribed ?? []) sandbox.setSubscribed(wabaId, true);

  process.stdout.write(
    `sandbox listening on ${sandbox.url} (control API at ${sandbox.url}/_sandbox, webhooks to ${webhookUrl ?? 'nowhere'})\n`,
  );
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function splitOnce(entry: string, usage: string): [string, string] {
  const index = entry.indexOf(':');
  if (index <= 0 || index === entry.length - 1) throw new Error(usage);
  return [entry.slice(0, index), entry.slice(index + 1)];
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
