// The calls `npm start` makes while it starts (scripts/dev-server.mjs), against a local server that holds them.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchText, waitForHealth } from "../../scripts/dev-server.mjs";

let server: Server;
let baseUrl: string;
const held = new Set<import("node:http").ServerResponse>();
let healthPolls = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/health") {
      // The first poll is held 2.5 s, as wrangler's proxy holds one while the runtime starts.
      healthPolls += 1;
      setTimeout(() => res.end("ok"), healthPolls === 1 ? 2_500 : 0);
      return;
    }
    if (req.url === "/never") {
      held.add(res);
      return;
    }
    // `/after/<ms>`: answers 200 after that long, as wrangler's proxy answers a request it held.
    const ms = Number(req.url?.split("/")[2] ?? 0);
    setTimeout(() => res.end("ok"), ms);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("a start's calls", () => {
  it("wait for a held answer as long as their deadline allows (a poll given up on can break wrangler's proxy)", async () => {
    const answer = await fetchText(`${baseUrl}/after/2500`, {}, 10_000, { what: "held" });
    expect(answer).toEqual({ status: 200, text: "ok" });
  });

  it("fail at their deadline when nothing answers, naming the wait in the log every 10 s meanwhile", async () => {
    const lines: string[] = [];
    const started = Date.now();
    await expect(
      fetchText(`${baseUrl}/never`, {}, 10_500, { what: "GET /never", log: (line) => lines.push(line) }),
    ).rejects.toThrow("no answer within 10.5 s");
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(lines).toEqual(["GET /never: still waiting after 10 s\n"]);
  });

  it("keep waiting on a held /health poll instead of giving it up and polling again", async () => {
    await waitForHealth(baseUrl, { exitCode: null, signalCode: null });
    expect(healthPolls).toBe(1);
  });
});
