/**
 * Small inline-SVG charts for the HTML report: heatmap, bars, grouped bars, lines. No script,
 * no external resource, so the report renders anywhere, offline. Every label is escaped (model
 * and frontend names come from results files, which are untrusted input).
 */

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

const FONT = `font-family="system-ui, sans-serif"`;

/** 0..1 -> red (0) through amber (0.5) to green (1). NaN -> grey. */
export function rateColor(v: number): string {
  if (Number.isNaN(v)) return "#e5e7eb";
  const t = Math.max(0, Math.min(1, v));
  const hue = t * 130; // 0 red .. 130 green
  return `hsl(${hue.toFixed(0)}, 70%, ${(88 - 38 * Math.abs(t - 0.5)).toFixed(0)}%)`;
}

/** -1..1 -> blue through white to red-brown. */
export function correlationColor(v: number): string {
  if (Number.isNaN(v)) return "#e5e7eb";
  const t = Math.max(-1, Math.min(1, v));
  const light = 96 - 46 * Math.abs(t);
  return `hsl(${t >= 0 ? 150 : 220}, 60%, ${light.toFixed(0)}%)`;
}

export interface HeatmapSpec {
  rows: readonly string[];
  cols: readonly string[];
  value: (row: string, col: string) => number;
  label: (v: number) => string;
  color: (v: number) => string;
  title: string;
}

export function heatmap(spec: HeatmapSpec): string {
  const cell = { w: 92, h: 34 };
  const left = 120;
  const top = 96;
  const width = left + spec.cols.length * cell.w + 70; // room for the last rotated label
  const height = top + spec.rows.length * cell.h + 10;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12"><title>${escapeXml(spec.title)}</title>`,
  ];
  spec.cols.forEach((c, j) => {
    const x = left + j * cell.w + cell.w / 2;
    parts.push(`<text x="${x}" y="${top - 8}" transform="rotate(-30 ${x} ${top - 8})" text-anchor="start">${escapeXml(c)}</text>`);
  });
  spec.rows.forEach((r, i) => {
    const y = top + i * cell.h;
    parts.push(`<text x="${left - 8}" y="${y + cell.h / 2 + 4}" text-anchor="end">${escapeXml(r)}</text>`);
    spec.cols.forEach((c, j) => {
      const v = spec.value(r, c);
      const x = left + j * cell.w;
      parts.push(
        `<rect x="${x}" y="${y}" width="${cell.w - 2}" height="${cell.h - 2}" fill="${spec.color(v)}"><title>${escapeXml(`${r} / ${c}: ${spec.label(v)}`)}</title></rect>`,
      );
      parts.push(`<text x="${x + cell.w / 2 - 1}" y="${y + cell.h / 2 + 4}" text-anchor="middle" font-weight="600">${escapeXml(spec.label(v))}</text>`);
    });
  });
  parts.push("</svg>");
  return parts.join("");
}

export interface BarSeries {
  name: string;
  values: readonly number[];
  color: string;
}

export interface BarSpec {
  categories: readonly string[];
  series: readonly BarSeries[];
  max: number;
  label: (v: number) => string;
  title: string;
  yLabel: string;
}

