import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { BlacklistEntry } from './blacklist-entry.entity';
import { BlacklistController } from './blacklist.controller';
import { BlacklistRepository } from './blacklist.repository';
import { BlacklistService } from './blacklist.service';

/** The per-organization recipient blacklist; BlacklistService.isBlacklisted serves the send path. */
@Module({
  imports: [TypeOrmModule.forFeature([BlacklistEntry]), TenancyModule],
  controllers: [BlacklistController],
  providers: [BlacklistRepository, BlacklistService],
  exports: [BlacklistService],
})
export class BlacklistModule {}
