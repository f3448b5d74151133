/**
 * Test mode's magic recipients: numbers that make the simulator answer a send the way Meta answers
 * its failures, so a tenant's code meets each of them on demand. Shared by the simulator (the sandbox
 * started with `--magic-recipients`, which answers them) and the gateway (which keeps live keys from
 * sending to them). US numbers of the fictional 555 exchange, ending in the code's last four digits.
 *
 * `answer`: Meta refuses the send itself (the HTTP answer); `status`: Meta accepts it and a `failed`
 * status webhook follows; `no_answer`: the request is never answered (the caller's timeout).
 */
export interface MagicRecipient {
  number: string;
  code: number | null;
  when: 'answer' | 'status' | 'no_answer';
  title: string;
  details: string;
}

export const MAGIC_RECIPIENTS: readonly MagicRecipient[] = [
  {
    number: '15550001026',
    code: 131026,
    when: 'status',
    title: 'Message undeliverable',
    details: 'Message Undeliverable.',
  },
  {
    number: '15550001047',
    code: 131047,
    when: 'status',
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  {
    number: '15550001049',
    code: 131049,
    when: 'status',
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  {
    number: '15550001056',
    code: 131056,
    when: 'answer',
    title: '(Business Account, Consumer Account) pair rate limit hit',
    details:
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  },
  {
    number: '15550000429',
    code: 130429,
    when: 'answer',
    title: 'Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  {
    number: '15550001048',
    code: 131048,
    when: 'answer',
    title: 'Spam rate limit hit',
    details:
      'Message failed to send because there are restrictions on how many messages can be sent from this phone number. This may be because too many previous messages were blocked or flagged as spam.',
  },
  {
    number: '15550001000',
    code: 131000,
    when: 'status',
    title: 'Something went wrong',
    details: 'Something went wrong',
  },
  {
    number: '15550002001',
    code: 132001,
    when: 'answer',
    title: 'Template name does not exist in the translation',
    details: 'template name (requested) does not exist in en_US',
  },
  {
    number: '15550000408',
    code: null,
    when: 'no_answer',
    title: 'No answer',
    details: 'The simulator never answers: the send meets the caller’s timeout, as when Meta does not answer.',
  },
];

const BY_NUMBER = new Map(MAGIC_RECIPIENTS.map((magic) => [magic.number, magic]));

/** The magic recipient a recipient's digits name (a leading + and separators ignored), or undefined. */
export function magicRecipient(to: string): MagicRecipient | undefined {
  return BY_NUMBER.get(to.replace(/[^\d]/g, ''));
}
