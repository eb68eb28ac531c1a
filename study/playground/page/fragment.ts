/**
 * The whole page state in the URL fragment, so a link shares it: JSON, UTF-8, base64url.
 * The fragment never reaches a server. A fragment that does not read as a state is ignored
 * (the page starts from its example), never trusted as-is: every field is checked.
 */
import { INPUT_MODES, type InputMode } from "./analyze.js";

export interface PageState {
  mode: InputMode;
  text: string;
  sender: string;
  receiver: string;
  envelopeFrontend: string;
}

/** A link is for sharing a payload, not a corpus: longer fragments are ignored. */
export const MAX_FRAGMENT = 64 * 1024;

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};

const fromBase64Url = (text: string): Uint8Array => {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

export function encodeState(state: PageState): string {
  return `#s=${toBase64Url(new TextEncoder().encode(JSON.stringify(state)))}`;
}

export function decodeState(hash: string): PageState | undefined {
  if (!hash.startsWith("#s=") || hash.length > MAX_FRAGMENT) return undefined;
  try {
    const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64Url(hash.slice(3))));
    if (typeof value !== "object" || value === null) return undefined;
    const { mode, text, sender, receiver, envelopeFrontend } = value as Record<string, unknown>;
    const strings = [text, sender, receiver, envelopeFrontend].every((field) => typeof field === "string");
    if (!strings || !INPUT_MODES.includes(mode as InputMode)) return undefined;
    return {
      mode: mode as InputMode,
      text: text as string,
      sender: sender as string,
      receiver: receiver as string,
      envelopeFrontend: envelopeFrontend as string,
    };
  } catch {
    return undefined;
  }
}
