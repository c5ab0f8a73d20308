import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, call, createCompany, eventually, expectError } from "../support/harness";
import { allOperations, bodyFor, companyOperations, concretePath, type Operation, servedDocument } from "./operations";

/**
 * Request bounds (CONTRACT 8.3), checked on every operation the served description lists, so a route added
 * later is covered without anyone remembering it: every request schema member is bounded, unknown query
 * parameters are refused, an unsupported method is 405 with `Allow`, and bodies are bounded before parsing.
 */

const label = (op: Operation) => `${op.method} ${op.path}`;
/** A JSON body of more than `bytes` bytes. */
const oversized = (bytes: number) => `{"a":"${"x".repeat(bytes)}"}`;

/** What a request schema member lacks, if anything, with where it sits. */
function unboundedMembers(schema: any, where: string, components: Record<string, any>, seen = new Set<string>()) {
  const problems: string[] = [];
  const walk = (node: any, at: string, visited: Set<string>) => {
    if (!node || typeof node !== "object") return;
    if (node.$ref) {
      const name = String(node.$ref).split("/").pop() ?? "";
      if (visited.has(name)) return;
      return walk(components[name], at, new Set([...visited, name]));
    }
    const types: string[] = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    const fixed = "enum" in node || "const" in node;
    if (types.includes("string") && !fixed && node.maxLength === undefined)
      problems.push(`${at}: string without maxLength`);
    if (types.includes("array") && node.maxItems === undefined) problems.push(`${at}: array without maxItems`);
    if (types.includes("integer")) {
      if (!["int32", "int64"].includes(node.format)) problems.push(`${at}: integer without int32/int64 format`);
      if (node.minimum === undefined || node.maximum === undefined) problems.push(`${at}: integer without bounds`);
    }
    if (types.includes("number") && (node.minimum === undefined || node.maximum === undefined))
      problems.push(`${at}: number without bounds`);
    const open = node.additionalProperties !== undefined && node.additionalProperties !== false;
    if (types.includes("object") && open && node.maxProperties === undefined)
      problems.push(`${at}: open object without maxProperties`);
    const composed = ["anyOf", "oneOf", "allOf", "not"].some((k) => k in node);
    const freeForm = types.length === 0 && !fixed && !composed;
    if (freeForm && node["x-max-json-length"] === undefined && node["x-bounded-by"] === undefined)
      problems.push(`${at}: free-form value without x-max-json-length or x-bounded-by`);
    for (const [name, member] of Object.entries<any>(node.properties ?? {})) walk(member, `${at}.${name}`, visited);
    if (node.items) walk(node.items, `${at}[]`, visited);
    if (node.additionalProperties && typeof node.additionalProperties === "object")
      walk(node.additionalProperties, `${at}.*`, visited);
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      for (const [i, member] of (node[key] ?? []).entries()) walk(member, `${at}|${key}${i}`, visited);
    }
  };
  walk(schema, where, seen);
  return problems;
}

describe("every request schema is bounded (CONTRACT 8.3)", () => {
  it("gives every string a maxLength, every array a maxItems, every integer a format and bounds", async () => {
    const document = await servedDocument();
    const components = document.components?.schemas ?? {};
    const problems: string[] = [];
    for (const op of await allOperations()) {
      for (const parameter of op.operation.parameters ?? [])
        problems.push(
          ...unboundedMembers(parameter.schema, `${label(op)} ${parameter.in}:${parameter.name}`, components),
        );
      for (const [mediaType, content] of Object.entries<any>(op.operation.requestBody?.content ?? {}))
        problems.push(...unboundedMembers(content.schema, `${label(op)} ${mediaType}`, components));
    }
    expect(problems).toEqual([]);
  });

  it("documents the body bound, 413 and 415 on every operation that takes a JSON body", async () => {
    for (const op of await companyOperations()) {
      if (op.method === "GET") continue;
      expect(op.operation["x-max-body-bytes"], label(op)).toBeGreaterThanOrEqual(1024 * 1024);
      expect(op.operation.responses["413"], label(op)).toBeDefined();
      if (op.operation.requestBody) expect(op.operation.responses["415"], label(op)).toBeDefined();
    }
  });
});

