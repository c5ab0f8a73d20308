import { centsOf } from "../money";
import { daysBetween, maxDay, minDay } from "./civil-days";
import {
  type ComponentSchedule,
  componentFigures,
  componentKey,
  componentsOf,
  type EarningBasis,
  PREMIUM_KINDS,
  type PremiumKind,
  premiumSchedule,
} from "./premium-schedule";
import type { Coverage } from "./segments";
import { rootData } from "./version-view";

/**
 * Written, earned and unearned premium in integer cents (CONTRACT section 4, "Premium accounting"),
 * from the schedules of premium-schedule.ts.
 *
 * The ledger: the transaction premium of a version is the change in written premium it causes, per
 * component (its written cents less its predecessor's). A policy's written premium is the sum of the
 * transaction premiums of its versions, and its earned premium as of a day the sum of each
 * transaction's change in earned premium; summed over every version these are the current version's
 * figures exactly. Counting only the transactions booked by a moment (`bookedAsOf`) reproduces the
 * figures a closed period reported, whatever was booked after it.
 *
 * - unearned = written − earned, so the three always add up. Per kind figures sum their components;
 *   `totals` add Premium, Taxes and Fees (what the insured is charged; commissions are shares of premium,
 *   shown per kind and not added again).
 * - Kind `Other` is not premium: the current version's total is reported as `otherCents`, never earned.
 */

export const EARNED_KINDS = PREMIUM_KINDS;
export type EarnedKind = PremiumKind;
const CHARGED_KINDS: readonly EarnedKind[] = ["Premium", "Taxes", "Fees"];

export interface EarnedFigures {
  writtenCents: number;
  earnedCents: number;
  unearnedCents: number;
}

export interface ComponentEarnings extends EarnedFigures {
  label: string;
  group: string;
  kind: EarnedKind;
  earningBasis: EarningBasis;
}

export interface PolicyEarnings {
  termStart: string;
  termEnd: string;
  coverageEnd: string;
  termDays: number;
  /** Days of coverage before `asOf`: `[termStart, min(asOf, coverageEnd))`. */
  elapsedDays: number;
  components: ComponentEarnings[];
  byKind: Record<EarnedKind, EarnedFigures>;
  otherCents: number;
  totals: EarnedFigures;
}

/** One component's written and earned cents, keyed like the schedules. */
type Figures = Map<
  string,
  { component: Omit<ComponentSchedule, "pieces" | "charges">; written: number; earned: number }
>;

/** Every component's written and earned cents of one version as of a day. */
function versionFigures(coverage: Coverage, asOf: string): Figures {
  const schedule = premiumSchedule(coverage);
  const figures: Figures = new Map();
  for (const [key, component] of schedule.components) {
    const { writtenCents, earnedCents } = componentFigures(schedule, component, asOf);
    const { label, group, kind, earningBasis } = component;
    figures.set(key, { component: { label, group, kind, earningBasis }, written: writtenCents, earned: earnedCents });
  }
  return figures;
}

/** `into += sign × from`, component by component (components new to `into` are added in order). */
function addFigures(into: Figures, from: Figures, sign: 1 | -1) {
  for (const [key, row] of from) {
    const found = into.get(key) ?? { component: row.component, written: 0, earned: 0 };
    into.set(key, { ...found, written: found.written + sign * row.written, earned: found.earned + sign * row.earned });
  }
}

const zero = (): EarnedFigures => ({ writtenCents: 0, earnedCents: 0, unearnedCents: 0 });

function addTo(target: EarnedFigures, figures: EarnedFigures) {
  target.writtenCents += figures.writtenCents;
  target.earnedCents += figures.earnedCents;
  target.unearnedCents += figures.unearnedCents;
}

