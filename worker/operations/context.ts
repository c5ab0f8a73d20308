import { type Database, database } from "../db/client";
import { markingWrites } from "../db/marking-d1";
import { markCommittedStatement } from "../db/queries/idempotency";
import type { SessionFloor } from "../db/request-session";
import { Grants } from "../domain/access/roles";
import type { Env } from "../env";
import type { CompanyMemo } from "./configuration/configuration-of";
import type { GeocodeLookups } from "./entities/write-pipeline/geocode-lookups";
import type { CommitGroup } from "./policies/commit-group";

/**
 * Who is calling: an API key of one company, or platform staff. Plain data, so it crosses the company
 * object's RPC boundary and rides in queue messages unchanged.
 */
export interface Actor {
  kind: "api-key" | "staff";
  /** The API key's id; null for staff. */
  keyId: string | null;
  roles: readonly string[];
  permissions: readonly string[];
}

/** One call of an operation as plain data: the company it acts on, who asked, and the request it came from. */
export interface Call {
  companyId: string;
  actor: Actor;
  requestId: string;
  /** The request line and `batchId`, for audit receipts committed with a change. */
  method: string;
  path: string;
  batchId: string | null;
  /**
   * The idempotency key this request holds (CONTRACT 8.1), when it sent one: each of its D1 writes marks the
   * key committed in the same batch (`markingWrites`).
   */
  idempotency?: HeldIdempotencyKey | null;
}

/** An idempotency key held by the request: where it is stored and the request id holding it. */
export interface HeldIdempotencyKey {
  companyId: string;
  callerId: string;
  idempotencyKey: string;
  holder: string;
}

/**
 * The database handle of a call: its writes mark its idempotency key, when it holds one. `d1` is the
 * request's or the operation's D1 session (`worker/db/request-session.ts`); the binding itself by default.
 */
export function databaseOf(env: Env, call: Pick<Call, "idempotency">, d1: D1Database = env.DB) {
  const held = call.idempotency;
  return database(held ? markingWrites(d1, () => markCommittedStatement(d1, held)) : d1);
}

/**
 * What every operation takes: the call plus the bindings, a database handle and the clock. Built the
 * same way in the worker, the company object and a queue handler (`operationContext`).
 */
export interface OperationContext extends Call {
  db: Database;
  env: Env;
  now: Date;
  /** In the company object: what it keeps between its operations (`configurationOf`). */
  memo?: CompanyMemo;
  /** In the worker: the request's D1 session, moved past each write the company object commits. */
  session?: SessionFloor;
  /** In the company object, for a transaction committed with others: where its statements go. */
  commitGroup?: CommitGroup;
  /** In the company object: the geocoder lookups made between the call's turns (`GeocodeLookups`). */
  geocodeLookups?: GeocodeLookups;
}

/** The context of a platform operation that acts on no existing company yet (staff creating a company). */
export type PlatformContext = Omit<OperationContext, "companyId">;

export function operationContext(
  env: Env,
  call: Call,
  now = new Date(),
  memo?: CompanyMemo,
  d1: D1Database = env.DB,
): OperationContext {
  return { ...call, db: databaseOf(env, call, d1), env, now, ...(memo ? { memo } : {}) };
}

/** A background job's own caller: the platform acting for a company (queue handlers, scheduled work). */
export const PLATFORM_ACTOR: Actor = { kind: "staff", keyId: null, roles: [], permissions: [] };

const grantsCache = new WeakMap<Actor, Grants>();

/** What the actor may do (CONTRACT section 1); staff hold no company permissions. */
export function grantsOf(actor: Actor): Grants {
  let grants = grantsCache.get(actor);
  if (!grants) {
    grants = new Grants(actor.kind === "api-key" ? actor.roles : [], actor.kind === "api-key" ? actor.permissions : []);
    grantsCache.set(actor, grants);
  }
  return grants;
}

/** `permission` must be canonical (see `requirePermissionName`). */
export const holds = (actor: Actor, permission: string) => grantsOf(actor).has(permission);
