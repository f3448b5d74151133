// Imported first by the pacing and broadcast specs: the configuration is read when the app module is
// imported, so these must be in the environment before that (each spec file has its own environment).
// Two gateways and Meta's stand-in share one event loop here, so a send reaches the sandbox late by
// whatever else the loop does: a wide margin (10 %, 72/s for an 80/s number) for the rules these
// specs check; how close to Meta's limit the pace runs is measured with processes
// (pacing-processes.e2e-spec, the bench). Broadcasts are looked for five times a second.
process.env.PACE_MARGIN_PERCENT = '10';
process.env.PACE_MAX_WAIT_MS = '1000';
process.env.BROADCAST_POLL_MS = '200';
// A burst of 200 sends through one process (two gateways and the sandbox) can hold an upstream call
// past the suites' usual 1 s on a loaded machine; none of these specs tests an upstream timeout.
process.env.UPSTREAM_TIMEOUT_MS = '5000';
