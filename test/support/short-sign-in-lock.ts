// Imported first by the sign-in lockout spec: the configuration is read when the app module is
// imported, so these must be in the environment before that.
process.env.SIGN_IN_MAX_FAILURES = '10';
process.env.SIGN_IN_LOCK_SECONDS = '3';
