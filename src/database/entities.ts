import { ApiKey } from '../auth/api-key.entity';
import { BusinessAccount } from '../tenancy/business-account.entity';
import { Organization } from '../tenancy/organization.entity';
import { PhoneNumber } from '../tenancy/phone-number.entity';

/** Every entity, listed once for the app and for the TypeORM CLI. */
export const ENTITIES = [Organization, BusinessAccount, PhoneNumber, ApiKey];
