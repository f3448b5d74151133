// whatsapp-api-js, pointed at the gateway through its fetch ponyfill (its way to change the host),
// with its own default Graph version. Prints one JSON line.
import { WhatsAppAPI } from 'whatsapp-api-js';
import { BodyComponent, BodyParameter, Image, Template, Text } from 'whatsapp-api-js/messages';
import { runSteps } from './steps.mjs';

const { GATEWAY, KEY, PHONE, TO, INBOUND, TEMPLATE } = process.env;
const api = new WhatsAppAPI({
  token: KEY,
  secure: false,
  ponyfill: { fetch: (url, init) => fetch(String(url).replace('https://graph.facebook.com', GATEWAY), init) },
});

await runSteps({
  text: () => api.sendMessage(PHONE, TO, new Text('Hello from whatsapp-api-js')),
  image: () => api.sendMessage(PHONE, TO, new Image('https://example.com/cat.jpg', false, 'A cat')),
  template: () =>
    api.sendMessage(PHONE, TO, new Template(TEMPLATE, 'en_US', new BodyComponent(new BodyParameter('A-1042')))),
  read: () => api.markAsRead(PHONE, INBOUND),
  // Its media helpers: upload (messaging_product in the query, no type field), retrieve, fetch.
  media: async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5, 6, 7, 8]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'dot.png');
    const uploaded = await api.uploadMedia(PHONE, form);
    const described = await api.retrieveMedia(uploaded.id);
    const file = await api.fetchMedia(described.url);
    return {
      id: uploaded.id,
      status: file.status,
      sameBytes: Buffer.from(await file.arrayBuffer()).equals(Buffer.from(bytes)),
    };
  },
});