describe("unknown query parameters", () => {
  it("are refused with 400 naming them on every route", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    for (const op of await companyOperations()) {
      const res = await call(op.method, `${concretePath(op, company.id)}?pagesize=1`, { auth: key, ...bodyFor(op) });
      const error = expectError(res, 400, "VALIDATION_ERROR");
      expect(error.details, label(op)).toContainEqual({
        field: "pagesize",
        message: "is not a query parameter of this operation",
      });
    }
  });

  it("do not change a list: ?pagesize=1 is refused, not read as the default page size", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const res = await company.call("GET", "/entities/person?pagesize=1", key);
    expectError(res, 400, "VALIDATION_ERROR", "Invalid query: pagesize is not a query parameter of this operation");
  });
});

describe("an unsupported method on an existing path", () => {
  const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

  it("answers 405 with Allow listing the path's methods, on every path", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const byPath = new Map<string, Operation[]>();
    for (const op of await companyOperations()) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
    for (const [path, operations] of byPath) {
      const methods = operations.map((op) => op.method);
      const missing = OTHER_METHODS.find((m) => !methods.includes(m));
      if (!missing) continue;
      const first = operations[0] as Operation;
      const res = await call(missing, concretePath(first, company.id), { auth: key });
      expect(res.status, `${missing} ${path}`).toBe(405);
      expect(res.json.error.code).toBe("MethodNotAllowed");
      const allowed = [...methods, ...(methods.includes("GET") ? ["HEAD"] : [])].sort().join(", ");
      expect(res.headers.get("Allow"), `${missing} ${path}`).toBe(allowed);
    }
  });

  it("answers 405 for PATCH on the entity configuration read, not a 400 about entityId", async () => {
    const company = await createCompany();
    const res = await company.call("PATCH", "/entities/exposure/configuration", await company.key(["SUPER_ADMIN"]), {
      body: {},
    });
    expectError(res, 405, "MethodNotAllowed");
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("answers 405 before authentication, and OPTIONS answers 204 with Allow", async () => {
    const company = await createCompany();
    const res = await call("DELETE", `/api/v1/companies/${company.id}/entities/person`);
    expectError(res, 405, "MethodNotAllowed");
    expect(res.headers.get("Allow")).toBe("GET, HEAD, POST");
    const options = await call("OPTIONS", `/api/v1/companies/${company.id}/entities/person`);
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, HEAD, POST");
  });

  it("keeps 404 for a path that does not exist", async () => {
    const company = await createCompany();
    const res = await company.call("GET", "/no-such-thing", await company.key(["SUPER_ADMIN"]));
    expectError(res, 404, "NotFoundError");
  });
});

describe("JSON bodies are bounded before they are parsed", () => {
  it("answers 413 PayloadTooLarge on every route for a body one byte over its bound, and runs nothing", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    for (const op of (await companyOperations()).filter((o) => o.method !== "GET")) {
      const limit: number = op.operation["x-max-body-bytes"];
      // Sent in the route's own media type: a body in another is 415 first (the upload's multipart, CONTRACT 6).
      const takesJson = !op.operation.requestBody || "application/json" in op.operation.requestBody.content;
      const headers: Record<string, string> = takesJson ? {} : { "Content-Type": "multipart/form-data; boundary=x" };
      const res = await call(op.method, concretePath(op, company.id), {
        auth: key,
        rawBody: oversized(limit),
        headers,
      });
      expectError(res, 413, "PayloadTooLarge");
    }
  });

  it("counts a body of unknown length as it streams: 413 one byte over the bound, read whole within it", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    // A stream has no Content-Length: the body arrives in pieces and only its bytes say how long it is.
    const streamed = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const pieces = [bytes.slice(0, 10), bytes.slice(10, bytes.length - 5), bytes.slice(bytes.length - 5)];
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          const piece = pieces.shift();
          if (piece) controller.enqueue(piece);
          else controller.close();
        },
      });
    };
    const send = (text: string) =>
      SELF.fetch(`${BASE}/api/v1/companies/${company.id}/entities/person`, {
        method: "POST",
        headers: { Authorization: key, "Content-Type": "application/json" },
        body: streamed(text),
      });
    const over = await send(oversized(1024 * 1024));
    expect(over.status).toBe(413);
    expect(((await over.json()) as any).error.code).toBe("PayloadTooLarge");
    // Within the bound the streamed body is parsed and judged as any body (x is not a configured field).
    const within = await send(JSON.stringify({ x: "y".repeat(1000) }));
    expect(within.status).toBe(400);
    expect(((await within.json()) as any).error.code).toBe("InvalidFieldModelV1Data");
    expect((await company.call("GET", "/entities/person", key)).json.totalCount).toBe(0);
  });

  it("accepts a configuration document up to 5 MiB and refuses one over it", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const padding = { description: "y".repeat(2 * 1024 * 1024) };
    const fine = await company.call("POST", "/configuration/validate", key, {
      body: {
        fieldDefinitions: [{ entityType: "person", referenceId: "a", label: "A", type: "InputField", ...padding }],
      },
    });
    // Over 1 MiB but within 5 MiB: read and validated (the description member is refused, the body is not).
    expect(fine.status).not.toBe(413);
    const tooBig = await company.call("POST", "/configuration/validate", key, {
      rawBody: oversized(5 * 1024 * 1024),
    });
    expectError(tooBig, 413, "PayloadTooLarge", "Request body exceeds 5 MiB");
  });

  it("answers 400 for JSON nested deeper than 32 levels, before any reader recurses into it", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const nested = (depth: number) => `${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}`;
    const deep = await company.call("POST", "/entities/person", key, { rawBody: `{"x":${nested(33)}}` });
    const error = expectError(deep, 400, "VALIDATION_ERROR", "Invalid body: JSON is nested deeper than 32 levels");
    expect(error.details).toEqual([{ field: "body", message: "must not nest deeper than 32 levels" }]);
    // 32 levels are read: the value is then judged as a value (x is not a configured field).
    const atBound = await company.call("POST", "/entities/person", key, { rawBody: `{"x":${nested(32)}}` });
    expectError(atBound, 400, "InvalidFieldModelV1Data");
    const twentyThousand = await company.call("POST", "/configuration/import", key, {
      rawBody: `{"fieldDefinitions":${nested(20_000)}}`,
    });
    expectError(twentyThousand, 400, "VALIDATION_ERROR");
    // Brackets inside strings do not count.
    const inText = await company.call("POST", "/configuration/validate", key, {
      rawBody: JSON.stringify({ fieldDefinitions: [], contentHash: "[".repeat(100) }),
    });
    expect(inText.status).toBe(200);
    // Other companies keep being served.
    const other = await createCompany();
    expect((await other.call("GET", "/entities/person", await other.key(["ReadOnly"]))).status).toBe(200);
  });
});

