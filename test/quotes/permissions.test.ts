import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { QUOTE_VALUES, setUpQuotes } from "./helpers";

const DENIED = "User is not authorized to perform the requested action";

type Setup = Awaited<ReturnType<typeof setUpQuotes>>;

/** Every route of the issue, as a call on `quoteId` / `submissionId` with a body that would pass. */
const ROUTES = (q: Setup, quoteId: string, submissionId: string) => [
  { name: "GET P/quotes/{id}", run: (key: string) => q.company.call("GET", `/quotes/${quoteId}`, key) },
  {
    name: "PUT X/quotes/{id}",
    run: (key: string) => q.second("PUT", `/quotes/${quoteId}`, key, { quote: { insuredName: "A" }, exposures: [] }),
  },
  {
    name: "POST P/quotes/{id}/rate",
    run: (key: string) =>
      q.company.call("POST", `/quotes/${quoteId}/rate`, key, { body: { ratingWorkflowName: "flat" } }),
  },
  {
    name: "POST P/quotes/{id}/complete",
    run: (key: string) => q.company.call("POST", `/quotes/${quoteId}/complete`, key),
  },
  {
    name: "GET P/quotes/{id}/bind-conditions",
    run: (key: string) => q.company.call("GET", `/quotes/${quoteId}/bind-conditions`, key),
  },
  {
    name: "POST P/quotes/bind",
    run: (key: string) => q.company.call("POST", "/quotes/bind", key, { body: { quoteId } }),
  },
  { name: "POST P/quotes/{id}/cancel", run: (key: string) => q.company.call("POST", `/quotes/${quoteId}/cancel`, key) },
  {
    name: "POST P/submissions/{id}/close",
    run: (key: string) => q.company.call("POST", `/submissions/${submissionId}/close`, key),
  },
  {
    name: "POST P/submissions/{id}/reopen",
    run: (key: string) => q.company.call("POST", `/submissions/${submissionId}/reopen`, key),
  },
  { name: "GET O/quotes/{id}", run: (key: string) => q.legacy("GET", `/quotes/${quoteId}`, key) },
];

describe("permissions (CONTRACT 5.1)", () => {
  it("ReadOnly reads quotes and bind conditions and nothing else, with the exact message", async () => {
    const q = await setUpQuotes();
    const quoteId = await q.createQuote();
    const reader = await q.company.key(["ReadOnly"]);
    for (const read of [`/quotes/${quoteId}`, `/quotes/${quoteId}/bind-conditions`])
      expect((await q.company.call("GET", read, reader)).status).toBe(200);
    expect((await q.legacy("GET", "/quotes", reader)).status).toBe(200);
    expect((await q.legacy("GET", "/quotes-info", reader)).status).toBe(200);
    const writes = [
      q.company.call("POST", `/quotes/${quoteId}/rate`, reader, { body: { ratingWorkflowName: "flat" } }),
      q.company.call("POST", "/quotes/rate", reader, { body: { ratingWorkflowName: "flat", quote: {} } }),
      q.company.call("POST", `/quotes/${quoteId}/complete`, reader),
      q.company.call("POST", `/quotes/${quoteId}/cancel`, reader),
      q.company.call("POST", "/quotes/bind", reader, { body: { quoteId } }),
      q.second("PUT", `/quotes/${quoteId}`, reader, { quote: {}, exposures: [] }),
      q.legacy("POST", "/submissions", reader, {}),
    ];
    for (const res of await Promise.all(writes)) expectError(res, 403, "AuthorizationError", DENIED);
  });

  it("rate, bind, cancel, close and reopen are distinct from quote.edit and submission.edit", async () => {
    const q = await setUpQuotes();
    const quoteId = await q.createQuote();
    const submissionId = (await q.readQuote(quoteId)).submissionId;
    const editor = await q.company.key([], ["quote.edit", "quote.view", "submission.edit", "submission.view"]);
    const refused = [
      q.company.call("POST", `/quotes/${quoteId}/rate`, editor, { body: { ratingWorkflowName: "flat" } }),
      q.company.call("POST", "/quotes/bind", editor, { body: { quoteId } }),
      q.company.call("POST", `/quotes/${quoteId}/cancel`, editor),
      q.company.call("POST", `/submissions/${submissionId}/close`, editor),
      q.company.call("POST", `/submissions/${submissionId}/reopen`, editor),
    ];
    for (const res of await Promise.all(refused)) expectError(res, 403, "AuthorizationError", DENIED);
  });

  it("each old-style name grants its permission", async () => {
    const q = await setUpQuotes();
    const quoteId = await q.createQuote();
    await q.rateAndCopy(quoteId);
    const legacy = await q.company.key(
      [],
      [
        "company.quote:read",
        "company.quote:update",
        "company.quote:rate",
        "company.quote:bind",
        "company.submission:create",
      ],
    );
    expect((await q.company.call("GET", `/quotes/${quoteId}`, legacy)).status).toBe(200);
    const rated = await q.company.call("POST", `/quotes/${quoteId}/rate`, legacy, {
      body: { ratingWorkflowName: "standard" },
    });
    expect(rated.status).toBe(200);
    expect((await q.company.call("POST", "/quotes/bind", legacy, { body: { quoteId } })).status).toBe(200);
    const submission = await q.legacy("POST", "/submissions", legacy, {
      name: "A",
      type: "new_business",
      policy: { policyType: "O", policyStartDate: "2030-01-01", policyEndDate: "2031-01-01" },
    });
    expect(submission.status).toBe(201);
  });

  it("checks the permission before existence: 403 for an unknown id", async () => {
    const q = await setUpQuotes();
    const none = await q.company.key([], []);
    const unknown = "00000000-0000-4000-8000-000000000001";
    for (const route of ROUTES(q, unknown, unknown))
      expectError(await route.run(none), 403, "AuthorizationError", DENIED);
  });

  it("answers 404 for another company's quote or submission under the caller's own path", async () => {
    const q = await setUpQuotes();
    const other = await setUpQuotes();
    const quoteId = await other.createQuote({ ...QUOTE_VALUES });
    const submissionId = (await other.readQuote(quoteId)).submissionId;
    const superAdmin = await q.company.key(["SUPER_ADMIN"]);
    for (const route of ROUTES(q, quoteId, submissionId)) {
      const res = await route.run(superAdmin);
      expect(res.status, route.name).toBe(404);
      expectError(res, 404, "NotFoundError", "Not found");
    }
    expect((await other.readQuote(quoteId)).data.quoteStatus).toBe("inProgress");
  });
});
