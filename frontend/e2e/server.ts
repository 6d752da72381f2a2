import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const FRONTEND = fileURLToPath(new URL("..", import.meta.url));
export const ORION_BIN = resolve(FRONTEND, "..", ".venv", "bin", "orion");
export const RESULTS_DIR = join(FRONTEND, "test-results");
const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 60_000;

export interface RunningApi {
  baseUrl: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once("exit", () => done());
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`orion serve exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`orion serve was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** Start `orion serve` on a free port with a fresh data dir (embedded Postgres), and wait for /health/ready. */
export async function startApi(): Promise<RunningApi> {
  if (!existsSync(ORION_BIN)) throw new Error(`${ORION_BIN} is missing: install the backend first (make install).`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "orion-e2e-"));
  const log = createWriteStream(join(RESULTS_DIR, "e2e-server.log"));
  const child = spawn(ORION_BIN, ["serve"], {
    cwd: resolve(FRONTEND, ".."),
    env: {
      ...process.env,
      ORION_PORT: String(port),
      ORION_HOST: "127.0.0.1",
      ORION_DATA_DIR: dataDir,
      ORION_PASSWORD_HASH_ROUNDS: "4",
      ORION_EVIDENCE_DRIFT_INTERVAL_SECONDS: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see test-results/e2e-server.log`);
  }
  return { baseUrl, stop };
}
