import { Injectable } from '@nestjs/common';
import { type GraphPage, GraphTransport } from '../upstream/graph-transport';

/** A template as Meta lists it. */
export interface UpstreamTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: Array<Record<string, unknown>>;
  parameter_format?: string;
  rejected_reason?: string;
}

/** The catalog's calls to the Cloud API: a business account's message templates. */
@Injectable()
export class TemplatesUpstream {
  constructor(private readonly graph: GraphTransport) {}

  createTemplate(
    wabaId: string,
    token: string,
    template: unknown,
  ): Promise<{ id: string; status: string; category: string }> {
    return this.graph.call({ method: 'POST', path: `${wabaId}/message_templates`, token, json: template });
  }

  listTemplates(
    wabaId: string,
    token: string,
    options: { limit?: number; after?: string; name?: string } = {},
  ): Promise<GraphPage<UpstreamTemplate>> {
    return this.graph.call({ method: 'GET', path: `${wabaId}/message_templates`, token, query: options });
  }

  /** Every template of the business account, following Meta's cursor paging. */
  async listAllTemplates(wabaId: string, token: string, pageSize = 100): Promise<UpstreamTemplate[]> {
    const all: UpstreamTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const result = await this.listTemplates(wabaId, token, { limit: pageSize, after });
      all.push(...result.data);
      after = result.paging?.cursors?.after;
      if (!result.paging?.next || !after || result.data.length === 0) break;
    }
    return all;
  }

  getTemplate(templateId: string, token: string): Promise<UpstreamTemplate> {
    return this.graph.call({ method: 'GET', path: templateId, token });
  }

  /** `DELETE /{waba-id}/message_templates?name=` (every language), or one template with `hsm_id`. */
  deleteTemplate(wabaId: string, token: string, name: string, hsmId?: string): Promise<{ success: boolean }> {
    return this.graph.call({
      method: 'DELETE',
      path: `${wabaId}/message_templates`,
      token,
      query: { name, hsm_id: hsmId },
    });
  }

  /** `POST /{template-id}`: edits a template (components, category, TTL). */
  editTemplate(templateId: string, token: string, body: unknown): Promise<{ success: boolean }> {
    return this.graph.call({ method: 'POST', path: templateId, token, json: body });
  }
}
