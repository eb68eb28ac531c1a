/**
 * `@silp/playground`: where the built playground is. The page itself is built from page/ by
 * scripts/build-site.ts into dist/site (index.html, the bundle, the tokenizer ranks); `silpc
 * playground` serves that folder or copies it elsewhere.
 */

/** The built static folder (dist/site of this package), as a file: URL ending in "/". */
export const siteDirectory: URL = new URL("../dist/site/", import.meta.url);
