/** The small HTML building blocks every section of the report uses; all text is escaped. */
import { pyFixed } from "../analysis/pyformat.js";
import { escapeXml as esc } from "./svg.js";

export const pct = (v: number): string => (Number.isNaN(v) ? "n/a" : `${pyFixed(v * 100, 1)}%`);
export const num = (v: number, d = 3): string => (Number.isNaN(v) ? "n/a" : v === Infinity ? "∞" : pyFixed(v, d));

export function pValue(p: number): string {
  if (Number.isNaN(p)) return "n/a";
  return p < 1e-4 ? p.toExponential(2) : pyFixed(p, 4);
}

/** Stars of a p-value; pass the corrected p wherever a family of tests is shown. */
export const sig = (p: number): string => (p < 0.001 ? "***" : p < 0.01 ? "**" : p < 0.05 ? "*" : "");

export function table(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string>>, caption?: string): string {
  const head = headers.map((h) => `<th>${esc(h)}</th>`).join("");
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
  return `<table>${caption ? `<caption>${esc(caption)}</caption>` : ""}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

export function section(id: string, title: string, body: string): string {
  return `<section id="${id}"><h2>${esc(title)}</h2>${body}</section>`;
}

export function figure(svg: string, caption: string): string {
  return `<figure>${svg}<figcaption>${esc(caption)}</figcaption></figure>`;
}
