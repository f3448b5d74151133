import { Body, Controller, Get, HttpCode, Injectable, Module, Post } from '@nestjs/common';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';
import { ErrorCode, GraphError } from '../../src/core/graph-error';
import { Authenticated, CurrentAuth, TenantId } from '../../src/core/access.decorators';
import type { AuthContext } from '../../src/core/gateway-request';

class ProbeBody {
  @IsString()
  @IsNotEmpty()
  to: string;

  @IsOptional()
  @IsString()
  note?: string;

  /** The handler waits this long after recording the call (to hold an idempotency lock). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5000)
  delay_ms?: number;

  /** The handler records the call, then fails like an upstream 5xx or a Graph 4xx. */
  @IsOptional()
  @IsIn(['server', 'client'])
  fail_with?: 'server' | 'client';
}

async function perform(body: ProbeBody): Promise<void> {
  if (body.delay_ms) await new Promise((resolve) => setTimeout(resolve, body.delay_ms));
  if (body.fail_with === 'server')
    throw new GraphError(ErrorCode.SendFailure, 'Upstream failed (probe)', { status: 500 });
  if (body.fail_with === 'client') throw GraphError.invalidParameter('Rejected (probe)');
}

/** Counts executions so tests can prove whether a handler ran (a visible side effect). */
@Injectable()
export class ProbeLog {
  readonly calls: Array<{ route: string; tenantId: string; keyId: string; body?: unknown }> = [];

  record(route: string, tenantId: string, auth: AuthContext, body?: unknown) {
    this.calls.push({ route, tenantId, keyId: auth.keyId, body });
    return { route, tenant_id: tenantId, key_id: auth.keyId, call: this.calls.length };
  }

  count(route?: string): number {
    return route ? this.calls.filter((c) => c.route === route).length : this.calls.length;
  }
}

/**
 * Test-only routes declaring the spec's three endpoints with their scopes (under /test so real
 * routes never clash), plus one route whose organization comes only from the key or the header.
 */
@Controller('test/v1')
export class ProbeController {
  constructor(private readonly log: ProbeLog) {}

  @Post(':phoneNumberId/messages')
  @Authenticated({ scopes: ['messages:send'] })
  async send(@TenantId() tenantId: string, @CurrentAuth() auth: AuthContext, @Body() body: ProbeBody) {
    const result = this.log.record('send', tenantId, auth, body);
    await perform(body);
    return result;
  }

  @Post(':phoneNumberId/accepted')
  @HttpCode(202)
  @Authenticated({ scopes: ['messages:send'] })
  async accepted(@TenantId() tenantId: string, @CurrentAuth() auth: AuthContext, @Body() body: ProbeBody) {
    const result = this.log.record('accepted', tenantId, auth, body);
    await perform(body);
    return result;
  }

  @Post(':wabaId/message_templates')
  @Authenticated({ scopes: ['templates:write'] })
  createTemplate(@TenantId() tenantId: string, @CurrentAuth() auth: AuthContext, @Body() body: ProbeBody) {
    return this.log.record('createTemplate', tenantId, auth, body);
  }

  @Get(':wabaId/message_templates')
  @Authenticated({ scopes: ['templates:read'] })
  listTemplates(@TenantId() tenantId: string, @CurrentAuth() auth: AuthContext) {
    return this.log.record('listTemplates', tenantId, auth);
  }

  @Post('org-resource')
  @HttpCode(201)
  @Authenticated({ scopes: ['contacts:write'] })
  orgResource(@TenantId() tenantId: string, @CurrentAuth() auth: AuthContext, @Body() body: ProbeBody) {
    return this.log.record('orgResource', tenantId, auth, body);
  }
}

@Module({ controllers: [ProbeController], providers: [ProbeLog] })
export class ProbeModule {}
