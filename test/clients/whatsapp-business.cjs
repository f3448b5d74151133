// whatsapp-business, pointed at the gateway through the one setting it exposes for its host (its
// axios instance's baseURL, keeping its own Graph version, v17.0). Prints one JSON line.
const { WABAClient } = require('whatsapp-business');

const { GATEWAY, KEY, PHONE, WABA, TO, INBOUND, TEMPLATE } = process.env;
const client = new WABAClient({ apiToken: KEY, phoneId: PHONE, accountId: WABA });
client.restClient.fetch.defaults.baseURL = client.restClient.fetch.defaults.baseURL.replace(
  'https://graph.facebook.com',
  GATEWAY,
);

import('./steps.mjs').then(({ runSteps }) =>
  runSteps({
    text: () => client.sendMessage({ to: TO, type: 'text', text: { body: 'Hello from whatsapp-business' } }),
    image: () =>
      client.sendMessage({ to: TO, type: 'image', image: { link: 'https://example.com/cat.jpg', caption: 'A cat' } }),
    template: () =>
      client.sendMessage({
        to: TO,
        type: 'template',
        template: {
          name: TEMPLATE,
          language: { code: 'en_US' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'A-1042' }] }],
        },
      }),
    read: () => client.markMessageAsRead(INBOUND),
    phoneNumbers: () => client.getBusinessPhoneNumbers(),
    profile: () => client.getBusinessProfile(['about']),
  }),
);
