// Imported first by the team notes spec: the configuration is read when the app module is imported, so
// the SMTP server's address (a real smtp-server the spec starts on this loopback port, another than
// the people mail spec's) must be set before.
export const INBOX_SMTP_PORT = 25872;
process.env.SMTP_URL = `smtp://127.0.0.1:${INBOX_SMTP_PORT}`;
process.env.MAIL_FROM = 'Gateway <gateway@test.example>';
process.env.PUBLIC_BASE_URL = 'https://gateway.test.example';
