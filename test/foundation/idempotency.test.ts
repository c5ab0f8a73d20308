import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { multipartBody } from "../attachments/multipart";
import { countPolicies, endorseBody, newBusinessBody, setUpPolicies } from "../policies/helpers";
import { BASE, createCompany as createBareCompany, expectError } from "../support/harness";
import { must } from "../support/must";
import { runScheduled } from "../support/scheduled";

/** Idempotency keys on company mutations (CONTRACT 8.1). */

/** A company whose people have a name and an email. */
async function createCompany() {
  const company = await createBareCompany();
  const admin = await company.key(["Admin"]);
  const fieldDefinitions = ["name", "email"].map((referenceId) => ({
    entityType: "person",
    referenceId,
    label: referenceId,
    typeInfo: { kind: "String" },
  }));
  const imported = await company.call("POST", "/configuration/import", admin, { body: { fieldDefinitions } });
  expect(imported.status, imported.text).toBe(200);
  return company;
}

const withKey = (key: string) => ({ headers: { "Idempotency-Key": key } });

async function people(companyId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM entities WHERE company_id = ? AND entity_type = 'person'")
    .bind(companyId)
    .first<{ n: number }>();
  return must(row).n;
}

const heldKey = (companyId: string, key: string) =>
  env.DB.prepare("SELECT * FROM idempotency_keys WHERE company_id = ? AND idempotency_key = ?")
    .bind(companyId, key)
    .first<any>();

describe("a retried mutation with the same key", () => {
  it("replays the first answer byte for byte, marked Idempotent-Replayed, and creates nothing", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const first = await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("k-1") });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const again = await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("k-1") });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await people(company.id)).toBe(1);
    // Only a digest of the request is kept, never its body.
    const row = await heldKey(company.id, "k-1");
    expect(row).toMatchObject({ state: "done", status: 201 });
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('Ada\\"}');
  });

  it("replays a 202's Location with its status and body: the retry still says where to follow the job", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const start = () => company.call("POST", "/data-validation/runs", key, { body: {}, ...withKey("run-1") });
    const first = await start();
    expect(first.status, first.text).toBe(202);
    expect(first.headers.get("Location")).toContain(`/data-validation/runs/${first.json.runId}`);
    const again = await start();
    expect(again.status).toBe(202);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
  });

  it("compares JSON bodies in canonical form: members in another order are the same request", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const body = { name: "Ada", email: "ada@example.com" };
    await company.call("POST", "/entities/person", key, { body, ...withKey("order") });
    const reordered = await company.call("POST", "/entities/person", key, {
      rawBody: '{ "email": "ada@example.com",\n "name": "Ada" }',
      ...withKey("order"),
    });
    expect(reordered.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await people(company.id)).toBe(1);
  });

  it("refuses the key with another body or path: 422 IdempotencyKeyReused, nothing runs", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("k-2") });
    const otherBody = await company.call("POST", "/entities/person", key, { body: { name: "Bob" }, ...withKey("k-2") });
    const error = expectError(otherBody, 422, "IdempotencyKeyReused");
    expect(error.details).toEqual([{ field: "Idempotency-Key", message: "was used with another request" }]);
    const otherPath = await company.call("POST", "/entities/organization", key, { body: {}, ...withKey("k-2") });
    expectError(otherPath, 422, "IdempotencyKeyReused");
    expect(await people(company.id)).toBe(1);
  });

  it("does not save a 400: the corrected retry with the same key runs", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const bad = await company.call("POST", "/entities/person", key, { body: { nope: 1 }, ...withKey("k-3") });
    expectError(bad, 400, "InvalidFieldModelV1Data");
    expect(await heldKey(company.id, "k-3")).toBeNull();
    const good = await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("k-3") });
    expect(good.status).toBe(201);
    expect(good.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("saves a 404 and a 422 (business outcomes), and not a 403", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const path = `/entities/person/${crypto.randomUUID()}`;
    expectError(
      await company.call("PATCH", path, key, { body: { name: "X" }, ...withKey("k-404") }),
      404,
      "NotFoundError",
    );
    const replayed = await company.call("PATCH", path, key, { body: { name: "X" }, ...withKey("k-404") });
    expect([replayed.status, replayed.headers.get("Idempotent-Replayed")]).toEqual([404, "true"]);
    const reader = await company.key(["ReadOnly"]);
    const refused = await company.call("POST", "/entities/person", reader, { body: {}, ...withKey("k-403") });
    expectError(refused, 403, "AuthorizationError");
    expect(await heldKey(company.id, "k-403")).toBeNull();
  });

  it("is scoped to the calling key: the same string under another key is another request", async () => {
    const company = await createCompany();
    const [first, second] = [await company.key(["Admin"]), await company.key(["Admin"])];
    await company.call("POST", "/entities/person", first, { body: { name: "Ada" }, ...withKey("shared") });
    const other = await company.call("POST", "/entities/person", second, {
      body: { name: "Ada" },
      ...withKey("shared"),
    });
    expect(other.status).toBe(201);
    expect(other.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await people(company.id)).toBe(2);
  });

  it("refuses a malformed key 400 naming the header; GET and read-only POSTs ignore the header", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    for (const bad of ["x".repeat(256), "tab\there", "é"]) {
      const res = await company.call("POST", "/entities/person", key, { body: { name: "A" }, ...withKey(bad) });
      expect(expectError(res, 400, "VALIDATION_ERROR").details).toEqual([
        { field: "Idempotency-Key", message: "must be 1 to 255 printable ASCII characters" },
      ]);
    }
    expect((await company.call("GET", "/me", key, withKey("x".repeat(300)))).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const validated = await company.call("POST", "/configuration/validate", key, { body: {}, ...withKey("ro") });
      expect(validated.headers.get("Idempotent-Replayed")).toBeNull();
    }
    expect(await heldKey(company.id, "ro")).toBeNull();
  });
});

