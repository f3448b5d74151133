// Imported first by the team inbox spec: the configuration is read when the app module is imported,
// so this must be in the environment before that. The inbox's sweep (snoozes, the queue) every 300 ms
// (5 s by default).
process.env.INBOX_SWEEP_INTERVAL_MS = '300';
