// Runs named client calls in order and prints `{ name: { ok, result | error } }` as one JSON line.
export async function runSteps(steps) {
  const results = {};
  for (const [name, step] of Object.entries(steps)) {
    try {
      const result = await step();
      results[name] = { ok: !(result && result.error), result };
    } catch (error) {
      // ky keeps the response on its HTTPError; axios on error.response.data.
      const detail =
        typeof error?.response?.text === 'function'
          ? await error.response.text().catch(() => undefined)
          : JSON.stringify(error?.response?.data ?? error?.error ?? '');
      results[name] = {
        ok: false,
        error: String(error?.message ?? error).slice(0, 300),
        detail: detail?.slice?.(0, 300),
      };
    }
  }
  process.stdout.write(JSON.stringify(results) + '\n');
}
