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
  template: () => api.sendMessage(PHONE, TO, new Template(TEMPLATE, 'en_US', new BodyComponent(new BodyParameter('A-1042')))),
  read: () => api.markAsRead(PHONE, INBOUND),
});
