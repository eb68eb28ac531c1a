/**
 * The playground page: an editor (IR JSON or a payload), every frontend side by side with token
 * counts, errors where they are, negotiation, the envelope and the decoded IR; the state lives in
 * the URL fragment. Everything runs in the page: nothing is sent anywhere (the only requests are
 * for the page's own files and the tokenizer data next to it, loaded by a Web Worker).
 */
import { json } from "@codemirror/lang-json";
import { type Diagnostic, lintGutter, setDiagnostics } from "@codemirror/lint";
import { Compartment, type EditorState, RangeSetBuilder, StateEffect, StateField } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, highlightSpecialChars } from "@codemirror/view";
import { editorSetup } from "./editor-setup.js";
import { APPENDIX_EXAMPLES } from "silp/examples";
import { type Analysis, analyze, type Finding, type InputMode } from "./analyze.js";
import { decodeState, encodeState, type PageState } from "./fragment.js";
import { negotiate } from "./negotiation.js";
import { silpCode } from "./silp-language.js";
import { type Counts, TokenizerClient, type TokenizerState } from "./tokenizer-client.js";
import { DEFAULT_TOKENIZERS, PAGE_TOKENIZER_NAMES, type PageTokenizer } from "./tokenizers/catalog.js";

// The bundle's modules have run by now: what follows is the page's own first render.
performance.mark("silp-page-start");

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
};

const EXAMPLE_IR = {
  intent: "!START",
  entities: [{ id: "act", value: "hike" }],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
};

const initial: PageState = decodeState(location.hash) ?? {
  mode: "ir",
  text: JSON.stringify(APPENDIX_EXAMPLES[0]?.ir ?? EXAMPLE_IR, null, 2),
  sender: "code, json, natural",
  receiver: "json, natural",
  envelopeFrontend: "code",
};
const state: PageState = { ...initial };

// Sanitizer hits and repairs get their own marks (besides the lint underline) so they stand out.
const setMarks = StateEffect.define<Finding[]>();
const markField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setMarks)) continue;
      const builder = new RangeSetBuilder<Decoration>();
      const length = transaction.state.doc.length;
      for (const finding of effect.value) {
        if (finding.source !== "sanitizer" && finding.source !== "repair") continue;
        const from = Math.min(finding.from, length);
        const to = Math.min(Math.max(finding.to, from + 1), length);
        if (to > from)
          builder.add(from, to, Decoration.mark({ class: `cm-silp-${finding.source} cm-silp-${finding.code}`, attributes: { title: finding.message } }));
      }
      next = builder.finish();
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Invisible characters drawn as their code point, e.g. ⟨U+200B⟩ (CodeMirror's default draws a dot for some, nothing for joiners). */
const invisibles = highlightSpecialChars({
  addSpecialChars: /[\u200b-\u200f\u2060-\u2064\u180e\ufeff\u00ad\u061c\u115f\u1160\u3164\uffa0]|\u034f/,
  render: (code) => {
    const span = document.createElement("span");
    span.className = "cm-silp-invisible";
    span.textContent = `⟨U+${code.toString(16).toUpperCase().padStart(4, "0")}⟩`;
    span.title = "invisible character";
    return span;
  },
});

const language = new Compartment();
const languageFor = (mode: InputMode) => (mode === "code" ? silpCode : json());

let timer: ReturnType<typeof setTimeout> | undefined;
const view = new EditorView({
  doc: state.text,
  parent: $("editor"),
  extensions: [
    editorSetup,
    invisibles,
    lintGutter(),
    markField,
    language.of(languageFor(state.mode)),
    EditorView.lineWrapping,
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      clearTimeout(timer);
      timer = setTimeout(refresh, 120);
    }),
  ],
});

const modeSelect = $<HTMLSelectElement>("mode");
const senderInput = $<HTMLInputElement>("sender");
const receiverInput = $<HTMLInputElement>("receiver");
const envelopeSelect = $<HTMLSelectElement>("envelope-frontend");
modeSelect.value = state.mode;
senderInput.value = state.sender;
receiverInput.value = state.receiver;
envelopeSelect.value = state.envelopeFrontend;

let last: Analysis | undefined;
/** The counts shown, for the analysis they were counted for. */
let shownCounts: { analysis: Analysis; counts: Counts } | undefined;

const lineColumn = (doc: EditorState["doc"], offset: number): string => {
  const line = doc.lineAt(Math.min(offset, doc.length));
  return `${line.number}:${offset - line.from + 1}`;
};