/** The report of one policy: `coverage` describes the term; `figures` are what its transactions wrote and earned. */
function earningsOf(coverage: Coverage, figures: Figures, asOf: string): PolicyEarnings {
  const schedule = premiumSchedule(coverage);
  const earnedUntil = minDay(maxDay(asOf, schedule.termStart), schedule.coverageEnd);
  const components: ComponentEarnings[] = [...figures.values()]
    .filter((row) => row.written !== 0 || row.earned !== 0 || schedule.components.has(componentKey(row.component)))
    .map(({ component, written, earned }) => ({
      ...component,
      writtenCents: written,
      earnedCents: earned,
      unearnedCents: written - earned,
    }));
  const byKind = Object.fromEntries(EARNED_KINDS.map((k) => [k, zero()])) as Record<EarnedKind, EarnedFigures>;
  for (const c of components) addTo(byKind[c.kind], c);
  const totals = zero();
  for (const kind of CHARGED_KINDS) addTo(totals, byKind[kind]);
  const otherCents = componentsOf(rootData(coverage))
    .filter((c) => c.kind === "Other")
    .reduce((sum, c) => sum + centsOf(c.value), 0);
  return {
    termStart: schedule.termStart,
    termEnd: schedule.termEnd,
    coverageEnd: schedule.coverageEnd,
    termDays: schedule.termDays,
    elapsedDays: daysBetween(schedule.termStart, earnedUntil),
    components,
    byKind,
    otherCents,
    totals,
  };
}

/** Earned premium of one version as of a civil day: what all of its policy's transactions so far wrote. */
export function earnedPremium(coverage: Coverage, asOf: string): PolicyEarnings {
  return earningsOf(coverage, versionFigures(coverage, asOf), asOf);
}

/** One version of a policy as the ledger reads it, and whether its transaction counts (is booked). */
export interface LedgerVersion {
  version: number;
  coverage: Coverage;
  booked: boolean;
}

/**
 * Earned premium as of a day counting only the booked transactions: the sum, over booked versions, of the
 * change each made to written and earned cents. `versions` are the policy's versions from 1 up to the last
 * booked one at least. The term, coverage and `otherCents` are those of the last booked version. When the
 * booked versions are the first ones (transactions booked in the order they were issued), this is that
 * version's own report.
 */
export function bookedEarnings(versions: readonly LedgerVersion[], asOf: string): PolicyEarnings | null {
  const ordered = [...versions].sort((a, b) => a.version - b.version);
  const lastBooked = ordered.findLast((v) => v.booked);
  if (!lastBooked) return null;
  const booked = ordered.filter((v) => v.version <= lastBooked.version);
  if (booked.every((v) => v.booked)) return earnedPremium(lastBooked.coverage, asOf);
  const figures: Figures = new Map();
  booked.forEach((v, i) => {
    if (!v.booked) return;
    addFigures(figures, versionFigures(v.coverage, asOf), 1);
    const previous = booked[i - 1];
    if (previous) addFigures(figures, versionFigures(previous.coverage, asOf), -1);
  });
  return earningsOf(lastBooked.coverage, figures, asOf);
}

/** The five pricing kinds in cents: what one transaction wrote (negative for return premium). */
export type KindCents = Record<EarnedKind, number>;

/** The written cents of each kind of one version (`null`: before the policy existed). */
export function writtenByKind(coverage: Coverage | null): KindCents {
  const out = Object.fromEntries(EARNED_KINDS.map((k) => [k, 0])) as KindCents;
  if (!coverage) return out;
  const figures = versionFigures(coverage, coverage.termStart);
  for (const { component, written } of figures.values()) out[component.kind] += written;
  return out;
}

/**
 * The transaction premium of a transaction per kind: the written cents of the version it wrote less its
 * predecessor's (new business and renewal: the whole; an endorsement its additional or return premium; a
 * cancellation a negative return premium; a reinstatement the premium it restores).
 */
export function transactionPremium(before: Coverage | null, after: Coverage): KindCents {
  const was = writtenByKind(before);
  const now = writtenByKind(after);
  return Object.fromEntries(EARNED_KINDS.map((k) => [k, now[k] - was[k]])) as KindCents;
}
