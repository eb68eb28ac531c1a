import { compile, createDecoder, decode } from "silp";
import { sizedIR } from "./datasets.js";
const fe = process.env.FE ?? "code"; const size = Number(process.env.SIZE ?? 32);
const text = compile(sizedIR(200_000), fe, { whitelist: "off" });
const chunks: string[] = []; for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
const mode = process.env.MODE ?? "feed";
let t = 0;
for (let r = 0; r < 60; r++) {
  const s = performance.now();
  if (mode === "feed") { const d = createDecoder(fe, { whitelist: "off" }); for (const c of chunks) d.push(c); d.end(); }
  else decode(text, fe, { whitelist: "off" });
  if (r >= 20) t += performance.now() - s;
}
console.log(mode, fe, size, (t / 40).toFixed(2), "ms");