function showFindings(analysis: Analysis): void {
  const doc = view.state.doc;
  const diagnostics: Diagnostic[] = analysis.findings.map((finding) => ({
    from: Math.min(finding.from, doc.length),
    to: Math.min(finding.to, doc.length),
    severity: finding.severity,
    source: finding.code,
    message: finding.message,
  }));
  view.dispatch(setDiagnostics(view.state, diagnostics), { effects: setMarks.of(analysis.findings) });
  const list = $("findings");
  list.replaceChildren(
    ...analysis.findings.map((finding) => {
      const item = document.createElement("li");
      item.className = `finding ${finding.severity} ${finding.source}`;
      item.dataset.code = finding.code;
      item.dataset.from = String(finding.from);
      item.textContent = `${lineColumn(doc, finding.from)}  [${finding.code}]  ${finding.message}`;
      item.addEventListener("click", () => {
        view.dispatch({ selection: { anchor: Math.min(finding.from, view.state.doc.length) }, scrollIntoView: true });
        view.focus();
      });
      return item;
    }),
  );
  $("status").textContent =
    analysis.ir === undefined
      ? `✗ ${analysis.findings.filter((f) => f.severity === "error").length} error(s)`
      : `✓ valid IR (${analysis.findings.length} note(s))`;
  $("status").className = analysis.ir === undefined ? "bad" : "good";
}

function showOutputs(analysis: Analysis): void {
  $("outputs").replaceChildren(
    ...analysis.outputs.map((output) => {
      const card = document.createElement("section");
      card.className = "card";
      card.dataset.frontend = output.frontend;
      const title = document.createElement("h3");
      title.textContent = `${output.frontend}${output.lossless ? "" : " (lossy)"}`;
      const body = document.createElement("pre");
      body.className = "output";
      body.textContent = output.text ?? output.error ?? "—";
      const tokens = document.createElement("p");
      tokens.className = "tokens";
      card.append(title, body, tokens);
      return card;
    }),
  );
  $("envelope").textContent = analysis.envelope ? JSON.stringify(analysis.envelope, null, 2) : "—";
  $("decoded").textContent = analysis.ir ? JSON.stringify(analysis.ir, null, 2) : "—";
  showCounts();
  requestCounts();
}

/**
 * Each card's counts on every tokenizer asked for: its number once counted, "…" while it loads
 * or is being counted. body[data-tokens] says the default two are counted for the text shown,
 * body[data-all-tokens] all six.
 */
function showCounts(): void {
  if (!last) return;
  const counts = shownCounts?.analysis === last ? shownCounts.counts : {};
  const wanted = PAGE_TOKENIZER_NAMES.filter((name) => tokenizers && tokenizers.state(name).state !== "idle");
  for (const [index, output] of last.outputs.entries()) {
    const line = document.querySelector<HTMLElement>(`.card[data-frontend="${output.frontend}"] .tokens`);
    line?.replaceChildren(
      ...wanted.map((name) => {
        const span = document.createElement("span");
        span.dataset.tokenizer = name;
        const count = counts[name]?.[index];
        const failed = tokenizers?.state(name).state === "failed";
        span.textContent = `${name}: ${output.text === undefined ? "—" : count != null ? count : failed ? "unavailable" : "…"}`;
        return span;
      }),
    );
  }
  const counted = (names: readonly PageTokenizer[]) => names.every((name) => counts[name] !== undefined);
  toggleData("tokens", counted(DEFAULT_TOKENIZERS));
  toggleData("allTokens", counted(PAGE_TOKENIZER_NAMES));
}

function toggleData(key: "tokens" | "allTokens", on: boolean): void {
  if (on) document.body.dataset[key] = "ready";
  else delete document.body.dataset[key];
}

/** Asks the worker for the current outputs' counts; an answer for an older text is dropped. */
function requestCounts(): void {
  const analysis = last;
  if (!analysis || !tokenizers) return;
  void tokenizers.count(analysis.outputs.map((output) => output.text ?? null)).then((counts) => {
    if (analysis !== last) return;
    shownCounts = { analysis, counts };
    showCounts();
  });
}

function showNegotiation(): void {
  const result = negotiate(state.sender, state.receiver);
  const lines = [
    result.ping && `A → B  ${result.ping}`,
    result.pong && `B → A  ${result.pong}`,
    result.frontend && `agreed: ${result.frontend}  (mutual: ${result.mutual?.join(", ")})`,
    result.chain && `degradation chain: ${result.chain.join(" → ")}`,
    ...(result.skipped ?? []).map((line) => `skipped: ${line}`),
    result.error && `✗ ${result.error}`,
  ];
  $("negotiation").textContent = lines.filter((line) => line).join("\n");
}

