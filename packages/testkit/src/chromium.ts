/**
 * Headless Chromium for render checks. Tests that need it skip, with the install line, when it
 * is absent (Debian: `apt-get update && apt-get install -y chromium`).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { inflateSync } from "node:zlib";
import { skipUnlessRequired } from "./require-all.js";

const run = promisify(execFile);

export const CHROMIUM_MISSING = "headless Chromium not found (set CHROMIUM_BIN, or install it: apt-get update && apt-get install -y chromium)";

/** `false` when Chromium is there, else the skip line (a failure under SILP_REQUIRE_ALL=1). */
export function chromiumSkip(binary: string | undefined): string | false {
  return binary === undefined ? skipUnlessRequired(CHROMIUM_MISSING) : false;
}

export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_BIN, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((path): path is string => typeof path === "string" && path !== "" && existsSync(path));
}

/** Renders a local HTML file to a PNG of the given viewport. */
export async function screenshot(binary: string, htmlPath: string, pngPath: string, width: number, height: number): Promise<void> {
  await run(
    binary,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-dev-shm-usage",
      "--disable-extensions",
      "--no-first-run",
      "--hide-scrollbars",
      `--window-size=${width},${height}`,
      `--screenshot=${pngPath}`,
      `file://${htmlPath}`,
    ],
    { timeout: 120_000 },
  );
}

export interface PngSummary {
  width: number;
  height: number;
  /** Share of decompressed scanline bytes that are neither 0 nor 255 (0 for a blank page). */
  inkRatio: number;
}

/** Reads a PNG's size and a crude measure of how much is drawn, without an image library. */
export function summarizePng(png: Buffer): PngSummary {
  const signature = "89504e470d0a1a0a";
  if (png.subarray(0, 8).toString("hex") !== signature) throw new Error("not a PNG");
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    if (type === "IDAT") idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += length + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  let ink = 0;
  for (const byte of raw) if (byte !== 0 && byte !== 255) ink++;
  return { width, height, inkRatio: ink / raw.length };
}
