/**
 * The special functions behind the study's p-values and intervals, from cephes: the WebAssembly
 * build of the Cephes C library, the code scipy.special itself is built on (erfc, ndtri, stdtr,
 * lgam), in one dependency-free package. It replaced seven @stdlib micro-packages that pulled
 * 296 packages and 12.5 MB into an install (docs/bench.md, Statistics library).
 *
 * Loaded through `require` on first use: cephes' CommonJS build compiles its WebAssembly
 * synchronously in Node (about 20 ms), while its ESM build compiles asynchronously and would
 * need a top-level await, which `require("@silp/bench")` cannot load.
 */
import { createRequire } from "node:module";

/** The cephes functions used here, as its index.d.ts declares them. */
interface Cephes {
  erfc(x: number): number;
  ndtri(p: number): number;
  stdtr(df: number, t: number): number;
  lgam(x: number): number;
  bdtr(k: number, n: number, p: number): number;
}

let loaded: Cephes | undefined;

function cephes(): Cephes {
  loaded ??= createRequire(import.meta.url)("cephes") as Cephes;
  return loaded;
}

/** Complementary error function, with full relative precision in the far tail (erfc(10) ~ 2e-45). */
export const erfc = (x: number): number => cephes().erfc(x);

/** Standard normal quantile (inverse CDF). */
export const normalQuantile = (p: number): number => cephes().ndtri(p);

/** Student's t CDF with `df` (integer) degrees of freedom. */
export const studentTCdf = (t: number, df: number): number => cephes().stdtr(df, t);

/** ln |Γ(x)|. */
export const logGamma = (x: number): number => cephes().lgam(x);

/** Binomial CDF P(X <= k), X ~ Binomial(n, p). */
export const binomialCdf = (k: number, n: number, p: number): number => cephes().bdtr(k, n, p);
