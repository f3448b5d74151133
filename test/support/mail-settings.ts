// Imported first by the mail spec: the configuration is read when the app module is imported, so the
// SMTP server's address (a real smtp-server the spec starts on this loopback port) must be set before.
export const SMTP_PORT = 25871;
process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
process.env.MAIL_FROM = 'Gateway <gateway@test.example>';
process.env.PUBLIC_BASE_URL = 'https://gateway.test.example';
