/**
 * `@silp/playground`: where the built playground is, and the Content-Security-Policy to serve it
 * with. The page itself is built from page/ by scripts/build-site.ts into dist/site (index.html,
 * the bundle, the tokenizer ranks); `silpc playground` serves that folder or copies it elsewhere.
 */

/** The built static folder (dist/site of this package), as a file: URL ending in "/". */
export const siteDirectory: URL = new URL("../dist/site/", import.meta.url);

/**
 * The policy the page needs and no more. `connect-src` falls back to 'self': the page can fetch
 * only its own files (the ranks), so nothing typed into it can be sent anywhere. 'unsafe-eval'
 * because the codec validates with Ajv, which compiles its JSON Schema into a function at run
 * time; 'unsafe-inline' for styles because CodeMirror injects its styles as <style> elements.
 */
export const SITE_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
