import { expect } from "vitest";
import { createCompany, type Lifecycle, type TestCompany } from "../support/harness";

/**
 * A company with records of every attachable type and category lists for policies and events, for the
 * notes, tasks, folders, files and forms tests.
 */
export const ATTACHMENT_CONFIGURATION = {
  fieldDefinitions: [
    { entityType: "exposure", referenceId: "exposureName", label: "Exposure name", typeInfo: { kind: "String" } },
  ],
  folderCategories: { policy: ["Underwriting", "Loss runs"], event: ["Medical", "Legal"] },
};

export const RECORD_TYPES = ["exposure", "event", "submission", "quote", "person", "organization"] as const;
/** Waits a little: records made in one millisecond would order by id instead of creation time. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const UNKNOWN_ID = "00000000-0000-4000-8000-00000000dead";

export interface AttachmentFixture {
  company: TestCompany;
  /** An Admin key: every note, task, folder, file and form permission, `note.view-privileged` included. */
  admin: string;
  call: (method: string, path: string, options?: Parameters<TestCompany["call"]>[3]) => ReturnType<TestCompany["call"]>;
  record(entityType: (typeof RECORD_TYPES)[number]): Promise<string>;
  policy(): Promise<string>;
}

export async function attachmentFixture(lifecycle: Lifecycle = "sandbox"): Promise<AttachmentFixture> {
  const company = await createCompany(lifecycle);
  const admin = await company.key(["Admin"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: ATTACHMENT_CONFIGURATION });
  expect(imported.status).toBe(200);
  const call: AttachmentFixture["call"] = (method, path, options) => company.call(method, path, admin, options);
  return {
    company,
    admin,
    call,
    async record(entityType) {
      const res = await call("POST", `/entities/${entityType}`, { body: {} });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.id as string;
    },
    async policy() {
      const res = await call("POST", "/policies/transaction/new-business", {
        body: {
          transactionTimestamp: new Date().toISOString(),
          displayAuthor: "Ada Underwriter",
          data: {
            policyStartDate: { date: "2026-01-01" },
            policyEndDate: { date: "2027-01-01" },
            exposures: [{ exposureName: "Main street warehouse" }],
          },
        },
      });
      expect([200, 201], JSON.stringify(res.json)).toContain(res.status);
      return res.json.policyId as string;
    },
  };
}
