import type { RouteEntry } from "../../http/registry";
import { getBindConditions } from "./bind-conditions";
import { bindQuote } from "./bind-quote";
import { cancelQuote } from "./cancel-quote";
import { completeQuote } from "./complete-quote";
import { getQuote } from "./get-quote";
import { getLegacyQuote, legacyQuoteListRoutes } from "./legacy-quotes";
import { rateQuoteByValue } from "./rate-by-value";
import { rateQuote } from "./rate-quote";
import { replaceQuote } from "./replace-quote";

/** Quotes: the resource, its lifecycle, rating and bind, and the oldest family's reads. */
export const quoteRoutes: RouteEntry[] = [
  getQuote,
  replaceQuote,
  completeQuote,
  cancelQuote,
  rateQuote,
  rateQuoteByValue,
  getBindConditions,
  bindQuote,
  ...legacyQuoteListRoutes,
  getLegacyQuote,
];
