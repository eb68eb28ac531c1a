/**
 * Test doubles for the MCP request deadline: handlers that take longer
 * than any deadline a test sets, so that production code never has to sleep to be tested.
 */

/** A tool handler that answers only after `ms` milliseconds (or never, with Infinity). */
export function slowToolHandlerTestDouble(
  ms: number,
): () => Promise<{ content: { type: "text"; text: string }[]; structuredContent: Record<string, unknown> }> {
  return () =>
    new Promise((resolve) => {
      if (!Number.isFinite(ms)) return;
      const timer = setTimeout(() => resolve({ content: [{ type: "text", text: "late" }], structuredContent: { late: true } }), ms);
      timer.unref();
    });
}

/**
 * A stand-in for the `@silp/tokens` module whose tokenizers never finish loading: count_tokens
 * on a server given this module can only end by the server's deadline.
 */
export function neverLoadingTokensTestDouble(): Record<string, unknown> {
  return {
    TOKENIZER_NAMES: ["gpt-4o"],
    DEFAULT_MAX_COUNT_LENGTH: 1024,
    parseTokenizerList: (list: string) => list.split(","),
    loadTokenizers: () => new Promise(() => {}),
    countTokens: () => 0,
  };
}
