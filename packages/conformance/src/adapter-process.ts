/**
 * Runs an adapter command: spawned once (again only after it timed out or exited), fed one
 * request line at a time, each answer awaited with a deadline. Sequential on purpose: the
 * protocol then needs no concurrency from the adapter, and a hang is pinned to one case.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { parseAnswer, type AdapterAnswer, type AdapterRequest } from "./protocol.js";

export type Exchange = { answer: AdapterAnswer } | { failure: string };

/** Longest answer line read; a longer one fails its case (an adapter cannot exhaust our memory). */
const MAX_ANSWER_LENGTH = 8 * 1024 * 1024;
/** Stands for a line that was longer than MAX_ANSWER_LENGTH (its text was not kept). */
const OVERSIZED = "\u0000oversized";
/** Most answer lines kept while no request waits for one. */
const MAX_QUEUED = 16;

export class AdapterProcess {
  private child: ChildProcessWithoutNullStreams | undefined;
  private waiting: ((line: string | null) => void) | undefined;
  private readonly queued: string[] = [];
  private stderrTail = "";
  private exited = false;

  constructor(
    private readonly command: string,
    private readonly cwd: string,
  ) {}

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.command, { shell: true, cwd: this.cwd, stdio: ["pipe", "pipe", "pipe"] });
    this.exited = false;
    this.queued.length = 0;
    child.stdin.on("error", () => {}); // an adapter that exits early closes the pipe; its exit is reported per case
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    // Lines split by hand rather than with node:readline, which buffers a line of any length:
    // an adapter's output must not be able to take the runner's memory.
    let partial = "";
    let overflow = false;
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      let from = 0;
      for (let newline = chunk.indexOf("\n"); newline !== -1; newline = chunk.indexOf("\n", from)) {
        const line = overflow ? OVERSIZED : (partial + chunk.slice(from, newline)).replace(/\r$/, "");
        partial = "";
        overflow = false;
        from = newline + 1;
        this.deliver(child, line);
      }
      if (!overflow) {
        partial += chunk.slice(from);
        if (partial.length > MAX_ANSWER_LENGTH) {
          partial = "";
          overflow = true;
        }
      }
    });
    // "close", not "exit": it comes after the last stdout line was read.
    child.on("close", () => {
      if (this.child !== child) return;
      this.exited = true;
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(null);
      }
    });
    child.on("error", () => {
      if (this.child === child) this.exited = true;
    });
    this.child = child;
    return child;
  }

  private deliver(child: ChildProcessWithoutNullStreams, line: string): void {
    // A stopped adapter's late answers belong to no request.
    if (this.child !== child || line.trim() === "") return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve(line);
    } else if (this.queued.length < MAX_QUEUED) this.queued.push(line); // unasked-for lines: kept a few, to fail the next case by id
  }

  private nextLine(timeoutMs: number): Promise<string | null | "timeout"> {
    const queued = this.queued.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.exited) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve("timeout");
      }, timeoutMs);
      this.waiting = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });
  }

  /** Sends one request and waits for the answer with the same id. */
  async ask(request: AdapterRequest, timeoutMs: number): Promise<Exchange> {
    if (this.exited) this.child = undefined;
    const child = this.child ?? this.start();
    child.stdin.write(`${JSON.stringify(request)}\n`);
    const line = await this.nextLine(timeoutMs);
    if (line === "timeout") {
      this.stop();
      return { failure: `no answer within ${timeoutMs} ms (adapter restarted)` };
    }
    if (line === null) {
      const tail = this.stderrTail.trim().split("\n").slice(-3).join(" | ");
      this.child = undefined;
      return { failure: `adapter exited without answering${tail ? `: ${tail}` : ""}` };
    }
    if (line === OVERSIZED) return { failure: `answer longer than ${MAX_ANSWER_LENGTH} characters` };
    const answer = parseAnswer(line);
    if ("invalid" in answer) return { failure: answer.invalid };
    if (answer.id !== request.id) {
      this.stop();
      return { failure: `answer id ${JSON.stringify(answer.id)} does not match request id ${JSON.stringify(request.id)} (adapter restarted)` };
    }
    return { answer };
  }

  /** Ends the adapter: closes its input (the normal end) and kills it if it lingers. */
  stop(): void {
    const child = this.child;
    this.child = undefined;
    this.waiting = undefined;
    if (!child || this.exited) return;
    child.stdin.end();
    const timer = setTimeout(() => child.kill("SIGKILL"), 2000);
    timer.unref();
    child.once("exit", () => clearTimeout(timer));
  }
}
