/** A page of a list: at most `limit` items after skipping `offset` (routes turn `page`/`pageSize` into it). */
export interface PageWindow {
  limit: number;
  offset: number;
}
