import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { todayIn } from "../../worker/domain/dates/fmv1-date";
import { refreshEventName } from "../../worker/operations/events/refresh-event-name";
import { call, createCompany, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

const NEW_YORK = "America/New_York";
const day = (date: string, timezone = NEW_YORK) => ({ date, timezone });
const open = (date: string) => ({ action: "open", effectiveOnDate: day(date) });
const close = (date: string) => ({ action: "close", effectiveOnDate: day(date) });

/** Exposures, persons and the relationships the derived event name reads. */
const NAMING_DOCUMENT = {
  fieldDefinitions: [
    { entityType: "exposure", referenceId: "exposureName", label: "Exposure name", typeInfo: { kind: "String" } },
    { entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } },
    { entityType: "event", referenceId: "claimant", label: "Claimant", typeInfo: { kind: "String" } },
    { entityType: "event", referenceId: "lossDescription", label: "Loss description", typeInfo: { kind: "String" } },
  ],
  relationships: [
    { key: "eventExposures", from: "Event", to: "Exposure", cardinality: "1:N" },
    { key: "damagedIn", from: "Exposure", to: "Event", cardinality: "N:1" },
    { key: "claimant", from: "Event", to: "Person", cardinality: "N:1" },
  ],
};

async function setUp(document?: object) {
  const company = await createCompany();
  const key = await company.key(["Admin"]);
  if (document) {
    const imported = await company.call("POST", "/configuration/import", await company.key(["SUPER_ADMIN"]), {
      body: document,
    });
    expect(imported.status).toBe(200);
  }
  return { company, key };
}

