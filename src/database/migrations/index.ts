import { Init1763700000000 } from './1763700000000-Init';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Init1763700000000];
