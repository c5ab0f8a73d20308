import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../worker/app";
import { call, createCompany, expectError, staff } from "../support/harness";
import { must } from "../support/must";

describe("the error envelope", () => {
  it("answers an unknown route with a 404 envelope and no-store, inside and outside the families", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    for (const res of [await company.call("GET", "/no-such-thing", key), await call("GET", "/no-such-thing")]) {
      expectError(res, 404, "NotFoundError", "Not found");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("answers a malformed JSON body with 400 VALIDATION_ERROR and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM companies").first<{ n: number }>();
    const res = await call("POST", "/admin/companies", {
      auth: "Bearer test-staff-token",
      rawBody: '{"name": "Acme", ',
    });
    const error = expectError(res, 400, "VALIDATION_ERROR");
    expect(error.userMessages).toEqual(["The request body is not valid JSON."]);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM companies").first<{ n: number }>();
    expect(must(after).n).toBe(must(before).n);
  });

  it("names each refused field in details, with clean user messages", async () => {
    const res = await staff("POST", "/admin/companies", { name: "", shortName: 42, lifecycle: "prod" });
    const error = expectError(res, 400, "VALIDATION_ERROR");
    expect(error.details.map((d) => d.field).sort()).toEqual(["lifecycle", "name", "shortName"]);
    expect(error.userMessages).toHaveLength(3);
    for (const message of error.userMessages) {
      expect(message).not.toMatch(/[[\]{}<>]|\w\.\w|VALIDATION_ERROR/);
      expect(message).toMatch(/^[A-Z].*\.$/);
    }
    expect(error.userMessages.sort()).toEqual([
      "Lifecycle must be one of: sandbox, live, retired, uninitialized.",
      "Name must not be empty.",
      "Short name must be text.",
    ]);
    expect(must(error.details.find((d) => d.field === "shortName")).message).toBe("must be text");
  });

  it("gives one details entry per unknown key", async () => {
    const res = await staff("POST", "/admin/companies", { name: "A", shortName: "a", colour: "red", size: 3 });
    const error = expectError(res, 400, "VALIDATION_ERROR");
    expect(error.details).toEqual([
      { field: "colour", message: "is not a recognised field" },
      { field: "size", message: "is not a recognised field" },
    ]);
    expect(error.userMessages).toEqual(["Colour is not a recognised field.", "Size is not a recognised field."]);
  });

  it("answers a non-JSON content type with 415 in the envelope", async () => {
    const res = await call("POST", "/admin/companies", {
      auth: "Bearer test-staff-token",
      rawBody: "name=x",
      headers: { "Content-Type": "text/plain" },
    });
    expectError(res, 415, "UnsupportedMediaType");
  });

  it("turns an unexpected exception into 500 UncaughtActionError naming the action, with a generic retry message", async () => {
    const app = buildApp();
    app.get("/explode", (c) => {
      c.set("actionName", "explodeOnPurpose");
      throw new Error("database on fire");
    });
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request("https://api.test/explode"), env, ctx);
    await waitOnExecutionContext(ctx);
    const body = (await res.json()) as any;
    expectError(
      { status: res.status, json: body },
      500,
      "UncaughtActionError",
      "Uncaught error occurred in explodeOnPurpose",
    );
    expect(body.error.userMessages[0]).toMatch(/try again/i);
    expect(JSON.stringify(body)).not.toContain("database on fire");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("retired starter configuration seed", () => {
  it.each([["/api/v1/companies"], ["/api/v1/external/companies"]])(
    "%s/{id}/configuration/starter answers 501",
    async (prefix) => {
      const company = await createCompany();
      const key = await company.key(["Admin"]);
      const res = await call("POST", `${prefix}/${company.id}/configuration/starter`, { auth: key });
      expectError(res, 501, "starter_configuration_unavailable");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    },
  );
});
