// Issue 15's figures: what the idempotency layer costs on a write, what a replayed answer costs against the
// original write, and (on a second server started with the limiter off) authenticated reads without it.
import { callApi } from "./api.mjs";

const companyPath = (ctx) => `/api/v1/companies/${ctx.companyId}`;
const BODY = JSON.stringify({});

/** People carry no configured fields here: `{}` is a valid create whatever the company's configuration. */
function createPerson(ctx, idempotency) {
  let n = 0;
  const headers = { authorization: ctx.adminKey, "content-type": "application/json" };
  return {
    requests: [
      {
        method: "POST",
        path: `${companyPath(ctx)}/entities/person`,
        headers,
        body: BODY,
        setupRequest: (req) =>
          idempotency === "none"
            ? req
            : {
                ...req,
                headers: {
                  ...headers,
                  "idempotency-key": idempotency === "fresh" ? `bench-${Date.now()}-${++n}` : "bench-replayed",
                },
              },
      },
    ],
  };
}

export const PERSON_CREATE = "person create";
export const PERSON_CREATE_KEYED = "person create, new Idempotency-Key each";
export const PERSON_CREATE_REPLAYED = "person create, replayed Idempotency-Key";

export const retryScenarios = [
  { name: PERSON_CREATE, request: (ctx) => createPerson(ctx, "none") },
  { name: PERSON_CREATE_KEYED, request: (ctx) => createPerson(ctx, "fresh") },
  {
    name: PERSON_CREATE_REPLAYED,
    // The first request with the key writes; every later one replays its answer.
    setup: async (ctx) => {
      await callApi(ctx, "POST", `${companyPath(ctx)}/entities/person`, {
        body: {},
        expect: 201,
        headers: { "idempotency-key": "bench-replayed" },
      });
      return {};
    },
    request: (ctx) => createPerson(ctx, "replayed"),
  },
];

export const LIFECYCLE_WITHOUT_LIMITER = "lifecycle, rate limiter off";
/** Its baseline: the same read on a server as fresh, with the limiter on (the main server is aged by then). */
export const LIFECYCLE_FRESH_WITH_LIMITER = "lifecycle, fresh server, rate limiter on";
