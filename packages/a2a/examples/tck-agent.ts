/**
 * A SILP agent to run the A2A TCK against by hand (docs/integrations.md, "Where @a2a-js/sdk 1.3.0
 * departs from the specs"): SILP messages get SILP replies; with TCK_FALLBACK=tasks any other
 * message becomes a completed task, as an existing agent's executor behind SILP would make one,
 * so the TCK's task cases (GetTask, CancelTask, history) reach the task store.
 *
 *   TCK_FALLBACK=tasks PORT=9998 node --import tsx packages/a2a/examples/tck-agent.ts
 *   (in a2a-tck, branch 1.0-dev) python -m pytest tests/compatibility/ --sut-host=http://127.0.0.1:9998 -m must
 */
import { AgentEvent } from "@a2a-js/sdk/server";
import { startSilpAgent } from "../src/index.js";

const tasks = process.env.TCK_FALLBACK === "tasks";
const agent = await startSilpAgent({
  name: "tck",
  handlers: { book: () => "booked" },
  port: Number(process.env.PORT ?? 9999),
  ...(tasks
    ? {
        fallback: {
          execute: async (context, bus) => {
            bus.publish(
              AgentEvent.task({
                id: context.taskId,
                contextId: context.contextId,
                status: { state: 3, timestamp: new Date().toISOString(), message: undefined },
                artifacts: [],
                history: [context.userMessage],
                metadata: undefined,
              }),
            );
            bus.finished();
          },
          cancelTask: async () => undefined,
        },
      }
    : {}),
});
process.stdout.write(`${agent.url}\n`);
process.stdin.resume();
