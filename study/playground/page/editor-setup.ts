/**
 * The editor's extensions: CodeMirror's minimal setup plus what a reader of short payloads uses
 * (line numbers, the active line, bracket matching, drop cursor, indentation). Not basicSetup:
 * its autocompletion, search panel, folding and rectangular selection add about 60 KB of minified code
 * and a dozen style modules the page parses and mounts before its first render, for features
 * a payload of a few lines does not need (the browser's own find still works).
 */
import { bracketMatching, indentOnInput } from "@codemirror/language";
import { EditorState, type Extension } from "@codemirror/state";
import { dropCursor, highlightActiveLine, highlightActiveLineGutter, lineNumbers } from "@codemirror/view";
import { minimalSetup } from "codemirror";

export const editorSetup: Extension = [
  minimalSetup,
  lineNumbers(),
  highlightActiveLineGutter(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  bracketMatching(),
  highlightActiveLine(),
];