function saveState(): void {
  history.replaceState(null, "", encodeState(state));
}

function refresh(): void {
  state.text = view.state.doc.toString();
  last = analyze(state.text, state.mode, state.envelopeFrontend);
  toggleData("tokens", false);
  toggleData("allTokens", false);
  showFindings(last);
  showOutputs(last);
  saveState();
}

modeSelect.addEventListener("change", () => {
  state.mode = modeSelect.value as InputMode;
  // Switching modes carries the IR over: the payload in the new mode when there is a valid IR.
  if (last?.ir) {
    const text = state.mode === "ir" ? JSON.stringify(last.ir, null, 2) : (last.outputs.find((o) => o.frontend === state.mode)?.text ?? state.text);
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  }
  view.dispatch({ effects: language.reconfigure(languageFor(state.mode)) });
  refresh();
});
const exampleSelect = $<HTMLSelectElement>("example");
for (const example of APPENDIX_EXAMPLES) exampleSelect.add(new Option(`${example.id} ${example.title}`, example.id));
exampleSelect.addEventListener("change", () => {
  const example = APPENDIX_EXAMPLES.find((e) => e.id === exampleSelect.value);
  if (!example) return;
  state.mode = "ir";
  modeSelect.value = "ir";
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: JSON.stringify(example.ir, null, 2) },
    effects: language.reconfigure(languageFor("ir")),
  });
  refresh();
});
for (const input of [senderInput, receiverInput]) {
  input.addEventListener("input", () => {
    state.sender = senderInput.value;
    state.receiver = receiverInput.value;
    showNegotiation();
    saveState();
  });
}
envelopeSelect.addEventListener("change", () => {
  state.envelopeFrontend = envelopeSelect.value;
  refresh();
});

for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
  button.addEventListener("click", async () => {
    const source = button.dataset.copy === "link" ? location.href : ($(button.dataset.copy ?? "").textContent ?? "");
    try {
      await navigator.clipboard.writeText(source);
      button.textContent = "copied";
    } catch {
      button.textContent = "copy failed";
    }
    setTimeout(() => {
      button.textContent = button.dataset.label ?? "copy";
    }, 1500);
  });
}

// The tokenizers live in a Web Worker (tokenizer-worker.ts), started after the first render.
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const describe = (state: TokenizerState): string => {
  switch (state.state) {
    case "idle":
      return "";
    case "loading":
      // All bytes in: the worker is parsing the data and building the encoder.
      if (state.total && state.received >= state.total) return `${kb(state.total)}, building…`;
      return state.total ? `${kb(state.received)} of ${kb(state.total)}` : kb(state.received);
    case "ready":
      return `ready (${state.ms} ms)`;
    case "failed":
      return `unavailable: ${state.message}`;
  }
};
const tokenizerRow = $("tokenizers");
const tokenizerItems = new Map(
  PAGE_TOKENIZER_NAMES.map((name) => {
    const item = document.createElement("span");
    item.className = "tokenizer";
    item.dataset.name = name;
    item.dataset.state = "idle";
    const button = document.createElement("button");
    button.textContent = name;
    button.title = `load the ${name} tokenizer`;
    button.addEventListener("click", () => tokenizers?.load(name));
    const status = document.createElement("small");
    item.append(button, status);
    return [name, { item, status }] as const;
  }),
);
tokenizerRow.append(...[...tokenizerItems.values()].map(({ item }) => item));
let tokenizers: TokenizerClient | undefined;
$("load-all").addEventListener("click", () => {
  for (const name of PAGE_TOKENIZER_NAMES) tokenizers?.load(name);
});

refresh();
showNegotiation();
performance.mark("silp-first-render");
document.body.dataset.ready = "true";

// After the first render: the worker, then gpt-4o's and gpt-3.5's vocabularies (0.4-1 MB each); the other
// four on request.
tokenizers = new TokenizerClient(new URL("tokenizer-worker.js", import.meta.url), (name, tokenizerState) => {
  const entry = tokenizerItems.get(name);
  if (!entry) return;
  const changed = entry.item.dataset.state !== tokenizerState.state;
  entry.item.dataset.state = tokenizerState.state;
  entry.status.textContent = describe(tokenizerState);
  if (!changed) return;
  showCounts();
  if (tokenizerState.state === "ready") requestCounts();
});
for (const name of DEFAULT_TOKENIZERS) tokenizers.load(name);

/** For the browser test: the editor, to map a marker's screen position back to a document offset. */
(globalThis as { silpPlayground?: { view: EditorView } }).silpPlayground = { view };
