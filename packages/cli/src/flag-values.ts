/** Parsing of numeric and list flags, with usage errors that name the flag. */
import { UsageError } from "./io.js";

export function intFlag(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

export function numberFlag(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < min || n > max) throw new UsageError(`${name} must be a number from ${min} to ${max}, got "${value}"`);
  return n;
}

/** `--rate` of the llmlingua2 frontend: the share of words to keep, 0 to 1; absent stays absent. */
export function rateFlag(value: string | undefined): number | undefined {
  return value === undefined ? undefined : numberFlag("--rate", value, 0, 1);
}

export function listFlag(name: string, value: string): string[] {
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (items.length === 0) throw new UsageError(`${name} needs at least one value`);
  return [...new Set(items)];
}
