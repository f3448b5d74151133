import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ConsoleSessionController } from './console-session.controller';

/** The tenants' console: its sign-in and sessions (console-sessions.ts is mounted by app.setup.ts). */
@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [ConsoleSessionController],
})
export class ConsoleModule {}
