import type { CloudApiOperation } from './cloud-api-description';
import described from './cloud-api-operations.json';

/**
 * Every versioned operation of Meta's Cloud API description (libs/meta/openapi, v23.0), as
 * scripts/cloud-api-operations.ts reads it into cloud-api-operations.json (`npm run
 * cloud-api:generate`; cloud-api-operations.spec.ts fails while the two disagree).
 */
export const CLOUD_API_OPERATIONS = described as unknown as readonly CloudApiOperation[];
