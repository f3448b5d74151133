import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PeopleModule } from '../people/people.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ConsoleSessionController } from './console-session.controller';
import { ConsoleSsoController } from './console-sso.controller';

/**
 * The tenants' console: its sign-in (a key; a person's email and password, or single sign-on; accepting an invitation)
 * and sessions (console-sessions.ts is mounted by app.setup.ts).
 */
@Module({
  imports: [AuthModule, RateLimitModule, PeopleModule],
  controllers: [ConsoleSessionController, ConsoleSsoController],
})
export class ConsoleModule {}
