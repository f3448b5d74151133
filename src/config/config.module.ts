import { Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { Environment, validateEnvironment } from './environment';
import { MetaApp } from './meta-app';

@Global()
@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      cache: true,
      envFilePath: ['.env'],
      validate: validateEnvironment,
    }),
  ],
  providers: [{ provide: MetaApp, inject: [ConfigService], useFactory: (config: ConfigService<Environment, true>) => MetaApp.fromConfig(config) }],
  exports: [MetaApp],
})
export class AppConfigModule {}
