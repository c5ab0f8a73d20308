import { SELF } from "cloudflare:test";
import { expect } from "vitest";

export const STAFF_TOKEN = "test-staff-token";
export const BASE = "https://api.test";

export type Lifecycle = "sandbox" | "live" | "retired" | "uninitialized";

export interface CallOptions {
  /** Raw value for the Authorization header; omitted means no header. */
  auth?: string;
  body?: unknown;
  /** Raw body text (sent as JSON content type unless `headers` override it). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth !== undefined) headers.Authorization = options.auth;
  let body: string | undefined;
  if (options.body !== undefined || options.rawBody !== undefined) {
    body = options.rawBody ?? JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await SELF.fetch(`${BASE}${path}`, { method, headers, body });
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

export const staff = (method: string, path: string, body?: unknown) =>
  call(method, path, { auth: `Bearer ${STAFF_TOKEN}`, body });

/** Sets a company's budget of requests per minute a key (CONTRACT 8.2) through the staff API; fails the test if refused. */
export async function setRequestBudget(companyId: string, requestsPerMinute: number) {
  const res = await staff("PATCH", `/admin/companies/${companyId}`, { rateLimit: { requestsPerMinute } });
  expect(res.status, res.text).toBe(200);
  expect(res.json.rateLimit).toEqual({ requestsPerMinute });
}

export interface TestCompany {
  id: string;
  /** Mints a key for this company with the given roles and explicit permissions. */
  key(roles?: string[], permissions?: string[]): Promise<string>;
  keyWithId(roles?: string[], permissions?: string[]): Promise<{ id: string; key: string }>;
  /** Calls a path under the current family prefix of this company. */
  call(method: string, path: string, key: string, options?: Omit<CallOptions, "auth">): ReturnType<typeof call>;
}

export async function createCompany(lifecycle: Lifecycle = "sandbox", name = "Test Mutual"): Promise<TestCompany> {
  const created = await staff("POST", "/admin/companies", { name, shortName: name.replace(/\W+/g, "-"), lifecycle });
  expect(created.status).toBe(201);
  const id: string = created.json.id;
  const keyWithId = async (roles: string[] = [], permissions: string[] = []) => {
    const res = await staff("POST", `/admin/companies/${id}/api-keys`, { name: "test key", roles, permissions });
    expect(res.status).toBe(201);
    return { id: res.json.id as string, key: res.json.key as string };
  };
  return {
    id,
    keyWithId,
    key: async (roles, permissions) => (await keyWithId(roles, permissions)).key,
    call: (method, path, key, options = {}) =>
      call(method, `/api/v1/companies/${id}${path}`, { ...options, auth: key }),
  };
}

/** Asserts the interface's error envelope and returns it. */
export function expectError(res: { status: number; json: any }, status: number, code: string, message?: string) {
  expect(res.status).toBe(status);
  expect(res.json?.error?.code).toBe(code);
  if (message !== undefined) expect(res.json.error.message).toBe(message);
  expect(typeof res.json.error.message).toBe("string");
  expect(Array.isArray(res.json.error.userMessages)).toBe(true);
  expect(res.json.error.userMessages.length).toBeGreaterThan(0);
  expect(Array.isArray(res.json.error.details)).toBe(true);
  return res.json.error as {
    code: string;
    message: string;
    userMessages: string[];
    details: { field: string; message: string }[];
  };
}

/** Audit rows are written after the response; poll until the predicate holds. */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
}
