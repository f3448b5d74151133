import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { Environment, type ProcessRole, validateEnvironment } from './environment';
import { MetaApp } from './meta-app';

/**
 * The validated configuration, for the gateway (`server`) or the administration CLI (`cli`, which
 * needs the database and the encryption key but no Redis, upstream or Meta secrets).
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(role: ProcessRole = 'server'): DynamicModule {
    return {
      module: AppConfigModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          cache: true,
          envFilePath: ['.env'],
          validate: (raw) => validateEnvironment(raw, role),
        }),
      ],
      providers: [
        {
          provide: MetaApp,
          inject: [ConfigService],
          useFactory: (config: ConfigService<Environment, true>) => MetaApp.fromConfig(config),
        },
      ],
      exports: [MetaApp],
    };
  }
}
