import { Injectable } from '@nestjs/common';
import { ContactsService } from '../../contacts/contacts.service';
import type { AuthContext } from '../../core/gateway-request';
import type { FilledSavedReplyDto } from '../../inbox/dto/saved-reply.dto';
import { InboxService } from '../../inbox/inbox.service';
import { SavedReplies } from '../../inbox/saved-replies.service';
import { fillVariables } from '../../inbox/saved-reply-text';
import { ConversationWork } from './conversation-work.service';
import type { ConversationKey } from './conversations.repository';

/**
 * A saved reply filled for one conversation and the member using it: the contact's name (the
 * organization's contact, else the customer's WhatsApp profile name), WhatsApp id and attributes;
 * the member's name (their email's local part: members have no other name) and email.
 */
@Injectable()
export class SavedReplyFill {
  constructor(
    private readonly work: ConversationWork,
    private readonly replies: SavedReplies,
    private readonly contacts: ContactsService,
    private readonly inbox: InboxService,
  ) {}

  async fill(auth: AuthContext, key: ConversationKey, name: string): Promise<FilledSavedReplyDto> {
    const viewer = await this.work.viewer(auth, key.tenantId);
    const conversation = await this.work.visible(viewer, key.tenantId, key.phoneNumberId, key.waId);
    const reply = await this.replies.byName(auth, key.tenantId, name);
    const contact = await this.contacts.find(key.tenantId, key.waId);
    const email = auth.userId
      ? ((await this.inbox.membersAmong(key.tenantId, [auth.userId])).get(auth.userId)?.email ?? auth.person)
      : null;
    const text = fillVariables(reply.body, {
      contact: {
        name: contact?.name ?? conversation.profile_name,
        wa_id: key.waId,
        attributes: contact?.attributes ?? {},
      },
      agent: { name: email ? email.split('@')[0] : null, email },
    });
    return { name: reply.name, text };
  }
}
