import { WebhookReceiver } from './webhook-receiver';

// Runs in every spec file after the test framework is installed: whatever a failed test left
// listening is closed once the file's tests are done, so Jest exits and reports instead of waiting
// on an open port.
afterAll(async () => {
  await Promise.all([...WebhookReceiver.open].map((receiver) => receiver.stop()));
});
