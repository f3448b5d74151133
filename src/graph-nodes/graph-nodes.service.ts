import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Scope } from '../core/scopes';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { describeValidationErrors } from '../core/validation.pipe';
import { MediaNodesService } from '../media/media-nodes.service';
import { UpdatePhoneNumberDto } from '../tenant-webhooks/dto/subscribed-apps.dto';
import { MetaWebhookOverridesService } from '../tenant-webhooks/meta-webhook-overrides.service';
import { TemplatesService } from '../templates/templates.service';
import { resolveTenantId } from '../tenancy/tenant-resolution';
import { TenancyService } from '../tenancy/tenancy.service';
import { PhoneNumbersService } from '../tenancy/phone-numbers.service';

/** What a bare Graph id names, and who owns it. */
type GraphNode =
  | { kind: 'phone_number'; tenantId: string; phoneNumberId: string; businessAccountId: string }
  | { kind: 'template'; tenantId: string; businessAccountId: string; wabaId: string; upstreamId: string }
  | { kind: 'media'; tenantId: string; phoneNumberId: string };

export interface NodeCaller {
  auth: AuthContext;
  /** The organization X-Svc-Tenant-Id named (admin keys). */
  headerTenantId?: string;
  /** Told which write a change is, and whose, once the node is known (the audit log). */
  audit?: (action: string, tenantId: string) => void;
}

/**
 * Graph's `/{id}` node calls: the id is a phone number, a template or a media object of one of the
 * key's organizations. The node stands in for the path resource of spec 5: an unknown id or
 * another organization's is 401 code 190; then, as for every route, the scope the call needs
 * (403 code 200) and the key's phone-number allow-list (403 code 200).
 */
@Injectable()
export class GraphNodesService {
  constructor(
    private readonly tenancy: TenancyService,
    private readonly templates: TemplatesService,
    private readonly media: MediaNodesService,
    private readonly phones: PhoneNumbersService,
    private readonly overrides: MetaWebhookOverridesService,
  ) {}

  /**
   * Whether the gateway serves this `/{id}` call itself: a phone number, a template or a media object
   * (a number's change other than its `webhook_configuration` excepted). Everything else (a business
   * account, a flow, a group, …) goes through the checked pass-through.
   */
  async servesNatively(nodeId: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<boolean> {
    const node = await this.find(nodeId);
    if (!node) return false;
    if (node.kind === 'phone_number' && method === 'POST')
      return !!body && typeof body === 'object' && 'webhook_configuration' in body;
    return true;
  }

  /** `GET /{id}`, with Graph's `fields`. */
  async read(
    caller: NodeCaller,
    nodeId: string,
    fields: string | undefined,
    downloadUrl: string,
  ): Promise<Record<string, unknown>> {
    const node = await this.authorize(caller, nodeId, {
      phone_number: 'business:read',
      template: 'templates:read',
      media: 'media:read',
    });
    if (node.kind === 'phone_number') return this.phones.get(node, fields);
    if (node.kind === 'template') return this.templates.get(node, fields);
    return this.media.describe(this.mediaRequest(caller, nodeId), downloadUrl);
  }

  /** `POST /{id}`: a phone number's settings (its webhook override) or a template edit. */
  async update(caller: NodeCaller, nodeId: string, body: unknown): Promise<Record<string, unknown>> {
    const node = await this.authorize(caller, nodeId, {
      phone_number: 'webhooks:write',
      template: 'templates:write',
      media: 'media:write',
    });
    caller.audit?.(
      node.kind === 'template' ? 'templates.update' : 'phone_numbers.webhook_configuration',
      node.tenantId,
    );
    if (node.kind === 'template') return this.templates.edit(node, body);
    if (node.kind === 'media')
      throw GraphError.invalidParameter(
        'Unsupported post request',
        'a media object cannot be changed; upload a new one',
      );
    const settings = plainToInstance(UpdatePhoneNumberDto, body ?? {});
    const errors = await validate(settings, { whitelist: true });
    if (errors.length) {
      const details = describeValidationErrors(errors);
      throw GraphError.invalidParameter(`Invalid parameter: ${details[0]}`, details.join('; '));
    }
    return {
      ...(await this.overrides.configurePhoneNumber(
        { tenantId: node.tenantId, auth: caller.auth },
        node,
        settings.webhook_configuration,
      )),
    };
  }

  /** `DELETE /{id}`: a media object (templates are deleted through their business account). */
  async remove(caller: NodeCaller, nodeId: string): Promise<{ success: boolean }> {
    const node = await this.authorize(caller, nodeId, {
      phone_number: 'business:write',
      template: 'templates:write',
      media: 'media:write',
    });
    if (node.kind !== 'media') {
      throw GraphError.invalidParameter(
        'Unsupported delete request',
        node.kind === 'template'
          ? 'delete templates with DELETE /{wabaId}/message_templates?name=&hsm_id='
          : 'a phone number cannot be deleted here',
      );
    }
    caller.audit?.('media.delete', node.tenantId);
    return this.media.remove(this.mediaRequest(caller, nodeId));
  }

  private async authorize(
    caller: NodeCaller,
    nodeId: string,
    scopes: Record<GraphNode['kind'], Scope>,
  ): Promise<GraphNode> {
    const node = await this.find(nodeId);
    resolveTenantId({
      keyKind: caller.auth.kind,
      keyTenantIds: caller.auth.tenantIds,
      pathTenantId: node?.tenantId ?? null,
      headerTenantId: caller.headerTenantId,
      tenantRequired: true,
    });
    if (!node) throw GraphError.invalidToken();
    const scope = scopes[node.kind];
    if (!caller.auth.scopes.has(scope)) throw GraphError.permissionDenied(`The API key lacks the scope ${scope}`);
    const allowList = caller.auth.allowedPhoneNumberIds;
    if (allowList && 'phoneNumberId' in node && !allowList.has(node.phoneNumberId))
      throw GraphError.permissionDenied('The API key may not use this phone number');
    return node;
  }

  private async find(nodeId: string): Promise<GraphNode | null> {
    const phone = await this.tenancy.findPhoneNumber(nodeId);
    if (phone)
      return {
        kind: 'phone_number',
        tenantId: phone.tenantId,
        phoneNumberId: phone.phoneNumberId,
        businessAccountId: phone.businessAccountId,
      };
    const template = await this.templates.findByUpstreamId(nodeId);
    if (template) return { kind: 'template', ...template };
    const media = await this.media.owner(nodeId);
    if (media) return { kind: 'media', tenantId: media.tenantId, phoneNumberId: media.phoneNumberId };
    return null;
  }

  private mediaRequest(caller: NodeCaller, mediaId: string) {
    return { auth: caller.auth, headerTenantId: caller.headerTenantId, mediaId };
  }
}
