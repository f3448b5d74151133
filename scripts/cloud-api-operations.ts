import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { readCloudApiOperations } from '../libs/meta/cloud-api-description';

/**
 * Regenerates libs/meta/cloud-api-operations.json from Meta's OpenAPI description
 * (libs/meta/openapi/). Run after replacing the description with a new version:
 *   npm run cloud-api:generate
 * then read the diff: libs/meta/cloud-api-operations.spec.ts fails until the two agree.
 */
export function describedOperations(file: string) {
  return readCloudApiOperations(load(readFileSync(file, 'utf8')) as Record<string, unknown>);
}

if (require.main === module) {
  // Run built, from dist/scripts: the repository is two folders up.
  const root = join(__dirname, '..', '..');
  const target = join(root, 'libs/meta/cloud-api-operations.json');
  const operations = describedOperations(join(root, 'libs/meta/openapi/business-messaging-api_v23.0.yaml'));
  writeFileSync(target, JSON.stringify(operations, null, 2) + '\n');
  process.stdout.write(`${operations.length} operations written to ${target}\n`);
}
