// Imported first by specs whose in-process app only sets up data for gateway processes: its own
// broadcast dispatcher stays idle (the configuration is read when the app module is imported).
process.env.BROADCAST_POLL_MS = '0';
