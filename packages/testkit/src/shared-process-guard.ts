/**
 * Setup file of the test projects whose files share worker processes (vitest.config.ts,
 * product-shared): a file there must leave the frontend registry as it found it. A file that
 * registers a frontend (a dialect, x-evolved) changes what every later file in the same process
 * sees (the MCP server lists the registered frontends in its capabilities), so which tests fail
 * would depend on how vitest happened to spread the files over processes. This guard makes the
 * registering file itself fail, every run, naming what it left.
 */
import { afterAll, beforeAll } from "vitest";
import { listFrontends } from "silp";

const names = (): string[] => listFrontends().map((frontend) => frontend.name);
let before: string[] = [];

beforeAll(() => {
  before = names();
});

afterAll(() => {
  const left = names().filter((name) => !before.includes(name));
  if (left.length > 0) {
    throw new Error(
      `this file registered ${left.join(", ")} in a worker process other test files share; ` +
        "give it a process of its own (leave it out of SHARED_PROCESS_TESTS in vitest.config.ts)",
    );
  }
});
