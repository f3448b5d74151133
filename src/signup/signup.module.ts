import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { UpstreamModule } from '../upstream/upstream.module';
import { EmbeddedSignupController } from './embedded-signup.controller';
import { EmbeddedSignupService } from './embedded-signup.service';
import { NumberSignup } from './number-signup.entity';
import { PartnerUpdates } from './partner-updates';
import { SignupRepository } from './signup.repository';
import { SignupUpstream } from './signup.upstream';

/**
 * Numbers organizations connect themselves: Meta's Embedded Signup opened in the console, finished
 * by the gateway (the code exchanged, the app subscribed, the number registered and added), and
 * Meta's `account_update` about the partner (a business that removes the gateway stops its numbers).
 */
@Module({
  imports: [TypeOrmModule.forFeature([NumberSignup]), TenancyModule, UpstreamModule],
  controllers: [EmbeddedSignupController],
  providers: [SignupRepository, SignupUpstream, EmbeddedSignupService, PartnerUpdates],
  exports: [PartnerUpdates, EmbeddedSignupService],
})
export class SignupModule {}
