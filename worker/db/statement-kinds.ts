/** What a D1 statement's SQL is, from its leading keyword: decided once per prepared statement. */

/** The leading `select` keyword (with the spaces before it). */
export const SELECT = /^\s*select\b/i;
const WRITE = /^\s*(insert|update|delete|replace)\b/i;
/**
 * Taking a company counter's next value (`nextSequenceStatement`): a write that is not the request's change. A
 * counter taken again after a failure leaves a gap, where the change it numbers must never be written twice.
 */
const COUNTER_MINT = /^\s*insert\s+into\s+"sequences"/i;

export const isSelect = (sql: string) => SELECT.test(sql);
export const isWrite = (sql: string) => WRITE.test(sql);
export const isCounterMint = (sql: string) => COUNTER_MINT.test(sql);
