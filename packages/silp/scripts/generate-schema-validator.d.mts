/** Types of generate-schema-validator.mjs, for the test that checks the committed file is fresh. */
export declare const SCHEMA_PATH: string;
export declare const GENERATED_PATH: string;
export declare function schemaValidatorSource(schema: Record<string, unknown>): string;
export declare const TRAILER_SCHEMA_ID: string;
export declare function trailerSchema(schema: Record<string, unknown>): Record<string, unknown>;
