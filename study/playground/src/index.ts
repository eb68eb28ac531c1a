/**
 * `@silp/playground`: where the built playground is, and the Content-Security-Policy to serve it
 * with. The page itself is built from page/ by scripts/build-site.ts into dist/site (index.html,
 * the bundle, its tokenizer worker, the tokenizer data); `silpc playground` serves that folder or copies it elsewhere.
 */

/** The built static folder (dist/site of this package), as a file: URL ending in "/". */
export const siteDirectory: URL = new URL("../dist/site/", import.meta.url);

/**
 * The policy the page needs and no more. `connect-src` falls back to 'self': the page and its
 * tokenizer worker (`worker-src` falls back to 'self' too) can fetch only their own files (the
 * tokenizer data), so nothing typed into it can be sent anywhere. No 'unsafe-eval': the page
 * build compiles the IR schema ahead of time (Ajv's standalone code), so no code is generated at
 * run time. 'unsafe-inline' for styles only, because CodeMirror injects its styles as <style>
 * elements.
 */
export const SITE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