describe("concurrent and interrupted requests", () => {
  it("ten concurrent new-business requests with one key write one policy; the others replay it or get 409", async () => {
    const f = await setUpPolicies();
    const body = newBusinessBody();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        f.company.call("POST", "/policies/transaction/new-business", f.admin, { body, ...withKey("nb") }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const inFlight = answers.filter((a) => a.status === 409);
    expect(ok.length + inFlight.length).toBe(10);
    expect(new Set(ok.map((a) => a.json.policyId)).size).toBe(1);
    for (const refused of inFlight) {
      expectError(refused, 409, "IdempotencyKeyInFlight");
      expect(refused.headers.get("Retry-After")).toBe("1");
    }
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 1 });
  });

  it("a replayed policy transaction adds no version", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const body = endorseBody("2026-03-01", [{ path: "policy.limit", value: 5 }]);
    const path = `/policies/${policyId}/transaction/endorse`;
    const first = await f.company.call("POST", path, f.admin, { body, ...withKey("endorse-1") });
    expect(first.status, first.text).toBe(200);
    const again = await f.company.call("POST", path, f.admin, { body, ...withKey("endorse-1") });
    expect(again.text).toBe(first.text);
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 2 });
  });

  it("answers 409 while the first request runs, and lets a request take over a mark lost over 120 s ago", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("k-run") });
    // As if the first request were still running.
    await env.DB.prepare(
      "UPDATE idempotency_keys SET state = 'running', status = NULL, body = NULL WHERE idempotency_key = 'k-run'",
    ).run();
    const running = await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("k-run") });
    expectError(running, 409, "IdempotencyKeyInFlight");
    expect(running.headers.get("Retry-After")).toBe("1");
    // As if it had stopped before writing anything, three minutes ago.
    const lost = new Date(Date.now() - 180_000).toISOString();
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = ? WHERE idempotency_key = 'k-run'").bind(lost).run();
    const retried = await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("k-run") });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
  });

  /**
   * Creates a person with `idempotencyKey`, then leaves its key as a request would that stopped (or is still
   * standing) after its write's batch and before saving its answer, `ageMs` after the claim; answers the retry.
   */
  async function retryAfterCommit(idempotencyKey: string, ageMs: number) {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey(idempotencyKey) });
    await env.DB.prepare(
      "UPDATE idempotency_keys SET state = 'committed', status = NULL, body = NULL, created_at = ? WHERE idempotency_key = ?",
    )
      .bind(new Date(Date.now() - ageMs).toISOString(), idempotencyKey)
      .run();
    const retried = await company.call("POST", "/entities/person", key, {
      body: { name: "Ada" },
      ...withKey(idempotencyKey),
    });
    return { retried, people: await people(company.id) };
  }

  it("marks the key committed in the write's own batch: a write whose answer was lost is never repeated", async () => {
    const { retried, people: count } = await retryAfterCommit("k-lost", 180_000);
    expectError(retried, 409, "IdempotencyKeyInFlight");
    expect(retried.headers.get("Retry-After")).toBeNull(); // lost for good: waiting a second will not help
    expect(count).toBe(1);
  });

  it("answers 409 with Retry-After: 1 while the first request's write has committed and its answer is being saved", async () => {
    // CONTRACT 8.1: the first request is still running while it saves its answer.
    const { retried, people: count } = await retryAfterCommit("k-settling", 0);
    expect(expectError(retried, 409, "IdempotencyKeyInFlight").message).toBe(
      "A request with this Idempotency-Key is still being processed",
    );
    expect(retried.headers.get("Retry-After")).toBe("1");
    expect(count).toBe(1);
  });
});

