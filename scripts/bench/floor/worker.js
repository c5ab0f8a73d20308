// The benchmark's harness floor (scripts/bench/harness-floor.mjs): a worker with nothing of the service in it,
// run under the same `wrangler dev` as the service. What one D1 read costs on this harness, with no
// authentication, routing, validation or audit around it: a constant answer, one statement on the binding, and
// the same statement in a D1 session (as every read of the service runs, for read replicas and X-D1-Bookmark).
export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    const json = (value) => new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } });
    if (pathname === "/health") return json({ status: "ok" });
    if (pathname === "/d1") return json(await env.DB.prepare("SELECT 1 AS one").first());
    if (pathname === "/d1-session")
      return json(await env.DB.withSession("first-unconstrained").prepare("SELECT 1 AS one").first());
    return new Response("Not found", { status: 404 });
  },
};
