import { coalescingReads } from "./coalesced-reads";

/**
 * D1 read replication (issue 16, lever 4). A request's statements run in one D1 session, so every read sees
 * the request's own writes and nothing older than the bookmark the caller sent (`X-D1-Bookmark`); the answer
 * carries the session's latest bookmark, so an integrator that sends it back reads its own writes on any
 * replica. A write the company object committed moves the request's session to the object's bookmark.
 */

/** The header a caller sends a bookmark in and every answer that used D1 carries the latest one in. */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

/** D1's bookmark: three 8-digit and one 32-digit lowercase hex group (the log position and a hash). */
export const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** What an operation context needs of a request session: to move past a write committed elsewhere. */
export interface SessionFloor {
  advanceTo(bookmark: string): void;
}

export class RequestSession implements SessionFloor {
  private session: D1DatabaseSession;
  /** The newest bookmark this request is known to need: the caller's, or the object's last commit. */
  private floor: string | null;

  /** Without a bookmark the first read may go to any replica ("first-unconstrained"), as D1 recommends. */
  constructor(
    private readonly d1: D1Database,
    bookmark: string | null,
  ) {
    this.floor = bookmark;
    this.session = d1.withSession(bookmark ?? "first-unconstrained");
  }

  /** A D1 handle whose statements run in the request's current session, its reads started together in one batch. */
  readonly handle: D1Database = coalescingReads({
    prepare: (query) => this.session.prepare(query),
    batch: (statements) => this.session.batch(statements),
  });

  advanceTo(bookmark: string) {
    this.floor = bookmark;
    this.session = this.d1.withSession(bookmark);
  }

  /** The bookmark the answer carries: the session's latest, else the floor (null when D1 was not used). */
  bookmark(): string | null {
    return this.session.getBookmark() ?? this.floor;
  }
}

/**
 * A company object operation's session: its first statement reads the primary, so it sees every commit. `d1`
 * runs statements in it (a session has the two members drizzle and our handles use: prepare and batch), its
 * reads started together in one batch (`coalescingReads`).
 */
export function primarySession(binding: D1Database): { d1: D1Database; bookmark: () => string | null } {
  const session = binding.withSession("first-primary");
  return { d1: coalescingReads(session), bookmark: () => session.getBookmark() };
}