describe("anonymous bodies are never read (CONTRACT 8.3)", () => {
  it("answers a 30 MB body without a key with 401, fast, and writes no row in the company's audit log", async () => {
    const company = await createCompany();
    const body = `{"batchId":"${"b".repeat(30 * 1024 * 1024)}"}`;
    const started = Date.now();
    const res = await call("POST", `/api/v1/companies/${company.id}/entities/person`, { rawBody: body });
    expectError(res, 401, "AuthenticationError");
    expect(Date.now() - started).toBeLessThan(3_000);
    // The platform log gets the call, with no body-derived value; the company's log gets nothing.
    const path = `/api/v1/companies/${company.id}/entities/person`;
    const rows = await eventually(
      async () =>
        (
          await env.DB.prepare("SELECT company_id, batch_id FROM audit_log WHERE path = ?")
            .bind(path)
            .all<{ company_id: string | null; batch_id: string | null }>()
        ).results,
      (results) => results.length > 0,
    );
    expect(rows.length).toBe(1);
    expect(rows.every((r) => r.company_id === null && r.batch_id === null)).toBe(true);
  });

  it("answers 401 to an invalid key with a body over every bound, before reading it", async () => {
    const company = await createCompany();
    const res = await call("POST", `/api/v1/companies/${company.id}/configuration/import`, {
      auth: "not-a-key",
      rawBody: oversized(6 * 1024 * 1024),
    });
    expectError(res, 401, "AuthenticationError", "Invalid API key");
  });
});
