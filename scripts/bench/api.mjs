// One JSON call to the running service for benchmark setup; anything but the expected status stops the run.

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
  });
  const text = await res.text();
  if (res.status !== expect)
    throw new Error(`Benchmark setup: ${method} ${path} answered ${res.status} (expected ${expect}): ${text}`);
  return text ? JSON.parse(text) : null;
}
