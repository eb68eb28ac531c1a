/**
 * Setup of vitest's `lab-node22` project: its files need Node 22 or later (`openai` 7 declares it;
 * scripts/node22.mjs), and `npm run test:node22` runs them on the lab's Node 22. Started on an
 * older Node, every file fails saying so, rather than test a pairing `openai` does not support.
 */
const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  throw new Error(`the lab-node22 project runs on Node 22 or later, not ${process.version}: npm run test:node22 runs it on the lab's Node 22`);
}
