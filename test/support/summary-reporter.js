// Prints one plain closing line, "N passed, N failed" (", N skipped" when any), as the very last
// line of the run (after Jest's own summary), for tools that read a run's closing line.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line =
      `${results.numPassedTests} passed, ${results.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : '');
    process.once('exit', () => process.stdout.write(`${line}\n`));
  }
}

module.exports = SummaryReporter;
