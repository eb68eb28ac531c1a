/**
 * Loaded by vitest before every test file (vitest.config.ts, setupFiles): the offline guard for
 * this process and, through NODE_OPTIONS, for every Node process the test starts.
 */
import "./no-network.mjs";

const guard = new URL("./no-network.mjs", import.meta.url).href;
const options = process.env.NODE_OPTIONS ?? "";
if (!options.includes(guard)) process.env.NODE_OPTIONS = `${options} --import=${guard}`.trim();
