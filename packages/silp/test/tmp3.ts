import { decode } from "silp";
const cases: [string,string][] = [
 ["Sure! Here is the SILP payload:\n```silp\nstart(hike)\n```\nLet me know!", "code"],
 ["Here:\n```json\n{\"intent\":\"!START\",\"act\":\"hike\"}\n```\nDone.", "json"],
 ["Here you go: {\"intent\":\"!START\",\"act\":\"hike\"} hope it's fine", "json"],
 ["Sure!\nstart(hike)\nThanks", "code"],
 ["```\nnot it (x\n```\n```silp\nstart(hike)\n```", "code"],
 ["```\nstop(a)\n```\n```silp\nstart(hike)\n```", "code"],
 ["```\nstart(hike)\n```\n```silp\nstart(hike)\n```", "code"],
 ["Sure:\nrefund(order_17)\n", "code"],
 ["Sure! Here {'intent': 'START', act: hike,} ok", "json"],
 ["Sure! Here {'intent': 'START', act: 'hike',} ok", "json"],
];
for (const [t, f] of cases) {
  for (const strict of [false, true]) {
  try { const r = decode(t, f, { strict }); console.log(strict, JSON.stringify(t), JSON.stringify(r.ir.intent), JSON.stringify(r.ir.entities), r.repairs.map(x=>x.kind+"@"+x.offset+" "+x.message).join(" | ")); }
  catch (e) { console.log(strict, JSON.stringify(t), "ERR", e.code, e.offset, e.message); }
  }
}