/** Vertical bars, one group per category, one bar per series. */
export function bars(spec: BarSpec): string {
  const plot = { left: 56, top: 24, height: 220 };
  const barWidth = spec.series.length > 1 ? 18 : 44;
  const groupWidth = spec.series.length * barWidth + 26;
  const width = plot.left + spec.categories.length * groupWidth + 20 + (spec.series.length > 1 ? 150 : 0);
  const height = plot.top + plot.height + 30;
  const y = (v: number): number => plot.top + plot.height - (Math.max(0, Math.min(spec.max, v)) / spec.max) * plot.height;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="11"><title>${escapeXml(spec.title)}</title>`,
  ];
  for (let k = 0; k <= 4; k++) {
    const v = (spec.max * k) / 4;
    parts.push(`<line x1="${plot.left}" x2="${width - (spec.series.length > 1 ? 150 : 20)}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${plot.left - 6}" y="${y(v) + 4}" text-anchor="end">${escapeXml(spec.label(v))}</text>`);
  }
  parts.push(
    `<text x="14" y="${plot.top + plot.height / 2}" transform="rotate(-90 14 ${plot.top + plot.height / 2})" text-anchor="middle">${escapeXml(spec.yLabel)}</text>`,
  );
  spec.categories.forEach((cat, i) => {
    const gx = plot.left + 14 + i * groupWidth;
    spec.series.forEach((s, k) => {
      const v = s.values[i] ?? Number.NaN;
      if (Number.isNaN(v)) return;
      const x = gx + k * barWidth;
      parts.push(
        `<rect x="${x}" y="${y(v)}" width="${barWidth - 3}" height="${plot.top + plot.height - y(v)}" fill="${s.color}"><title>${escapeXml(`${s.name} / ${cat}: ${spec.label(v)}`)}</title></rect>`,
      );
      if (spec.series.length === 1) parts.push(`<text x="${x + barWidth / 2 - 1}" y="${y(v) - 4}" text-anchor="middle">${escapeXml(spec.label(v))}</text>`);
    });
    parts.push(`<text x="${gx + (spec.series.length * barWidth) / 2}" y="${plot.top + plot.height + 16}" text-anchor="middle">${escapeXml(cat)}</text>`);
  });
  if (spec.series.length > 1) legend(parts, spec.series, width - 140, plot.top);
  parts.push("</svg>");
  return parts.join("");
}

function legend(parts: string[], series: ReadonlyArray<{ name: string; color: string }>, x: number, y: number): void {
  series.forEach((s, k) => {
    parts.push(`<rect x="${x}" y="${y + k * 18}" width="12" height="12" fill="${s.color}"/>`);
    parts.push(`<text x="${x + 18}" y="${y + k * 18 + 10}">${escapeXml(s.name)}</text>`);
  });
}

export interface LineSpec {
  series: ReadonlyArray<{ name: string; color: string; points: ReadonlyArray<readonly [number, number]> }>;
  xLabel: string;
  yLabel: string;
  yMax: number;
  label: (v: number) => string;
  title: string;
}

export function lines(spec: LineSpec): string {
  const plot = { left: 56, top: 20, width: 420, height: 220 };
  const xs = spec.series.flatMap((s) => s.points.map(([x]) => x));
  const xMin = Math.min(...xs, 0);
  const xMax = Math.max(...xs, 1);
  const width = plot.left + plot.width + 170;
  const height = plot.top + plot.height + 50;
  const px = (x: number): number => plot.left + ((x - xMin) / (xMax - xMin || 1)) * plot.width;
  const py = (v: number): number => plot.top + plot.height - (Math.max(0, Math.min(spec.yMax, v)) / spec.yMax) * plot.height;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="11"><title>${escapeXml(spec.title)}</title>`,
  ];
  for (let k = 0; k <= 4; k++) {
    const v = (spec.yMax * k) / 4;
    parts.push(
      `<line x1="${plot.left}" x2="${plot.left + plot.width}" y1="${py(v)}" y2="${py(v)}" stroke="#e5e7eb"/><text x="${plot.left - 6}" y="${py(v) + 4}" text-anchor="end">${escapeXml(spec.label(v))}</text>`,
    );
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) parts.push(`<text x="${px(x)}" y="${plot.top + plot.height + 16}" text-anchor="middle">${x}</text>`);
  parts.push(`<text x="${plot.left + plot.width / 2}" y="${height - 6}" text-anchor="middle">${escapeXml(spec.xLabel)}</text>`);
  parts.push(
    `<text x="14" y="${plot.top + plot.height / 2}" transform="rotate(-90 14 ${plot.top + plot.height / 2})" text-anchor="middle">${escapeXml(spec.yLabel)}</text>`,
  );
  for (const s of spec.series) {
    const d = s.points.map(([x, v], i) => `${i ? "L" : "M"}${px(x).toFixed(1)},${py(v).toFixed(1)}`).join(" ");
    parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    for (const [x, v] of s.points)
      parts.push(
        `<circle cx="${px(x).toFixed(1)}" cy="${py(v).toFixed(1)}" r="3" fill="${s.color}"><title>${escapeXml(`${s.name}: ${x} -> ${spec.label(v)}`)}</title></circle>`,
      );
  }
  legend(parts, spec.series, plot.left + plot.width + 20, plot.top);
  parts.push("</svg>");
  return parts.join("");
}

/** A fixed palette for models/frontends, cycling. */
export const PALETTE = ["#2563eb", "#16a34a", "#dc2626", "#ca8a04", "#7c3aed", "#0891b2", "#db2777", "#4b5563"];
