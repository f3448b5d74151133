// The client's types of an OpenAPI description (a JSON file's path as the argument), formatted as the
// repository formats its sources, on stdout. Run by test/client-drift.e2e-spec.ts, in a process of its
// own: openapi-typescript's dependencies are ES modules only.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';

const HEADER =
  "// The gateway's API as types, generated from its OpenAPI description (GET /docs-json) by\n" +
  '// test/client-drift.e2e-spec.ts: `npm run client:generate` writes it again. Do not edit.\n\n';

const document = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const target = fileURLToPath(new URL('../src/schema.ts', import.meta.url));
// A field with a default is optional in what the caller sends (Meta's `recipient_type`, `type`); an
// object the description says nothing more of takes any members, as JSON Schema reads it (not none).
const text = HEADER + astToString(await openapiTS(document, { defaultNonNullable: false, emptyObjectsUnknown: true }));
const options = await prettier.resolveConfig(target);
process.stdout.write(await prettier.format(text, { ...options, filepath: target }));
