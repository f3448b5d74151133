// @great-detail/whatsapp, configured with nothing but the gateway's base URL, a gateway key and its
// own default Graph version (it then calls `/{id}/...` with no version). Prints one JSON line.
import Client from '@great-detail/whatsapp';
import { runSteps } from './steps.mjs';

const { GATEWAY, KEY, PHONE, WABA, TO, INBOUND, TEMPLATE } = process.env;
const sdk = new Client({ baseUrl: GATEWAY, request: { headers: { Authorization: `Bearer ${KEY}` }, retry: 0 } });
const json = (promise) => promise.json();

await runSteps({
  text: () =>
    json(
      sdk.message.createMessage({
        phoneNumberID: PHONE,
        to: TO,
        type: 'text',
        text: { body: 'Hello from @great-detail/whatsapp' },
      }),
    ),
  image: () =>
    json(
      sdk.message.createMessage({
        phoneNumberID: PHONE,
        to: TO,
        type: 'image',
        image: { link: 'https://example.com/cat.jpg', caption: 'A cat' },
      }),
    ),
  template: () =>
    json(
      sdk.message.createMessage({
        phoneNumberID: PHONE,
        to: TO,
        type: 'template',
        template: {
          name: TEMPLATE,
          language: { code: 'en_US' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'A-1042' }] }],
        },
      }),
    ),
  read: () => json(sdk.message.createStatus({ phoneNumberID: PHONE, message_id: INBOUND, status: 'read' })),
  createTemplate: () =>
    json(
      sdk.template.create(WABA, {
        name: 'client_great_detail',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Hello from a client' }],
      }),
    ),
  listTemplates: () => json(sdk.template.list(WABA, { limit: 10 })),
  deleteTemplate: () => json(sdk.template.delete(WABA, { name: 'client_great_detail' })),
  phoneNumber: () =>
    json(sdk.phoneNumbers.getPhoneNumber({ phoneNumberID: PHONE, fields: ['display_phone_number', 'verified_name'] })),
  // Its media helpers: upload, look up the URL, download with the same key.
  media: async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const uploaded = await json(
      sdk.media.upload({
        phoneNumberID: PHONE,
        file: new Blob([bytes], { type: 'image/png' }),
        filename: 'dot.png',
        mimeType: 'image/png',
      }),
    );
    const described = await json(sdk.media.getURL({ mediaID: uploaded.id }));
    const file = await sdk.media.download({
      mediaURL: described.url,
      request: { headers: { Authorization: `Bearer ${KEY}` } },
    });
    const downloaded = new Uint8Array(await file.arrayBuffer());
    return { id: uploaded.id, url: described.url, sameBytes: Buffer.from(downloaded).equals(Buffer.from(bytes)) };
  },
});
