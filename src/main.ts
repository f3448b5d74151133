import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type Environment, loadEnvironmentWithEnvFile } from './config/environment';

async function bootstrap(): Promise<void> {
  // Settings first, alone: a production start with missing or unsafe settings stops here with one
  // message naming every one of them, before any module (or the demo's defaults) is loaded.
  try {
    loadEnvironmentWithEnvFile('.env', 'server');
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const { AppModule } = await import('./app.module.js');
  const { configureApp } = await import('./app.setup.js');
  const { GatewayLogger } = await import('./logging/gateway-logger.js');
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { rawBody: true, bufferLogs: true });
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  // pino (nestjs-pino), at LOG_LEVEL, JSON or readable per LOG_FORMAT; the buffered start-up logs go there too.
  app.useLogger(app.get(GatewayLogger));
  configureApp(app);
  try {
    await app.listen(config.get('PORT', { infer: true }), config.get('HOST', { infer: true }));
  } catch (error) {
    // A refusal at start (a stored secret's key not configured, a port taken): its reason, then exit.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = new Logger('Bootstrap');
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  logger.log(`upstream: ${config.get('UPSTREAM_BASE_URL', { infer: true })}; its webhooks to ${url}/webhooks/whatsapp`);
  const simulator = config.get('SIMULATOR_BASE_URL', { infer: true });
  if (simulator) logger.log(`test mode's simulator: ${simulator}; its webhooks to ${url}/webhooks/simulator`);
  // Last: the line that says the gateway is ready.
  logger.log(`gateway listening on ${url} (docs at ${url}/docs)`);
}

void bootstrap();
