// One JSON call to the running service for benchmark setup; anything but the expected status stops the run.

// A setup call that never answers (a request lost when workerd restarts) stops the run with its name instead of
// leaving the bench waiting with no word. Generous: the largest setup call (a 50,000-row bordereau) takes seconds.
export const SETUP_CALL_TIMEOUT_MS = 300_000;

/**
 * @param {{ baseUrl: string, adminKey: string }} ctx
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, expect?: number, headers?: Record<string, string> }} [options]
 */
export async function callApi(ctx, method, path, { body, expect = 200, headers: extra = {} } = {}) {
  const headers = {
    authorization: ctx.adminKey,
    ...(body !== undefined && { "content-type": "application/json" }),
    ...extra,
  };
  const res = await fetch(new URL(path, ctx.baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(SETUP_CALL_TIMEOUT_MS),
  }).catch((error) => {
    throw new Error(`Benchmark setup: ${method} ${path} failed: ${error.message}`);
  });
  const text = await res.text();
  if (res.status !== expect)
    throw new Error(`Benchmark setup: ${method} ${path} answered ${res.status} (expected ${expect}): ${text}`);
  return text ? JSON.parse(text) : null;
}
