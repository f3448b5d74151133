// Test order: Jest's own, except that the outage suites run first.
//
// They measure how soon a circuit breaker opens while the process serves 200 requests a second, and
// the breaker trusts a silence only when the event loop keeps time. `npm test` runs every suite in
// one process (--runInBand), each loading the whole app into a module registry of its own; after
// fifty of them, garbage-collection pauses grow long enough to make the loop late, and the breaker
// (rightly, for its rule) waits. A gateway process has one app and one registry: running these suites
// while the test process is fresh measures the gateway, not the test harness's heap.
const Sequencer = require('@jest/test-sequencer').default;

const OUTAGE = /outage\.e2e-spec\.ts$/;

class OutageFirstSequencer extends Sequencer {
  sort(tests) {
    const order = (list) => [...list.filter((test) => OUTAGE.test(test.path)), ...list.filter((test) => !OUTAGE.test(test.path))];
    const sorted = super.sort(tests);
    return sorted instanceof Promise ? sorted.then(order) : order(sorted);
  }
}

module.exports = OutageFirstSequencer;
