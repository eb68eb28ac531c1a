/**
 * What the page shows for one editor text, computed without the DOM (so Node tests run it too):
 * the IR it stands for, every frontend's output, the envelope, and the diagnostics placed at
 * their offsets in the editor text.
 *
 * Input modes: "ir" (the IR as JSON), or a payload in a decoding frontend ("code", "json").
 */
import { findNodeAtLocation, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { compile, decode, isSilpError, listFrontends, normalize, type SilpEnvelope, type SilpIR, toEnvelope, type ValidationIssue, validate } from "silp";

export type InputMode = "ir" | "code" | "json";
export const INPUT_MODES: readonly InputMode[] = ["ir", "code", "json"];

export type DiagnosticSource = "json" | "silp" | "validation" | "sanitizer" | "repair";

/** One finding, at a range of the editor text (from === to: a point). */
export interface Finding {
  from: number;
  to: number;
  severity: "error" | "warning" | "info";
  source: DiagnosticSource;
  /** The SILP error code, the validation rule id, the sanitizer hit kind or the repair kind. */
  code: string;
  message: string;
}

export interface FrontendOutput {
  frontend: string;
  lossless: boolean;
  text?: string;
  error?: string;
}

export interface Analysis {
  /** The IR in normal form, when the input stands for a valid one. */
  ir?: SilpIR;
  findings: Finding[];
  outputs: FrontendOutput[];
  envelope?: SilpEnvelope;
}

/** The frontends shown side by side: every synchronous one the codec registers. */
export const shownFrontends = () => listFrontends().filter((f) => !f.async);

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** JSON Pointer "/constraints/0/type" -> ["constraints", 0, "type"] (RFC 6901 unescaping). */
function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((raw) => raw.replaceAll("~1", "/").replaceAll("~0", "~"))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
}

/** The IR as JSON: syntax errors from jsonc-parser (positions included), validation issues at their pointer. */
function readIrText(text: string, findings: Finding[]): SilpIR | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || root === undefined) {
    for (const error of errors.slice(0, 20)) {
      findings.push({
        from: error.offset,
        to: error.offset + error.length,
        severity: "error",
        source: "json",
        code: printParseErrorCode(error.error),
        message: `JSON: ${printParseErrorCode(error.error)}`,
      });
    }
    return undefined;
  }
  // JSON.parse, not jsonc-parser's value: the codec sees exactly what an application would pass.
  const value: unknown = JSON.parse(text);
  const result = validate(value);
  for (const issue of result.issues) {
    // A missing property's pointer names no node; its parent (or the root) is the place to mark.
    let segments = pointerSegments(issue.path);
    let node = findNodeAtLocation(root, segments);
    while (node === undefined && segments.length > 0) {
      segments = segments.slice(0, -1);
      node = findNodeAtLocation(root, segments);
    }
    const at = node ?? root;
    // A property's value node: mark its key too, so the marker sits where the reader looks.
    const from = at.parent?.type === "property" ? at.parent.offset : at.offset;
    findings.push({
      from,
      to: at.offset + at.length,
      severity: issue.severity,
      source: "validation",
      code: issue.rule,
      message: `${issue.rule} at ${issue.path || "/"}: ${issue.message}${issue.hint ? ` (${issue.hint})` : ""}`,
    });
  }
  if (!result.ok) return undefined;
  return normalize(value as SilpIR);
}

/** A payload: the codec's error at its offset; sanitizer hits and repairs where they are. */
function readPayload(text: string, frontend: "code" | "json", findings: Finding[]): SilpIR | undefined {
  try {
    const result = decode(text, frontend);
    for (const hit of result.sanitizer.hits) {
      const length = hit.text?.length ?? String.fromCodePoint(hit.codePoint).length;
      const codePoint = `U+${hit.codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
      const what =
        hit.text !== undefined
          ? `"${hit.text}" ${hit.kind === "homoglyph" ? "is written with look-alike characters" : "mixes scripts"} (${codePoint})${hit.replacement ? `, reads as "${hit.replacement}"` : ""}`
          : `invisible ${codePoint}`;
      findings.push({
        from: hit.offset,
        to: hit.offset + length,
        severity: "warning",
        source: "sanitizer",
        code: hit.kind,
        message: `sanitizer ${hit.kind}: ${what}; ${hit.action}`,
      });
    }
    for (const repair of result.repairs) {
      findings.push({
        from: repair.offset,
        to: repair.offset + 1,
        severity: "info",
        source: "repair",
        code: repair.kind,
        message: `repair ${repair.kind}: ${repair.message}`,
      });
    }
    for (const warning of result.warnings) {
      findings.push({ from: 0, to: 0, severity: "warning", source: "validation", code: warning.rule, message: `${warning.rule}: ${warning.message}` });
    }
    return result.ir;
  } catch (error) {
    if (!isSilpError(error)) throw error;
    const from = Math.min(error.offset ?? 0, text.length);
    const issues = isSilpError(error, "invalid_ir") ? (error.details?.issues as ValidationIssue[]) : [];
    if (issues.length > 0) {
      for (const issue of issues) {
        findings.push({
          from: 0,
          to: 0,
          severity: "error",
          source: "validation",
          code: issue.rule,
          message: `${issue.rule} at ${issue.path || "/"}: ${issue.message}`,
        });
      }
    } else {
      const expected = error.expected?.length ? ` (expected ${error.expected.map((token) => JSON.stringify(token)).join(" or ")})` : "";
      findings.push({ from, to: from, severity: "error", source: "silp", code: error.code, message: `${error.message}${expected}` });
    }
    return undefined;
  }
}

export function analyze(text: string, mode: InputMode, envelopeFrontend = "code"): Analysis {
  const findings: Finding[] = [];
  const ir = mode === "ir" ? readIrText(text, findings) : readPayload(text, mode, findings);
  const outputs = shownFrontends().map(({ name, lossless }): FrontendOutput => {
    if (ir === undefined) return { frontend: name, lossless };
    try {
      return { frontend: name, lossless, text: compile(ir, name) };
    } catch (error) {
      return { frontend: name, lossless, error: message(error) };
    }
  });
  let envelope: SilpEnvelope | undefined;
  if (ir !== undefined) {
    try {
      envelope = toEnvelope(ir, envelopeFrontend);
    } catch {
      envelope = undefined;
    }
  }
  findings.sort((a, b) => a.from - b.from);
  return ir === undefined ? { findings, outputs } : { ir, findings, outputs, ...(envelope ? { envelope } : {}) };
}
