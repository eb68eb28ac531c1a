/** `silp/tokens` as an optional part of the integrations: loaded on demand, absent without error. */

export type TokensModule = typeof import("@silp/tokens");

/** Imports silp/tokens if it loads here; undefined when it (or a package it needs) is missing. */
export async function loadTokensModule(): Promise<TokensModule | undefined> {
  try {
    return await import("@silp/tokens");
  } catch {
    return undefined;
  }
}