async function createRecord(company: TestCompany, key: string, entityType: string, body: object = {}): Promise<string> {
  const res = await company.call("POST", `/entities/${entityType}`, key, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id;
}

const createEvent = (company: TestCompany, key: string, body: object = {}) => createRecord(company, key, "event", body);

/** Open/close dates may not be after today, so transitions on distinct days start from a log opened in the past. */
const PAST_OPENING = "2020-01-01";

async function readEvent(company: TestCompany, key: string, id: string): Promise<Record<string, any>> {
  const res = await company.call("GET", `/entities/event/${id}`, key);
  expect(res.status).toBe(200);
  return res.json.data;
}

const transition = (company: TestCompany, key: string, id: string, action: "close" | "reopen", body: unknown) =>
  company.call("POST", `/events/${id}/${action}`, key, { body });
const closeOn = (company: TestCompany, key: string, id: string, date: string) =>
  transition(company, key, id, "close", { effectiveOnDate: { date } });
const reopenOn = (company: TestCompany, key: string, id: string, date: string) =>
  transition(company, key, id, "reopen", { effectiveOnDate: { date } });
const putHistory = (company: TestCompany, key: string, id: string, entries: unknown) =>
  company.call("PUT", `/events/${id}/open-close-history`, key, { body: { entries } });

/** An open event whose log was corrected to an opening on PAST_OPENING. */
async function createPastEvent(company: TestCompany, key: string): Promise<string> {
  const id = await createEvent(company, key);
  expect((await putHistory(company, key, id, [open(PAST_OPENING)])).status).toBe(200);
  return id;
}

/** `YYYY-MM-DD` plus `days` calendar days. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function storedVersion(id: string): Promise<number> {
  const row = await env.DB.prepare("SELECT version FROM entities WHERE id = ?").bind(id).first<{ version: number }>();
  return must(row).version;
}

async function link(companyId: string, relationshipKey: string, fromId: string, toId: string, createdAt: string) {
  await env.DB.prepare(
    "INSERT INTO relationship_links (id, company_id, relationship_key, from_id, to_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), companyId, relationshipKey, fromId, toId, createdAt)
    .run();
}

describe("event lifecycle on create", () => {
  it("starts open, with an open entry dated the creation day in New York and no close date", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const today = todayIn(NEW_YORK);
    const data = await readEvent(company, key, id);
    expect(data.eventStatus).toBe("open");
    expect(data.eventOpenCloseHistory).toEqual([open(today)]);
    expect(data.eventOpenedOn).toEqual(day(today));
    expect(data.eventClosedOn).toBeNull();
    expect(data.eventReopenedOn).toBeNull();
    expect(data.eventPreviouslyClosedOn).toBeNull();
  });

  it("created closed gets open and close entries for the creation day and a close date", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key, { eventStatus: "closed" });
    const today = todayIn(NEW_YORK);
    const data = await readEvent(company, key, id);
    expect(data.eventStatus).toBe("closed");
    expect(data.eventOpenCloseHistory).toEqual([open(today), close(today)]);
    expect(data.eventClosedOn).toEqual(day(today));
  });

  it("refuses a history sent on create: it changes only through its endpoints", async () => {
    const { company, key } = await setUp();
    const res = await company.call("POST", "/entities/event", key, {
      body: { eventOpenCloseHistory: [open("2020-01-01")] },
    });
    expect(expectError(res, 409, "GuardedStatusFieldWrite").message).toContain("/open-close-history");
  });
});

describe("close", () => {
  it("closes an open event: appends a close entry and sets the close date in one write", async () => {
    const { company, key } = await setUp();
    const id = await createPastEvent(company, key);
    const before = await storedVersion(id);
    const res = await closeOn(company, key, id, "2020-01-05");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ eventId: id, eventStatus: "closed" });
    const data = await readEvent(company, key, id);
    expect(data.eventStatus).toBe("closed");
    expect(data.eventOpenCloseHistory).toEqual([open(PAST_OPENING), close("2020-01-05")]);
    expect(data.eventClosedOn).toEqual(day("2020-01-05"));
    expect(await storedVersion(id)).toBe(before + 1);
  });

  it("allows a close dated the same day as the last entry, and keeps the timezone sent", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const today = todayIn(NEW_YORK);
    const res = await transition(company, key, id, "close", {
      effectiveOnDate: { date: today, timezone: "Europe/London" },
      batchId: "batch-1",
    });
    expect(res.status).toBe(200);
    expect((await readEvent(company, key, id)).eventClosedOn).toEqual(day(today, "Europe/London"));
  });

  it("refuses a date before the last history entry with 409 naming that entry's date, and writes nothing", async () => {
    const { company, key } = await setUp();
    const id = await createPastEvent(company, key);
    expect((await closeOn(company, key, id, "2020-01-05")).status).toBe(200);
    expect((await reopenOn(company, key, id, "2020-01-06")).status).toBe(200);
    const before = await readEvent(company, key, id);
    const res = await closeOn(company, key, id, "2020-01-02");
    const error = expectError(
      res,
      409,
      "EventLifecycleDateOutOfOrder",
      "effectiveOnDate 2020-01-02 is before the last open/close entry, dated 2020-01-06",
    );
    expect(error.userMessages[0]).toContain("2020-01-06");
    expect(await readEvent(company, key, id)).toEqual(before);
  });

  it("refuses closing an event that is not open (409 EventNotOpen)", async () => {
    const { company, key } = await setUp();
    const id = await createPastEvent(company, key);
    expect((await closeOn(company, key, id, "2020-01-05")).status).toBe(200);
    expectError(
      await closeOn(company, key, id, "2020-01-06"),
      409,
      "EventNotOpen",
      "Only an open event can be closed; this event is closed",
    );
    expect((await readEvent(company, key, id)).eventOpenCloseHistory).toHaveLength(2);
  });
});

describe("reopen", () => {
  it("reopens a closed event: appends an open entry, clears the close date, sets the reopen dates", async () => {
    const { company, key } = await setUp();
    const id = await createPastEvent(company, key);
    await closeOn(company, key, id, "2020-01-05");
    const res = await reopenOn(company, key, id, "2020-01-05");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ eventId: id, eventStatus: "open" });
    const data = await readEvent(company, key, id);
    expect(data.eventOpenCloseHistory).toEqual([open(PAST_OPENING), close("2020-01-05"), open("2020-01-05")]);
    expect(data.eventClosedOn).toBeNull();
    expect(data.eventReopenedOn).toEqual(day("2020-01-05"));
    expect(data.eventPreviouslyClosedOn).toEqual(day("2020-01-05"));
    expect(data.eventOpenedOn).toEqual(day(PAST_OPENING));
  });

  it("refuses a date before the close it reverses", async () => {
    const { company, key } = await setUp();
    const id = await createPastEvent(company, key);
    await closeOn(company, key, id, "2020-01-05");
    expectError(
      await reopenOn(company, key, id, "2020-01-04"),
      409,
      "EventLifecycleDateOutOfOrder",
      "effectiveOnDate 2020-01-04 is before the close it reverses, dated 2020-01-05",
    );
    expect((await readEvent(company, key, id)).eventStatus).toBe("closed");
  });

  it("refuses reopening an event that is not closed (409 EventNotClosed)", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    expectError(
      await reopenOn(company, key, id, todayIn(NEW_YORK)),
      409,
      "EventNotClosed",
      "Only a closed event can be reopened; this event is open",
    );
  });
});

describe("open/close dates may not be after today in their own time zone", () => {
  const tomorrowInNewYork = () => plusDays(todayIn(NEW_YORK), 1);

  it("refuses a future close with 400 naming effectiveOnDate, so reopening today stays possible", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const tomorrow = tomorrowInNewYork();
    const error = expectError(await closeOn(company, key, id, tomorrow), 400, "InvalidFieldModelV1Data");
    expect(error.details).toEqual([
      {
        field: "effectiveOnDate",
        message: `is after today (${todayIn(NEW_YORK)} in ${NEW_YORK}); open and close dates cannot be in the future`,
      },
    ]);
    expect((await readEvent(company, key, id)).eventStatus).toBe("open");
    // The trap: with the close dated in the future, today's reopen was refused until that day.
    expect((await closeOn(company, key, id, todayIn(NEW_YORK))).status).toBe(200);
    expect((await reopenOn(company, key, id, todayIn(NEW_YORK))).status).toBe(200);
  });

  it("refuses a future reopen and a history replacement holding a future entry, each naming the date", async () => {
    const { company, key } = await setUp();
    const id = await createPastEvent(company, key);
    expect((await closeOn(company, key, id, "2020-01-05")).status).toBe(200);
    const reopen = expectError(await reopenOn(company, key, id, "2999-01-01"), 400, "InvalidFieldModelV1Data");
    expect(reopen.details.map((d) => d.field)).toEqual(["effectiveOnDate"]);
    const history = expectError(
      await putHistory(company, key, id, [open("2020-01-01"), close("2020-01-02"), open(tomorrowInNewYork())]),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(history.details).toEqual([
      { field: "entries[2].effectiveOnDate", message: expect.stringContaining("cannot be in the future") },
    ]);
    expect((await readEvent(company, key, id)).eventOpenCloseHistory).toEqual([
      open(PAST_OPENING),
      close("2020-01-05"),
    ]);
  });

  it("measures today where the date is: today in Kiritimati is accepted, the same day dated New York may not be", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const kiritimati = "Pacific/Kiritimati";
    const todayThere = todayIn(kiritimati);
    if (todayThere > todayIn(NEW_YORK)) {
      const refused = await transition(company, key, id, "close", { effectiveOnDate: { date: todayThere } });
      expectError(refused, 400, "InvalidFieldModelV1Data");
    }
    const accepted = await transition(company, key, id, "close", {
      effectiveOnDate: { date: todayThere, timezone: kiritimati },
    });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
  });
});

describe("close and reopen bodies", () => {
  it("refuses the retired {day, month, year} spelling with 400 InvalidFieldModelV1Data naming effectiveOnDate", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    for (const action of ["close", "reopen"] as const) {
      const res = await transition(company, key, id, action, { effectiveOnDate: { day: 5, month: 1, year: 2099 } });
      const error = expectError(res, 400, "InvalidFieldModelV1Data");
      expect(error.details).toEqual([{ field: "effectiveOnDate", message: expect.stringContaining("retired") }]);
    }
    expect((await readEvent(company, key, id)).eventOpenCloseHistory).toHaveLength(1);
  });

  it("refuses malformed and missing dates, unknown members and malformed ids with 400", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    for (const effectiveOnDate of [
      { date: "2099-02-30" },
      { date: "05/01/2099" },
      "2099-01-05",
      { date: "2099-01-05", timezone: "Mars/Base" },
    ]) {
      expect(
        must(
          expectError(await transition(company, key, id, "close", { effectiveOnDate }), 400, "InvalidFieldModelV1Data")
            .details[0],
        ).field,
      ).toBe("effectiveOnDate");
    }
    // A date given as text is named as a person says it, not as {date, timezone}.
    const text = expectError(
      await transition(company, key, id, "close", { effectiveOnDate: "2099-01-05" }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(text.userMessages).toEqual(["Effective on date must be a date with its timezone."]);
    expect(expectError(await transition(company, key, id, "close", {}), 400, "VALIDATION_ERROR").details).toEqual([
      { field: "effectiveOnDate", message: "is required" },
    ]);
    expect(
      must(
        expectError(
          await transition(company, key, id, "close", { effectiveOnDate: { date: "2099-01-05" }, reason: "x" }),
          400,
          "VALIDATION_ERROR",
        ).details[0],
      ).field,
    ).toBe("reason");
    expect(
      must(expectError(await closeOn(company, key, "not-a-uuid", "2099-01-05"), 400, "VALIDATION_ERROR").details[0])
        .field,
    ).toBe("eventId");
    expect((await readEvent(company, key, id)).eventStatus).toBe("open");
  });
});

describe("replace the open/close history", () => {
  it("replaces the whole log and takes the status and lifecycle dates from it", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const closedLog = [open("2019-12-01"), close("2019-12-20")];
    const res = await putHistory(company, key, id, [
      { action: "open", effectiveOnDate: { date: "2019-12-01" } },
      close("2019-12-20"),
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ eventId: id, eventStatus: "closed", eventOpenCloseHistory: closedLog });
    let data = await readEvent(company, key, id);
    expect(data).toMatchObject({
      eventStatus: "closed",
      eventOpenCloseHistory: closedLog,
      eventOpenedOn: day("2019-12-01"),
      eventClosedOn: day("2019-12-20"),
      eventReopenedOn: null,
    });

    const reopenedLog = [open("2019-12-01"), close("2019-12-20"), open("2019-12-24")];
    expect((await putHistory(company, key, id, reopenedLog)).json.eventStatus).toBe("open");
    data = await readEvent(company, key, id);
    expect(data).toMatchObject({
      eventStatus: "open",
      eventClosedOn: null,
      eventReopenedOn: day("2019-12-24"),
      eventPreviouslyClosedOn: day("2019-12-20"),
    });

    // Close and reopen are then checked against the new log.
    expectError(
      await closeOn(company, key, id, "2019-12-23"),
      409,
      "EventLifecycleDateOutOfOrder",
      "effectiveOnDate 2019-12-23 is before the last open/close entry, dated 2019-12-24",
    );
    expect((await closeOn(company, key, id, "2019-12-24")).status).toBe(200);
  });

  it("refuses logs that are empty, out of date order, or not alternating from an opening, and writes nothing", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const before = await readEvent(company, key, id);
    expect(expectError(await putHistory(company, key, id, []), 400, "InvalidFieldModelV1Data").details).toEqual([
      { field: "entries", message: "must hold at least the opening entry; an event always has one" },
    ]);
    expect(
      expectError(
        await putHistory(company, key, id, [open("2020-01-05"), close("2020-01-04")]),
        400,
        "InvalidFieldModelV1Data",
      ).details,
    ).toEqual([
      {
        field: "entries[1].effectiveOnDate",
        message: "is before the previous entry's date 2020-01-05; entries go in date order",
      },
    ]);
    expect(
      must(
        expectError(await putHistory(company, key, id, [close("2020-01-05")]), 400, "InvalidFieldModelV1Data")
          .details[0],
      ).field,
    ).toBe("entries[0].action");
    expect(
      must(
        expectError(
          await putHistory(company, key, id, [open("2020-01-05"), open("2020-01-06")]),
          400,
          "InvalidFieldModelV1Data",
        ).details[0],
      ).field,
    ).toBe("entries[1].action");
    expect(
      must(
        expectError(
          await putHistory(company, key, id, [{ action: "open", effectiveOnDate: { day: 1, month: 1, year: 2099 } }]),
          400,
          "InvalidFieldModelV1Data",
        ).details[0],
      ).field,
    ).toBe("entries[0].effectiveOnDate");
    expect(
      must(
        expectError(
          await putHistory(company, key, id, [{ action: "paused", effectiveOnDate: { date: "2020-01-01" } }]),
          400,
          "InvalidFieldModelV1Data",
        ).details[0],
      ).field,
    ).toBe("entries[0].action");
    expectError(await putHistory(company, key, id, "not a list"), 400, "VALIDATION_ERROR");
    expect(await readEvent(company, key, id)).toEqual(before);
  });

  it("needs the write group when the configuration locks eventOpenCloseHistory or eventStatus", async () => {
    for (const referenceId of ["eventOpenCloseHistory", "eventStatus"]) {
      const typeInfo =
        referenceId === "eventStatus"
          ? { kind: "String" }
          : {
              kind: "Group",
              subFields: [
                { referenceId: "action", label: "Action", typeInfo: { kind: "String" } },
                { referenceId: "effectiveOnDate", label: "Effective on", typeInfo: { kind: "Date" } },
              ],
            };
      const { company, key } = await setUp({
        fieldDefinitions: [
          { entityType: "event", referenceId, label: referenceId, typeInfo, writePermission: "lifecycle" },
        ],
      });
      const id = await createEvent(company, key);
      const editor = await company.key([], ["event.edit"]);
      const refused = expectError(
        await putHistory(company, editor, id, [open("2020-01-01")]),
        403,
        "field-write-permission-required",
      );
      expect(refused.details).toEqual([{ field: referenceId, message: "needs write group lifecycle" }]);
      expect((await readEvent(company, key, id)).eventOpenCloseHistory).toEqual([open(todayIn(NEW_YORK))]);

      const groupHolder = await company.key([], ["event.edit", "event.field-lifecycle"]);
      expect((await putHistory(company, groupHolder, id, [open("2020-01-01")])).status).toBe(200);
      expect((await readEvent(company, key, id)).eventOpenCloseHistory).toEqual([open("2020-01-01")]);
    }
  });
});

describe("guarded lifecycle fields on the generic update", () => {
  it("refuses a PATCH changing eventStatus or eventOpenCloseHistory with 409 naming the endpoint", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const status = expectError(
      await company.call("PATCH", `/entities/event/${id}`, key, { body: { eventStatus: "closed" } }),
      409,
      "GuardedStatusFieldWrite",
    );
    expect(status.message).toBe(
      "eventStatus cannot be changed by a generic update; use POST /api/v1/companies/{companyId}/events/{eventId}/close or /reopen",
    );
    const history = expectError(
      await company.call("PATCH", `/entities/event/${id}`, key, {
        body: { eventOpenCloseHistory: [open("2020-01-01")] },
      }),
      409,
      "GuardedStatusFieldWrite",
    );
    expect(history.message).toContain("PUT /api/v1/companies/{companyId}/events/{eventId}/open-close-history");
    expect((await readEvent(company, key, id)).eventStatus).toBe("open");
  });

  it("accepts a PATCH sending the values already held", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const data = await readEvent(company, key, id);
    const res = await company.call("PATCH", `/entities/event/${id}`, key, {
      body: { eventStatus: "open", eventOpenCloseHistory: data.eventOpenCloseHistory },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.eventStatus).toBe("open");
  });

  it("accepts the held log resent with its members in another order (the same JSON)", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const [entry] = (await readEvent(company, key, id)).eventOpenCloseHistory;
    const reordered = [
      {
        effectiveOnDate: { timezone: entry.effectiveOnDate.timezone, date: entry.effectiveOnDate.date },
        action: "open",
      },
    ];
    const res = await company.call("PATCH", `/entities/event/${id}`, key, {
      body: { eventOpenCloseHistory: reordered, userSetEventName: "Hail" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.eventOpenCloseHistory).toEqual([open(todayIn(NEW_YORK))]);
  });
});

describe("eventName", () => {
  it("falls back to `Event <id prefix>` with no claimant and no exposures", async () => {
    const { company, key } = await setUp(NAMING_DOCUMENT);
    const id = await createEvent(company, key);
    expect((await readEvent(company, key, id)).eventName).toBe(`Event ${id.slice(0, 8)}`);
  });

  it("derives from the claimant and the exposures linked either way, on every save", async () => {
    const { company, key } = await setUp(NAMING_DOCUMENT);
    const car = await createRecord(company, key, "exposure", { exposureName: "Car" });
    const house = await createRecord(company, key, "exposure", { exposureName: "House" });
    const jane = await createRecord(company, key, "person", { name: "Jane Doe" });
    const id = await createEvent(company, key);
    await link(company.id, "eventExposures", id, car, "2026-01-01T00:00:00.000Z");
    await link(company.id, "damagedIn", house, id, "2026-01-02T00:00:00.000Z");
    await link(company.id, "claimant", id, jane, "2026-01-03T00:00:00.000Z");

    const saved = await company.call("PATCH", `/entities/event/${id}`, key, { body: { lossDescription: "Storm" } });
    expect(saved.status).toBe(200);
    expect(saved.json.data.eventName).toBe("Jane Doe — Car, House");
    expect((await readEvent(company, key, id)).eventName).toBe("Jane Doe — Car, House");

    // Close and reopen recompute it too.
    const boat = await createRecord(company, key, "exposure", { exposureName: "Boat" });
    await link(company.id, "eventExposures", id, boat, "2026-01-04T00:00:00.000Z");
    expect((await closeOn(company, key, id, todayIn(NEW_YORK))).status).toBe(200);
    expect((await readEvent(company, key, id)).eventName).toBe("Jane Doe — Car, House, Boat");
  });

  it("skips a missing part, and ignores links to records of other companies or unconfigured relationships", async () => {
    const { company, key } = await setUp(NAMING_DOCUMENT);
    const other = await setUp(NAMING_DOCUMENT);
    const foreignExposure = await createRecord(other.company, other.key, "exposure", { exposureName: "Foreign" });
    const car = await createRecord(company, key, "exposure", { exposureName: "Car" });
    const id = await createEvent(company, key);
    await link(company.id, "eventExposures", id, car, "2026-01-01T00:00:00.000Z");
    await link(company.id, "eventExposures", id, foreignExposure, "2026-01-02T00:00:00.000Z");
    await link(company.id, "unconfiguredThing", id, car, "2026-01-03T00:00:00.000Z");
    await link(other.company.id, "eventExposures", id, foreignExposure, "2026-01-04T00:00:00.000Z");
    const saved = await company.call("PATCH", `/entities/event/${id}`, key, { body: { lossDescription: "Hail" } });
    expect(saved.json.data.eventName).toBe("Car");
  });

  it("takes the claimant from a configured event field holding a person id", async () => {
    const { company, key } = await setUp(NAMING_DOCUMENT);
    const jane = await createRecord(company, key, "person", { name: "Jane Doe" });
    const id = await createEvent(company, key, { claimant: jane });
    expect((await readEvent(company, key, id)).eventName).toBe("Jane Doe");
  });

  it("lets a non-empty userSetEventName take precedence; clearing it returns the name to the derivation", async () => {
    const { company, key } = await setUp(NAMING_DOCUMENT);
    const jane = await createRecord(company, key, "person", { name: "Jane Doe" });
    const id = await createEvent(company, key, { claimant: jane, userSetEventName: "Basement flood" });
    expect((await readEvent(company, key, id)).eventName).toBe("Basement flood");

    for (const cleared of [null, ""]) {
      const res = await company.call("PATCH", `/entities/event/${id}`, key, { body: { userSetEventName: cleared } });
      expect(res.json.data.eventName).toBe("Jane Doe");
      expect((await readEvent(company, key, id)).eventName).toBe("Jane Doe");
      // The capitalised type spelling goes through the same rule.
      const named = await company.call("PATCH", `/entities/Event/${id}`, key, {
        body: { userSetEventName: "Basement flood" },
      });
      expect(named.json.data.eventName).toBe("Basement flood");
    }
  });

  it("ignores a sent eventName and the write still succeeds", async () => {
    const { company, key } = await setUp(NAMING_DOCUMENT);
    const id = await createEvent(company, key, { eventName: "Mine" });
    expect((await readEvent(company, key, id)).eventName).toBe(`Event ${id.slice(0, 8)}`);
    const res = await company.call("PATCH", `/entities/event/${id}`, key, {
      body: { eventName: "Mine again", lossDescription: "Fire" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.eventName).toBe(`Event ${id.slice(0, 8)}`);
    expect(res.json.data.lossDescription).toBe("Fire");
  });

  it("refreshEventName recomputes and stores the name after a link changes", async () => {
    const { company, key } = await setUp(NAMING_DOCUMENT);
    const car = await createRecord(company, key, "exposure", { exposureName: "Car" });
    const id = await createEvent(company, key);
    await link(company.id, "eventExposures", id, car, "2026-01-01T00:00:00.000Z");
    expect(await refreshEventName(database(env.DB), company.id, id)).toBe("Car");
    expect((await readEvent(company, key, id)).eventName).toBe("Car");
    expect(await refreshEventName(database(env.DB), company.id, crypto.randomUUID())).toBeNull();
  });
});

describe("declared event platform fields (CONTRACT 4: they exist without configuration; a configuration may declare them)", () => {
  const declared = (referenceId: string) => ({
    entityType: "event",
    referenceId,
    label: referenceId,
    typeInfo: { kind: "String" },
    required: true,
    writePermission: null,
  });

  it("a declared required on a field the platform sets asks nothing of the caller", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const document = { fieldDefinitions: [declared("eventName"), declared("eventStatus")] };
    expect((await company.call("POST", "/configuration/import", key, { body: document })).status).toBe(200);
    const created = await company.call("POST", "/entities/event", key, { body: {} });
    expect(created.status, created.text).toBe(201);
    const read = await company.call("GET", `/entities/event/${created.json.id}`, key);
    expect(read.json.data).toMatchObject({ eventStatus: "open", eventName: expect.any(String) });
    // A field the caller writes stays required as declared.
    const named = { fieldDefinitions: [declared("userSetEventName")] };
    expect((await company.call("POST", "/configuration/import", key, { body: named })).status).toBe(200);
    const refused = expectError(
      await company.call("POST", "/entities/event", key, { body: {} }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(refused.details).toEqual([{ field: "userSetEventName", message: "is required" }]);
  });

  it("removing a platform field's declaration is not breaking: the field still exists", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const document = { fieldDefinitions: [{ ...declared("eventStatus"), required: false }] };
    expect((await company.call("POST", "/configuration/import", key, { body: document })).status).toBe(200);
    expect((await company.call("POST", "/entities/event", key, { body: {} })).status).toBe(201);
    const removed = await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: [] } });
    expect(removed.status, removed.text).toBe(200);
    // A configured field's removal still is, while a record uses it.
    const own = { fieldDefinitions: [{ ...declared("claimCode"), required: false }] };
    expect((await company.call("POST", "/configuration/import", key, { body: own })).status).toBe(200);
    expect((await company.call("POST", "/entities/event", key, { body: { claimCode: "C-1" } })).status).toBe(201);
    expectError(
      await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: [] } }),
      409,
      "BreakingConfigurationChange",
    );
  });
});

describe("concurrency", () => {
  it("serializes parallel close and reopen: the history stays consistent and no write is lost", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const before = await storedVersion(id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? closeOn : reopenOn)(company, key, id, todayIn(NEW_YORK))),
    );
    for (const res of results) {
      if (res.status !== 200)
        expect(["EventNotOpen", "EventNotClosed"]).toContain(expectError(res, 409, res.json.error.code).code);
    }
    const succeeded = results.filter((r) => r.status === 200).length;
    expect(succeeded).toBeGreaterThan(0);

    const data = await readEvent(company, key, id);
    const history: Array<{ action: string }> = data.eventOpenCloseHistory;
    expect(history).toHaveLength(1 + succeeded);
    history.forEach((entry, index) => {
      expect(entry.action).toBe(index % 2 === 0 ? "open" : "close");
    });
    expect(data.eventStatus).toBe(must(history.at(-1)).action === "open" ? "open" : "closed");
    expect(data.eventClosedOn).toEqual(data.eventStatus === "closed" ? day(todayIn(NEW_YORK)) : null);
    expect(await storedVersion(id)).toBe(before + succeeded);
  });

  it("keeps every transition and update when generic updates race the serialized transitions", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    const names = Array.from({ length: 5 }, (_, i) => `Name ${i}`);
    const [transitions, updates] = await Promise.all([
      Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? closeOn : reopenOn)(company, key, id, todayIn(NEW_YORK))),
      ),
      Promise.all(
        names.map((userSetEventName) =>
          company.call("PATCH", `/entities/event/${id}`, key, { body: { userSetEventName } }),
        ),
      ),
    ]);
    const data = await readEvent(company, key, id);
    expect(data.eventOpenCloseHistory).toHaveLength(1 + transitions.filter((r) => r.status === 200).length);
    const applied = updates.filter((r) => r.status === 200).map((r) => r.json.data.userSetEventName);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied).toContain(data.userSetEventName);
    expect(data.eventName).toBe(data.userSetEventName);
  });

  it("lands every PATCH racing closes and reopens of one event (none answers Conflict): one serialized event write", async () => {
    const { company, key } = await setUp(NAMING_DOCUMENT);
    const car = await createRecord(company, key, "exposure", { exposureName: "Car" });
    const id = await createEvent(company, key);
    const descriptions = Array.from({ length: 12 }, (_, i) => `Loss ${i}`);
    const [transitions, updates, linked] = await Promise.all([
      Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? closeOn : reopenOn)(company, key, id, todayIn(NEW_YORK))),
      ),
      Promise.all(
        descriptions.map((lossDescription) =>
          company.call("PATCH", `/entities/event/${id}`, key, { body: { lossDescription } }),
        ),
      ),
      company.call("POST", "/relationships/eventExposures/links", key, { body: { fromId: id, toId: car } }),
    ]);
    for (const res of [...updates, linked]) expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
    for (const res of transitions) {
      if (res.status !== 200) expect(["EventNotOpen", "EventNotClosed"]).toContain(res.json.error.code);
    }
    const succeeded = transitions.filter((r) => r.status === 200).length;
    expect(succeeded).toBeGreaterThan(0);

    const data = await readEvent(company, key, id);
    const history: Array<{ action: string }> = data.eventOpenCloseHistory;
    expect(history).toHaveLength(1 + succeeded);
    for (const [index, entry] of history.entries()) expect(entry.action).toBe(index % 2 === 0 ? "open" : "close");
    expect(data.eventStatus).toBe(history.length % 2 === 1 ? "open" : "closed");
    expect(data.eventClosedOn).toEqual(data.eventStatus === "closed" ? day(todayIn(NEW_YORK)) : null);
    expect(descriptions).toContain(data.lossDescription);
    expect(data.eventName).toBe("Car");
  });
});

describe("event routes: permissions and other companies", () => {
  const ROUTES = [
    {
      name: "close",
      permission: "event.create",
      send: (c: TestCompany, k: string, id: string) => closeOn(c, k, id, todayIn(NEW_YORK)),
    },
    {
      name: "reopen",
      permission: "event.create",
      send: (c: TestCompany, k: string, id: string) => reopenOn(c, k, id, todayIn(NEW_YORK)),
    },
    {
      name: "history",
      permission: "event.edit",
      send: (c: TestCompany, k: string, id: string) => putHistory(c, k, id, [open("2020-01-01"), close("2020-01-02")]),
    },
  ];

  it("answers 404 for another company's event under the caller's own path, and for unknown ids", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const theirEvent = await createEvent(theirs.company, theirs.key);
    const theirData = await readEvent(theirs.company, theirs.key, theirEvent);
    for (const route of ROUTES) {
      expectError(await route.send(mine.company, mine.key, theirEvent), 404, "NotFoundError", "Not found");
      expectError(await route.send(mine.company, mine.key, crypto.randomUUID()), 404, "NotFoundError", "Not found");
    }
    expect(await readEvent(theirs.company, theirs.key, theirEvent)).toEqual(theirData);
  });

  it("answers 403 to another company's key on the company's path", async () => {
    const target = await setUp();
    const intruder = await setUp();
    const id = await createEvent(target.company, target.key);
    for (const route of ROUTES) {
      const path = route.name === "history" ? `/events/${id}/open-close-history` : `/events/${id}/${route.name}`;
      const res = await call(
        route.name === "history" ? "PUT" : "POST",
        `/api/v1/companies/${target.company.id}${path}`,
        { auth: intruder.key, body: { effectiveOnDate: { date: "2020-01-05" }, entries: [] } },
      );
      expectError(res, 403, "AuthorizationError", "API key is not scoped to the requested company");
    }
  });

  it("needs company.claim:create (event.create) for close and reopen, and event.edit for the history", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    for (const route of ROUTES) {
      const others = ["event.view", "event.create", "event.edit"].filter((p) => p !== route.permission);
      const lacking = await company.key(["ReadOnly"], others);
      expectError(
        await route.send(company, lacking, id),
        403,
        "AuthorizationError",
        "User is not authorized to perform the requested action",
      );
    }
    const legacy = await company.key([], ["company.claim:create"]);
    expect((await closeOn(company, legacy, id, todayIn(NEW_YORK))).status).toBe(200);
    expect((await reopenOn(company, legacy, id, todayIn(NEW_YORK))).status).toBe(200);
    const editor = await company.key([], ["event.edit"]);
    expect((await putHistory(company, editor, id, [open("2020-01-01")])).status).toBe(200);
  });

  it("lists the event routes in /openapi.json with their permission", async () => {
    const paths = (await call("GET", "/openapi.json")).json.paths;
    const close = paths["/api/v1/companies/{companyId}/events/{eventId}/close"].post;
    const reopen = paths["/api/v1/companies/{companyId}/events/{eventId}/reopen"].post;
    const history = paths["/api/v1/companies/{companyId}/events/{eventId}/open-close-history"].put;
    expect([close["x-permission"], reopen["x-permission"], history["x-permission"]]).toEqual([
      "event.create",
      "event.create",
      "event.edit",
    ]);
    for (const operation of [close, reopen, history]) {
      expect(operation.summary).toBeTruthy();
      expect(operation.description).toBeTruthy();
    }
  });
});

describe("derived lifecycle dates on generic writes", () => {
  it("ignores lifecycle dates sent back in a PATCH (read-modify-write) and keeps them derived", async () => {
    const { company, key } = await setUp();
    const id = await createEvent(company, key);
    expect((await closeOn(company, key, id, todayIn(NEW_YORK))).status).toBe(200);
    const stored = await readEvent(company, key, id);
    expect(stored.eventClosedOn).toEqual(day(todayIn(NEW_YORK)));
    const echoed = {
      eventOpenedOn: day("1999-01-01"),
      eventClosedOn: day("1999-01-02"),
      eventReopenedOn: null,
      eventPreviouslyClosedOn: null,
      userSetEventName: "Hail",
    };
    const res = await company.call("PATCH", `/entities/event/${id}`, key, { body: echoed });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = await readEvent(company, key, id);
    expect(after.eventClosedOn).toEqual(stored.eventClosedOn);
    expect(after.eventOpenedOn).toEqual(stored.eventOpenedOn);
    expect(after.userSetEventName).toBe("Hail");
  });
});

describe("claim numbers: an event's Sequence fields, taken in the company object", () => {
  const CLAIM_NUMBERS = {
    fieldDefinitions: [
      {
        entityType: "event",
        referenceId: "claimNumber",
        label: "Claim number",
        typeInfo: { kind: "Sequence", prefix: "CLM-", padding: 5 },
      },
      // Required, with a default that leaves it empty: a create that omits it is refused after its number was taken.
      {
        entityType: "event",
        referenceId: "adjusterCode",
        label: "Adjuster code",
        typeInfo: { kind: "String" },
        required: true,
        computedDefault: "null",
      },
    ],
  };

  it("claims the next number in the create's write: a refused create burns none, a moved counter is never reused", async () => {
    const { company, key } = await setUp(CLAIM_NUMBERS);
    const claimNumberOf = async (body: object) =>
      (await readEvent(company, key, await createEvent(company, key, body))).claimNumber;
    expect(await claimNumberOf({ adjusterCode: "A1" })).toBe("CLM-00001");
    const refused = await company.call("POST", "/entities/event", key, { body: {} });
    expect(refused.status, refused.text).toBe(400);
    expect(await claimNumberOf({ adjusterCode: "A2" })).toBe("CLM-00002");
    // Another writer of the counter behind the object's back: the create is written once, past it.
    await env.DB.prepare("UPDATE sequences SET value = 7 WHERE company_id = ? AND name = 'event.claimNumber'")
      .bind(company.id)
      .run();
    expect(await claimNumberOf({ adjusterCode: "A3" })).toBe("CLM-00008");
    const events = await env.DB.prepare(
      "SELECT count(*) AS n FROM entities WHERE company_id = ? AND entity_type = 'event'",
    )
      .bind(company.id)
      .first<number>("n");
    expect(events).toBe(3);
  });
});
