import { describe, expect, it } from "vitest";
import { call, createCompany, expectError } from "../support/harness";

const FAMILIES = ["/api/v1/companies", "/api/v1/external/companies", "/api/external/companies"];

describe("all three address families pass through one auth and error pipeline", () => {
  it.each(FAMILIES)("%s refuses a missing key, a wrong company and answers unknown routes with 404", async (prefix) => {
    const company = await createCompany();
    const other = await createCompany();
    const key = await company.key(["Admin"]);
    expectError(
      await call("GET", `${prefix}/${company.id}/anything`),
      401,
      "AuthenticationError",
      "API key authentication required",
    );
    expectError(
      await call("GET", `${prefix}/${company.id}/anything`, { auth: `Bearer ${key}` }),
      401,
      "AuthenticationError",
      "Invalid API key",
    );
    expectError(
      await call("GET", `${prefix}/${other.id}/anything`, { auth: key }),
      403,
      "AuthorizationError",
      "API key is not scoped to the requested company",
    );
    const unknown = await call("GET", `${prefix}/${company.id}/anything`, { auth: key });
    expectError(unknown, 404, "NotFoundError", "Not found");
    expect(unknown.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("service documents", () => {
  it("serves /health without a key", async () => {
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("serves the OpenAPI 3.1 description, version 1.0.0, naming each route's permission", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    expect(res.json.info.version).toBe("1.0.0");
    const reset = res.json.paths["/api/v1/companies/{companyId}/reset"].post;
    expect(reset["x-permission"]).toBe("company.reset");
    expect(reset.description).toContain("company.reset");
    expect(res.json.paths["/api/v1/companies/{companyId}/me"].get["x-permission"]).toBeNull();
    expect(res.json.components.securitySchemes.ApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
  });

  it("serves an interactive reference at /docs", async () => {
    const res = await call("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.text).toContain("/openapi.json");
  });
});
