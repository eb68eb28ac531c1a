/**
 * The page build's one change to the codec: packages/silp/src/ir/schema-validator.ts, which
 * compiles the IR schema with Ajv at run time (`new Function`), is replaced in the bundle by
 * Ajv's standalone code for the same schema, generated here at build time. The page then runs no
 * code generated at run time (its policy has no 'unsafe-eval') and skips the compile on its first
 * validation. The codec's sources are not changed and Node uses them as they are; see
 * docs/playground.md ("The IR schema, compiled at build time").
 */
import { readFile } from "node:fs/promises";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import type { Plugin } from "esbuild";

/** The module the plugin replaces, matched by its path inside the repository. */
export const SCHEMA_VALIDATOR_MODULE = /[\\/]packages[\\/]silp[\\/]src[\\/]ir[\\/]schema-validator\.ts$/;

// ajv/dist/standalone is CommonJS with `exports.default`; Node's ESM loader and tsx disagree on
// whether the default import is the function or the module object, so both are accepted.
type StandaloneCode = (ajv: Ajv2020, validate: ReturnType<Ajv2020["compile"]>) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as StandaloneCode;

/**
 * An ES module exporting `compileSchemaValidator` like schema-validator.ts, returning the
 * validator compiled ahead of time from `schema` with the codec's options.
 */
export function standaloneSchemaValidatorModule(schema: Record<string, unknown>): string {
  const ajv = new Ajv2020({ allErrors: true, strict: true, useDefaults: false, code: { source: true, esm: true } });
  const code = standaloneCode(ajv, ajv.compile(schema));
  // The standalone code exports `validate`; the codec calls compileSchemaValidator(schema).
  return `${code}\nexport function compileSchemaValidator() { return validate; }\n`;
}

/** Swaps the codec's run-time schema compile for the standalone validator of `schemaPath`. */
export function schemaValidatorPlugin(schemaPath: string): Plugin {
  return {
    name: "silp-standalone-schema-validator",
    setup(build) {
      let replaced = false;
      build.onLoad({ filter: SCHEMA_VALIDATOR_MODULE }, async (args) => {
        replaced = true;
        const schema = JSON.parse(await readFile(schemaPath, "utf8")) as Record<string, unknown>;
        return { contents: standaloneSchemaValidatorModule(schema), loader: "js", resolveDir: args.path.replace(/[\\/][^\\/]*$/, "") };
      });
      // A renamed module would silently bring the run-time compile back: fail instead.
      build.onEnd((result) => {
        if (result.errors.length === 0 && !replaced) throw new Error("the page build did not find packages/silp/src/ir/schema-validator.ts to replace");
      });
    },
  };
}
