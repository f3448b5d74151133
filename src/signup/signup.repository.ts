import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { keyIdOf } from '../common/encrypted-secrets';
import { EncryptedColumnStatements } from '../database/encrypted-column-statements';
import { NumberSignup, type SignupStep } from './number-signup.entity';

/** `number_signups`: the numbers organizations connected through Embedded Signup. */
@Injectable()
export class SignupRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(phoneNumberId: string): Promise<NumberSignup | null> {
    return this.dataSource.getRepository(NumberSignup).findOne({ where: { phoneNumberId } });
  }

  /** The organization's connected numbers and attempts, newest first. */
  list(tenantId: string): Promise<NumberSignup[]> {
    return this.dataSource.getRepository(NumberSignup).find({ where: { tenantId }, order: { createdAt: 'DESC' } });
  }

  /**
   * The number's row, made for this organization unless it exists: the row as stored (another
   * organization's row says the number is theirs).
   */
  async start(row: {
    phoneNumberId: string;
    tenantId: string;
    wabaId: string;
    pinEncrypted: string;
  }): Promise<NumberSignup> {
    await this.dataSource.query(
      `INSERT INTO number_signups (phone_number_id, tenant_id, waba_id, pin_encrypted) VALUES ($1, $2, $3, $4)
       ON CONFLICT (phone_number_id) DO NOTHING`,
      [row.phoneNumberId, row.tenantId, row.wabaId, row.pinEncrypted],
    );
    return (await this.find(row.phoneNumberId))!;
  }

  async registered(phoneNumberId: string, pinEncrypted: string): Promise<void> {
    await this.dataSource
      .getRepository(NumberSignup)
      .update({ phoneNumberId }, { registeredAt: new Date(), pinEncrypted, updatedAt: new Date() });
  }

  async failed(phoneNumberId: string, step: SignupStep, error: string): Promise<void> {
    await this.dataSource
      .getRepository(NumberSignup)
      .update({ phoneNumberId }, { status: 'failed', failedStep: step, error, updatedAt: new Date() });
  }

  async connected(phoneNumberId: string): Promise<void> {
    await this.dataSource
      .getRepository(NumberSignup)
      .update({ phoneNumberId }, { status: 'connected', failedStep: null, error: null, updatedAt: new Date() });
  }

  /** The PINs, for key rotation (common/encrypted-secrets.ts). */
  encryptedSecrets(): EncryptedColumnStatements {
    return new EncryptedColumnStatements(this.dataSource, 'number_signups', ['pin_encrypted'], keyIdOf);
  }
}
