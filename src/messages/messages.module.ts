import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlacklistModule } from '../blacklist/blacklist.module';
import { TemplatesModule } from '../templates/templates.module';
import { HotPathSql } from '../database/hot-path-sql';
import { TenancyModule } from '../tenancy/tenancy.module';
import { MessageStatusEvent } from './message-status.entity';
import { Message } from './message.entity';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';
import { ServiceWindowService } from './service-window.service';

@Module({
  imports: [TypeOrmModule.forFeature([Message, MessageStatusEvent]), TenancyModule, BlacklistModule, TemplatesModule],
  controllers: [MessagesController],
  providers: [MessagesService, ServiceWindowService, HotPathSql],
  exports: [MessagesService, ServiceWindowService],
})
export class MessagesModule {}