describe("multipart uploads", () => {
  it("compare part by part, whatever the boundary: a retried upload stores one file", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const send = (boundary: string) =>
      SELF.fetch(`${BASE}/api/v1/companies/${company.id}/files`, {
        method: "POST",
        headers: {
          Authorization: key,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Idempotency-Key": "up",
        },
        body: multipartBody([{ name: "file", filename: "a.txt", value: "hello", contentType: "text/plain" }], boundary),
      });
    const first = await send("b-one");
    const firstText = await first.text();
    expect(first.status, firstText).toBe(201);
    const again = await send("b-two");
    expect([again.status, await again.text(), again.headers.get("Idempotent-Replayed")]).toEqual([
      201,
      firstText,
      "true",
    ]);
    const files = await env.DB.prepare("SELECT count(*) AS n FROM files WHERE company_id = ?")
      .bind(company.id)
      .first<any>();
    expect(files.n).toBe(1);
  });
});

describe("keyed uploads the fingerprint reads as a stream", () => {
  const uploadWithKey = async (companyId: string, key: string, contentType: string, body: BodyInit) => {
    const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/files`, {
      method: "POST",
      headers: { Authorization: key, "Content-Type": contentType, "Idempotency-Key": "up-1" },
      body,
    });
    const text = await res.text();
    return { status: res.status, text, json: JSON.parse(text) };
  };
  const file = { name: "file", filename: "schedule.txt", value: "coverage A", contentType: "text/plain" };

  it("refuses a body that is not well-formed 400, as without a key, and holds no key for it", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const cut = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello';
    expectError(await uploadWithKey(company.id, key, "multipart/form-data; boundary=b", cut), 400, "VALIDATION_ERROR");
    expectError(await uploadWithKey(company.id, key, "multipart/form-data", cut), 400, "VALIDATION_ERROR");
    expect(await heldKey(company.id, "up-1")).toBeNull();
    const sound = await uploadWithKey(company.id, key, "multipart/form-data; boundary=b", multipartBody([file], "b"));
    expect(sound.status, sound.text).toBe(201);
  });

  it("refuses another file's bytes under the same key 422 IdempotencyKeyReused, storing one file", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const first = await uploadWithKey(company.id, key, "multipart/form-data; boundary=b", multipartBody([file], "b"));
    expect(first.status, first.text).toBe(201);
    const other = multipartBody([{ ...file, value: "coverage B" }], "b");
    expectError(
      await uploadWithKey(company.id, key, "multipart/form-data; boundary=b", other),
      422,
      "IdempotencyKeyReused",
    );
    const files = await env.DB.prepare("SELECT count(*) AS n FROM files WHERE company_id = ?")
      .bind(company.id)
      .first<{ n: number }>();
    expect(must(files).n).toBe(1);
  });
});

describe("retention", () => {
  it("replays for 24 hours; the scheduled clean-up deletes expired keys, and an expired key runs anew", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("old") });
    await company.call("POST", "/entities/person", key, { body: { name: "Bob" }, ...withKey("fresh") });
    const row = await heldKey(company.id, "fresh");
    const saved = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(saved).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = ? WHERE idempotency_key = 'old'")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    const rerun = await company.call("POST", "/entities/person", key, { body: { name: "Ada" }, ...withKey("old") });
    expect(rerun.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await people(company.id)).toBe(3);

    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = ? WHERE idempotency_key = 'old'")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    for (let run = 0; run < 2; run++) await runScheduled();
    expect(await heldKey(company.id, "old")).toBeNull();
    expect(await heldKey(company.id, "fresh")).not.toBeNull();
  });
});
