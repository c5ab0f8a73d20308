// Issue 16's goal rows again on a restarted dev server (the same stored state), each beside a /health measured
// on that young process. wrangler dev's two workerd processes grow by 15–30 KB a request and their tail
// grows with them, whatever the worker does (a hello-world worker grows too), and our /health's p99 went
// from 56 ms to 231 ms over 50,000 calls on one server (README, "Reading the local figures"). In the main sequence the goal
// rows after lifecycle run on a process that has already served over 100,000 calls, against a health measured
// first; the restarted pair compares like with like. Both are printed; BENCH_RESTARTED_GOALS=false skips these.
import { ENDORSE_CONCURRENT_SCENARIO } from "./policy-scenarios.mjs";

/** The goal scenarios measured again on a restarted server; health and lifecycle run first on a young one anyway. */
export const RESTARTED_GOAL_SCENARIOS = ["entity read 10k", "entity create 10k", ENDORSE_CONCURRENT_SCENARIO];

export const restartedName = (name) => `${name} (restarted server)`;
export const restartedHealthName = (name) => `health before ${restartedName(name)}`;

export const restartedGoalsEnabled = () => process.env.BENCH_RESTARTED_GOALS !== "false";
