import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { FAMILY_PREFIX, keyCaller } from "../../http/route";
import { refreshEventName } from "../../services/event-name-refresh";

/**
 * `eventName` derives from the event's id and its links, neither of which the generic write's enrichers
 * see (on create they run before the id exists). So once a generic create or update of an event has
 * succeeded, its name is recomputed and stored, and an update answers with the refreshed name.
 * A failed refresh never turns the caller's successful write into an error; it is logged.
 */

const ENTITIES = `${FAMILY_PREFIX.P.replaceAll(/\{(\w+)\}/g, ":$1")}/entities/:entityType`;
const isEvent = (entityType: string | undefined) => entityType?.toLowerCase() === "event";

async function refreshQuietly(c: Context<AppEnv>, eventId: string): Promise<string | null> {
  try {
    return await refreshEventName(database(c.env.DB), keyCaller(c).companyId, eventId);
  } catch (err) {
    console.error(JSON.stringify({ requestId: c.get("requestId"), eventId, eventNameRefreshFailed: String(err) }));
    return null;
  }
}

// Path parameters are read before `next()`: afterwards `c.req.param` answers for the matched route's handler.
const afterCreate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const eventCreate = c.req.method === "POST" && isEvent(c.req.param("entityType"));
  await next();
  if (!eventCreate || c.res.status !== 201) return;
  const { id } = await c.res.clone().json<{ id: string }>();
  await refreshQuietly(c, id);
};

const afterUpdate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const eventUpdate = c.req.method === "PATCH" && isEvent(c.req.param("entityType"));
  await next();
  if (!eventUpdate || c.res.status !== 200) return;
  const view = await c.res.clone().json<{ id: string; data: Record<string, unknown> }>();
  const eventName = await refreshQuietly(c, view.id);
  if (eventName !== null && eventName !== view.data.eventName) c.res = c.json({ ...view, data: { ...view.data, eventName } }, 200);
};

/** Registered before the entity CRUD routes so it wraps their handlers. */
export function registerEventNameRefresh(app: OpenAPIHono<AppEnv>) {
  app.use(ENTITIES, afterCreate);
  app.use(`${ENTITIES}/:entityId`, afterUpdate);
}
