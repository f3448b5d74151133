// Imported first by the send recovery spec: the configuration is read when the app module is
// imported, so these must be in the environment before that.
process.env.SEND_OUTCOME_TIMEOUT_SECONDS = '4';
process.env.SEND_SWEEP_INTERVAL_MS = '300';
