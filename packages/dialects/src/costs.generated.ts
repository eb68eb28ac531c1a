// Written by scripts/dialect-costs.ts (npm run costs); do not edit. Checked by study/evolve/test/dialect-costs.test.ts.
import type { CostTable } from "./cost-table.js";

export const STUDY_COST_TABLE: CostTable = {
  "reference": "the study's 27 held-out cases (data/study/cases)",
  "payloads": 27,
  "surface": "compact payload (whitelist off, no meta), as builtinPayload writes it",
  "tokens": {
    "gpt-4o": {
      "code": 23.33,
      "json": 50.41,
      "natural": 19.59,
      "x-evolved@sha256:07fbfdc9b7bacc7be0e7e2f852675119dc83bdf63c4e9f33878e1e1398e3cbca": 16.7
    },
    "gpt-3.5": {
      "code": 23.33,
      "json": 48.41,
      "natural": 19.63,
      "x-evolved@sha256:07fbfdc9b7bacc7be0e7e2f852675119dc83bdf63c4e9f33878e1e1398e3cbca": 16.63
    },
    "llama-2": {
      "code": 29.41,
      "json": 60.11,
      "natural": 23.19,
      "x-evolved@sha256:07fbfdc9b7bacc7be0e7e2f852675119dc83bdf63c4e9f33878e1e1398e3cbca": 20.41
    },
    "qwen2.5": {
      "code": 24.37,
      "json": 49.44,
      "natural": 20.67,
      "x-evolved@sha256:07fbfdc9b7bacc7be0e7e2f852675119dc83bdf63c4e9f33878e1e1398e3cbca": 17.67
    },
    "claude": {
      "code": 26.15,
      "json": 49.56,
      "natural": 19.63,
      "x-evolved@sha256:07fbfdc9b7bacc7be0e7e2f852675119dc83bdf63c4e9f33878e1e1398e3cbca": 17.11
    },
    "gemini": {
      "code": 25.96,
      "json": 51.04,
      "natural": 20.93,
      "x-evolved@sha256:07fbfdc9b7bacc7be0e7e2f852675119dc83bdf63c4e9f33878e1e1398e3cbca": 18.04
    }
  }
};
