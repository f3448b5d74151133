// Imported first by the team inbox spec: the configuration is read when the app module is imported,
// so this must be in the environment before that. The inbox's sweep (snoozes, the queue, presence)
// every 300 ms (5 s by default); a member whose last console closed goes offline after 500 ms (30 s).
process.env.INBOX_SWEEP_INTERVAL_MS = '300';
process.env.INBOX_PRESENCE_GRACE_MS = '500';
